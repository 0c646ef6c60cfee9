import type { DocumentInfo, DocumentKind } from '@hk/domain';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { deleteDocument } from '../api/delete-document';
import { useDocumentImage } from '../api/get-document-image';
import { uploadDocument } from '../api/upload-document';
import { compressImage } from '../lib/compress-image';
import { type UploadFocus, uploadControl } from '../lib/use-document-rebuild';
import { PhotoTile } from './photo-tile';
import { ReturnedTileText, useReturnedDocument } from './returned-notice';

/**
 * The tile that adds a step's photo through the ID step's upload pipeline (compressed in the
 * browser, uploaded with progress). An upload is a change of the step on the server:
 * `beforeChange` saves what was typed first, `onChanged` loads the step again, the focus back on
 * the control the upload started from.
 */
export function StepPhotoTile({
  kind,
  label,
  uploadName,
  albumName,
  retakeName = uploadName,
  document,
  beforeChange,
  onChanged,
}: {
  kind: DocumentKind;
  label: string;
  uploadName: string;
  albumName: string;
  retakeName?: string;
  document: DocumentInfo | undefined;
  beforeChange: () => Promise<void>;
  onChanged: (focus: UploadFocus) => Promise<void>;
}) {
  return (
    <PhotoTile
      kind={kind}
      label={label}
      uploadName={uploadName}
      albumName={albumName}
      retakeName={retakeName}
      document={document}
      onUploaded={(_, via) => void onChanged({ kind, via })}
      deps={{
        compress: compressImage,
        upload: async (k, blob, onProgress) => {
          await beforeChange();
          return uploadDocument(k, blob, onProgress);
        },
      }}
    />
  );
}

/**
 * What a screen's block of proof files is given: the step's documents; `beforeChange` saves what
 * was typed before an upload or removal changes the step, `onChanged` loads the step again after.
 */
export interface ProofFilesProps {
  documents: readonly DocumentInfo[];
  beforeChange: () => Promise<void>;
  onChanged: (focus: UploadFocus) => Promise<void>;
}

/** The texts of a proof's photos, in the screen's namespace (`n` counts from 1). */
export interface ProofPhotoTexts {
  name: (n: number) => string;
  removeLabel: (n: number, name: string) => string;
  removeText: string;
  removeFailed: string;
  addLabel: (n: number) => string;
  shootName: string;
  albumName: string;
}

/** One uploaded photo: the image, its name and a remove button; a failed removal is said under it. */
function ProofPhoto({
  document,
  kind,
  n,
  texts,
  block,
  onRemove,
}: {
  document: DocumentInfo;
  kind: DocumentKind;
  n: number;
  texts: ProofPhotoTexts;
  block: string;
  onRemove: () => Promise<void>;
}) {
  const image = useDocumentImage(document.document_id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // staff returned this very file (issue #22): why, under it, until it is removed or replaced
  const returned = useReturnedDocument(document.document_id);
  const returnedId = useId();
  const name = texts.name(n);
  return (
    <figure className={block} aria-label={name} aria-describedby={returned ? returnedId : undefined}>
      {image.url ? <img className={`${block}__img`} src={image.url} alt={name} /> : null}
      <figcaption className={`${block}__caption`}>
        <span>{name}</span>
        <button
          type="button"
          className="id-btn id-btn--ghost id-btn--small"
          disabled={busy}
          aria-label={texts.removeLabel(n, name)}
          aria-describedby={returned ? returnedId : undefined}
          {...uploadControl(kind, 'file')}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onRemove();
            } catch (err) {
              setError(err instanceof ApiError && err.message ? err.message : texts.removeFailed);
            } finally {
              setBusy(false);
            }
          }}
        >
          {texts.removeText}
        </button>
      </figcaption>
      {returned ? <ReturnedTileText id={returnedId} item={returned} /> : null}
      {error ? (
        <p className="id-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </figure>
  );
}

/**
 * The photos of a proof (asset proof, address proof): each uploaded one with its remove button,
 * then, while `canAdd`, the tile that adds the next. `block` is the CSS block of the screen's look.
 */
export function ProofPhotos({
  kind,
  photos,
  canAdd,
  block,
  texts,
  beforeChange,
  onChanged,
}: {
  kind: DocumentKind;
  photos: readonly DocumentInfo[];
  canAdd: boolean;
  block: string;
  texts: ProofPhotoTexts;
} & Omit<ProofFilesProps, 'documents'>) {
  return (
    <>
      {photos.map((d, i) => (
        <ProofPhoto
          key={d.document_id}
          document={d}
          kind={kind}
          n={i + 1}
          texts={texts}
          block={block}
          onRemove={removeProofFile(d, beforeChange, onChanged)}
        />
      ))}
      {canAdd ? (
        <StepPhotoTile
          key={photos.length}
          kind={kind}
          label={texts.addLabel(photos.length + 1)}
          uploadName={texts.shootName}
          albumName={texts.albumName}
          document={undefined}
          beforeChange={beforeChange}
          onChanged={onChanged}
        />
      ) : null}
    </>
  );
}

/** Removes a proof's document: what was typed saved first, the step loaded again after. */
export function removeProofFile(
  d: DocumentInfo,
  beforeChange: () => Promise<void>,
  onChanged: (focus: UploadFocus) => Promise<void>,
): () => Promise<void> {
  return async () => {
    await beforeChange();
    await deleteDocument(d.document_id);
    // the upload tile that takes the file's place, or the next file's control
    await onChanged({ kind: d.kind, via: 'camera' });
  };
}
