import type { DocumentInfo } from '@hk/domain';
import {
  ADDRESS_PROOF_MAX_IMAGES,
  ADDRESS_PROOF_PDF_MAX_BYTES,
  PDF_MIME,
} from '@hk/domain/steps/address/address-proof';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { announce } from '../../../lib/announce';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { fetchDocumentImageUrl } from '../../../step-kit/api/get-document-image';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import { FieldError, useInputProps } from '../../../step-kit/components/fields';
import {
  type ProofFilesProps,
  ProofPhotos,
  removeProofFile,
} from '../../../step-kit/components/proof-photos';
import { ReturnedTileText, useReturnedDocument } from '../../../step-kit/components/returned-notice';
import { MAX_UPLOAD_MB } from '../../../step-kit/lib/compress-image';
import { type UploadFocus, uploadControl } from '../../../step-kit/lib/use-document-rebuild';

const PDF_MAX_MB = ADDRESS_PROOF_PDF_MAX_BYTES / (1024 * 1024);

function useAction(failedKey: string) {
  const { t } = useTranslation('address');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t(failedKey));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/**
 * The PDF e-statement as a file row: a download link, never shown in the page (the server sends it
 * as an attachment; here it is fetched with the session and saved through a temporary link).
 */
function ProofPdf({ document, onRemove }: { document: DocumentInfo; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('address');
  const remove = useAction('delete_failed');
  const download = useAction('download_failed');
  const name = t('pdf_name');
  // staff returned this very file (issue #22): why, under it, until it is removed or replaced
  const returned = useReturnedDocument(document.document_id);
  const returnedId = useId();
  return (
    <section
      className="address-file address-file--pdf"
      aria-label={name}
      aria-describedby={returned ? returnedId : undefined}
    >
      <span className="address-file__icon" aria-hidden="true">
        PDF
      </span>
      <span className="address-file__name">
        {name}
        <span className="address-file__size">
          {t('pdf_size', { size: Math.max(1, Math.round(document.size / 1024)) })}
        </span>
      </span>
      <button
        type="button"
        className="id-btn id-btn--link id-btn--small"
        disabled={download.busy}
        {...uploadControl('address_proof', 'file')}
        onClick={() =>
          void download.run(async () => {
            const url = await fetchDocumentImageUrl(document.document_id);
            const a = window.document.createElement('a');
            a.href = url;
            a.download = 'address-proof.pdf';
            a.rel = 'noopener';
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 10_000);
          })
        }
      >
        {t('download_pdf')}
      </button>
      <button
        type="button"
        className="id-btn id-btn--ghost id-btn--small"
        disabled={remove.busy}
        aria-label={t('delete_file', { name })}
        onClick={() => void remove.run(onRemove)}
      >
        ✕
      </button>
      {returned ? <ReturnedTileText id={returnedId} item={returned} what="file" /> : null}
      {remove.error || download.error ? (
        <p className="id-field__error" role="alert">
          {remove.error ?? download.error}
        </p>
      ) : null}
    </section>
  );
}

/** Chooses a PDF e-statement and uploads it as it is (the server checks it by its content). */
function PdfUpload({
  beforeChange,
  onChanged,
}: {
  beforeChange: () => Promise<void>;
  onChanged: (focus: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('address');
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ percent: number } | { error: string } | null>(null);
  // a refusal: the input, disabled while it sent, takes the focus again (issue #16: it fell to <body>)
  const failed = state !== null && 'error' in state;
  useEffect(() => {
    const active = document.activeElement;
    if (failed && (!active || active === document.body)) inputRef.current?.focus();
  }, [failed]);
  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > ADDRESS_PROOF_PDF_MAX_BYTES) {
      setState({ error: t('pdf_oversize', { max: PDF_MAX_MB }) });
      return;
    }
    setState({ percent: 0 });
    try {
      await beforeChange();
      await uploadDocument('address_proof', file, (percent) => setState({ percent }));
      setState(null);
      announce(t('pdf_uploaded'));
      await onChanged({ kind: 'address_proof', via: 'pdf' });
    } catch (err) {
      setState({ error: err instanceof ApiError && err.message ? err.message : t('upload_failed') });
    }
  };
  const busy = state !== null && 'percent' in state;
  return (
    <div className="address-pdf-upload">
      <input
        ref={inputRef}
        id={inputId}
        className="id-visually-hidden"
        type="file"
        accept={`${PDF_MIME},.pdf`}
        aria-label={t('add_pdf')}
        aria-describedby={failed ? errorId : undefined}
        {...uploadControl('address_proof', 'pdf')}
        disabled={busy}
        onChange={(e) => void onFile(e.currentTarget)}
      />
      <label htmlFor={inputId} className={`id-btn id-btn--ghost${busy ? ' is-disabled' : ''}`}>
        <span aria-hidden="true">{t('add_pdf')}</span>
      </label>
      {busy ? <p role="status">{t('uploading', { percent: state.percent })}</p> : null}
      {state && 'error' in state ? (
        <p className="id-field__error" role="alert" id={errorId}>
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The address proof's files (spec §5, issue #6 step 1): 1–3 photos through the ID step's upload
 * pipeline (compressed in the browser, uploaded with progress), or one PDF e-statement instead.
 * Each upload or removal changes the step on the server: `beforeChange` saves what was typed,
 * `onChanged` loads the step again.
 */
export function ProofFiles({ documents, beforeChange, onChanged }: ProofFilesProps) {
  const { t } = useTranslation('address');
  // the files are a field of the form: the first invalid field takes the focus, and here that is
  // the block's first control (issue #16: the block had nothing react-hook-form could focus)
  const { field } = useController({ control: useFormContext().control, name: 'address_proof' });
  const aria = useInputProps('address_proof');
  const proofs = documents.filter((d) => d.kind === 'address_proof');
  const pdf = proofs.find((d) => d.mime === PDF_MIME);
  const photos = proofs.filter((d) => d.mime !== PDF_MIME);
  const remove = (d: DocumentInfo) => removeProofFile(d, beforeChange, onChanged);
  return (
    <fieldset
      className="id-field address-files"
      id={aria.id}
      aria-describedby={aria['aria-describedby']}
      ref={(el) =>
        field.ref(
          el
            ? {
                focus: () =>
                  el.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')?.focus(),
              }
            : null,
        )
      }
    >
      <legend className="id-field__label">{t('files_label')}</legend>
      <p className="id-hint">{t('files_hint', { max: Math.min(PDF_MAX_MB, MAX_UPLOAD_MB) })}</p>
      {pdf ? <ProofPdf document={pdf} onRemove={remove(pdf)} /> : null}
      <ProofPhotos
        kind="address_proof"
        photos={photos}
        canAdd={!pdf && photos.length < ADDRESS_PROOF_MAX_IMAGES}
        block="address-file"
        texts={{
          name: (n) => t('photo_n', { n }),
          removeLabel: (_, name) => t('delete_file', { name }),
          removeText: '✕',
          removeFailed: t('delete_failed'),
          addLabel: (n) => t('photo_n', { n }),
          shootName: t('shoot_photo'),
          albumName: t('album_photo'),
        }}
        beforeChange={beforeChange}
        onChanged={onChanged}
      />
      {proofs.length === 0 ? <PdfUpload beforeChange={beforeChange} onChanged={onChanged} /> : null}
      <FieldError name="address_proof" />
    </fieldset>
  );
}
