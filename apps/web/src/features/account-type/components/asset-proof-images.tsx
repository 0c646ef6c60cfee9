import type { DocumentInfo } from '@hk/domain';
import { ASSET_PROOF_MAX_IMAGES } from '@hk/domain/flow/account-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { deleteDocument } from '../../../step-kit/api/delete-document';
import { useDocumentImage } from '../../../step-kit/api/get-document-image';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import { PhotoTile } from '../../../step-kit/components/photo-tile';
import { compressImage } from '../../../step-kit/lib/compress-image';
import { type UploadFocus, uploadControl } from '../../../step-kit/lib/use-document-rebuild';

function ProofImage({
  document,
  index,
  onRemove,
}: {
  document: DocumentInfo;
  index: number;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation('account_type');
  const image = useDocumentImage(document.document_id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = t('proof_image', { n: index + 1 });
  return (
    <figure className="proof-image" aria-label={label}>
      {image.url ? <img className="proof-image__img" src={image.url} alt={label} /> : null}
      <figcaption className="proof-image__caption">
        <span>{label}</span>
        <button
          type="button"
          className="id-btn id-btn--ghost id-btn--small"
          disabled={busy}
          aria-label={t('remove_image', { n: index + 1 })}
          {...uploadControl('asset_proof', 'file')}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onRemove();
            } catch (err) {
              setError(err instanceof ApiError && err.message ? err.message : t('remove_failed'));
              setBusy(false);
            }
          }}
        >
          {t('remove')}
        </button>
      </figcaption>
      {error ? (
        <p className="id-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </figure>
  );
}

/**
 * 1–3 images of the asset proof (issue #6 step 2), through the ID step's upload pipeline (compressed
 * in the browser, uploaded with progress) as documents of kind `asset_proof`. Each upload or removal
 * is a change of the step on the server: `beforeChange` saves what was typed first, `onChanged`
 * loads the step again.
 */
export function AssetProofImages({
  documents,
  beforeChange,
  onChanged,
}: {
  documents: readonly DocumentInfo[];
  beforeChange: () => Promise<void>;
  onChanged: (focus: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('account_type');
  const proofs = documents.filter((d) => d.kind === 'asset_proof');
  return (
    <div className="proof-images">
      <p className="id-field__label">{t('proof_images', { max: ASSET_PROOF_MAX_IMAGES })}</p>
      {proofs.map((d, i) => (
        <ProofImage
          key={d.document_id}
          document={d}
          index={i}
          onRemove={async () => {
            await beforeChange();
            await deleteDocument(d.document_id);
            await onChanged({ kind: 'asset_proof', via: 'camera' });
          }}
        />
      ))}
      {proofs.length < ASSET_PROOF_MAX_IMAGES ? (
        <PhotoTile
          key={proofs.length}
          kind="asset_proof"
          label={t('add_proof_image', { n: proofs.length + 1 })}
          uploadName={t('shoot_proof')}
          albumName={t('album_proof')}
          retakeName={t('shoot_proof')}
          document={undefined}
          onUploaded={(_, via) => void onChanged({ kind: 'asset_proof', via })}
          deps={{
            compress: compressImage,
            upload: async (kind, blob, onProgress) => {
              await beforeChange();
              return uploadDocument(kind, blob, onProgress);
            },
          }}
        />
      ) : null}
    </div>
  );
}
