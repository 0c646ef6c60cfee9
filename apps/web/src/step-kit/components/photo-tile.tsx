import type { DocumentInfo, DocumentKind } from '@hk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { announce } from '../../lib/announce';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useDocumentImage } from '../api/get-document-image';
import { uploadDocument } from '../api/upload-document';
import { checkIsOversize, compressImage, MAX_UPLOAD_MB } from '../lib/compress-image';
import { focusUploadControl, uploadControl } from '../lib/use-document-rebuild';
import { ReturnedTileText, useReturnedDocument } from './returned-notice';

/** spec §3 uploader file item: empty → uploading → failed (with message); plus done once stored. */
export type TileState =
  | { status: 'empty' }
  | { status: 'uploading'; percent: number; preview: string | null }
  | { status: 'failed'; message: string; retry: Blob | null }
  | { status: 'done'; document: DocumentInfo };

export interface PhotoTileDeps {
  compress: (file: File) => Promise<Blob>;
  upload: typeof uploadDocument;
}
const defaultDeps: PhotoTileDeps = { compress: compressImage, upload: uploadDocument };

export function PhotoTile({
  kind,
  label,
  uploadName,
  albumName,
  retakeName,
  document,
  onUploaded,
  onBusyChange,
  deps = defaultDeps,
}: {
  kind: DocumentKind;
  /** what the tile shows, e.g. 'Portrait side' */
  label: string;
  /** accessible names of the camera input, the album input and the retake button */
  uploadName: string;
  albumName: string;
  retakeName: string;
  document: DocumentInfo | undefined;
  /** `via`: the control the upload was started from (camera, album, retake), to focus it again */
  onUploaded: (doc: DocumentInfo, via: string) => void;
  /** told when an upload starts and ends, so that the screen does not go on while one is sending */
  onBusyChange?: (busy: boolean) => void;
  deps?: PhotoTileDeps;
}) {
  const { t } = useTranslation('id');
  const [state, setState] = useState<TileState>(
    document ? { status: 'done', document } : { status: 'empty' },
  );
  const cameraRef = useRef<HTMLInputElement>(null);
  const tileRef = useRef<HTMLElement>(null);
  // the control the upload was started from: it is disabled or gone while the upload runs, and
  // takes the focus again once it is over, success or refusal (issue #16: it fell to <body>)
  const via = useRef('camera');
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0 || !tileRef.current) return;
    // unless the person has moved on to another field meanwhile
    const active = window.document.activeElement;
    const moved =
      active &&
      active !== window.document.body &&
      window.document.contains(active) &&
      !tileRef.current.contains(active);
    if (moved) return;
    focusUploadControl({ kind, via: via.current }, tileRef.current);
  }, [refocus, kind]);
  const inputId = useId();
  const failureId = useId();
  const albumId = useId();
  const shown = state.status === 'done' ? state.document : state.status === 'empty' ? document : undefined;
  const image = useDocumentImage(shown?.document_id);
  const returned = useReturnedDocument(shown?.document_id);
  const returnedId = useId();

  const send = async (blob: Blob) => {
    const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
    setState({ status: 'uploading', percent: 0, preview });
    onBusyChange?.(true);
    try {
      const doc = await deps.upload(kind, blob, (percent) =>
        setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      );
      setState({ status: 'done', document: doc });
      announce(t('upload_done', { label }));
      onUploaded(doc, via.current);
    } catch (err) {
      // 3001 type refused, 3002 too large, 3005 unreadable: the server's message, on this tile
      // (its role="alert" says it).
      const message = err instanceof ApiError && err.message ? err.message : t('upload_failed');
      setState({ status: 'failed', message, retry: err instanceof ApiError && err.status > 0 ? null : blob });
    } finally {
      setRefocus((n) => n + 1);
      onBusyChange?.(false);
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  const onFile = async (input: HTMLInputElement) => {
    const active = window.document.activeElement as HTMLElement | null;
    via.current =
      (active && tileRef.current?.contains(active) ? active.dataset.uploadVia : undefined) ??
      input.dataset.uploadVia ??
      'camera';
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again after a failure
    if (!file) return;
    // Busy from the moment a photo is chosen: compressing a camera photo takes a while on a slow
    // phone, and going on meanwhile would confirm the step as it was before this photo lands.
    setState({ status: 'uploading', percent: 0, preview: null });
    onBusyChange?.(true);
    let blob: Blob = file;
    try {
      blob = await deps.compress(file);
    } catch {
      // Not decodable here (e.g. HEIC in some browsers): send the original, the server decides.
    }
    // spec §5/§9: what would be uploaded above the maximum is refused, naming the maximum in MB.
    // Checked after compression: a 12 MB camera photo becomes a few hundred KB and is fine.
    if (checkIsOversize(blob)) {
      setState({ status: 'failed', message: t('oversize', { max: MAX_UPLOAD_MB }), retry: null });
      setRefocus((n) => n + 1);
      onBusyChange?.(false);
      return;
    }
    await send(blob);
  };

  const fileInput = (capture: boolean, name: string) => (
    <input
      ref={capture ? cameraRef : undefined}
      id={capture ? inputId : albumId}
      className="id-visually-hidden"
      type="file"
      accept="image/*"
      capture={capture ? 'environment' : undefined}
      aria-label={name}
      aria-describedby={
        [state.status === 'failed' && failureId, returned && returnedId].filter(Boolean).join(' ') ||
        undefined
      }
      {...uploadControl(kind, capture ? 'camera' : 'album')}
      disabled={state.status === 'uploading'}
      onChange={(e) => void onFile(e.currentTarget)}
    />
  );

  const busy = state.status === 'uploading';
  const imgSrc = state.status === 'uploading' ? state.preview : image.url;
  return (
    <section ref={tileRef} className={`id-tile id-tile--${state.status}`} aria-label={label} aria-busy={busy}>
      <label className="id-tile__frame" htmlFor={inputId}>
        {imgSrc ? (
          <img className="id-tile__img" src={imgSrc} alt={label} />
        ) : (
          <span className="id-tile__placeholder" aria-hidden="true">
            <svg className="id-tile__camera" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path
                fill="currentColor"
                d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
              />
            </svg>
            <span>{t('tap_to_shoot')}</span>
          </span>
        )}
        {state.status === 'uploading' && (
          <span className="id-tile__mask" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('uploading', { percent: state.percent })}</span>
          </span>
        )}
        {state.status === 'failed' && (
          <span className="id-tile__mask id-tile__mask--failed">
            <span aria-hidden="true" className="id-tile__close">
              ✕
            </span>
            <span role="alert" id={failureId}>
              {state.message}
            </span>
          </span>
        )}
      </label>
      {fileInput(true, uploadName)}
      <div className="id-tile__caption">
        <span className="id-tile__label">{label}</span>
        {state.status === 'done' && !returned && <span className="id-tile__ok">{t('uploaded')}</span>}
        {image.failed && state.status === 'done' && (
          <span className="id-tile__warn">{t('image_load_failed')}</span>
        )}
      </div>
      {returned ? <ReturnedTileText id={returnedId} item={returned} /> : null}
      <div className="id-tile__actions">
        {state.status === 'failed' && state.retry && (
          <button
            type="button"
            className="id-btn id-btn--ghost id-btn--small"
            {...uploadControl(kind, 'retry')}
            onClick={() => {
              via.current = 'retry';
              if (state.retry) void send(state.retry);
            }}
          >
            {t('retry')}
          </button>
        )}
        {(state.status === 'done' || state.status === 'failed') && (
          <button
            type="button"
            className="id-btn id-btn--ghost id-btn--small"
            aria-label={retakeName}
            {...uploadControl(kind, 'retake')}
            onClick={() => cameraRef.current?.click()}
          >
            {t('retake')}
          </button>
        )}
        {fileInput(false, albumName)}
        <label htmlFor={albumId} className={`id-btn id-btn--link id-btn--small${busy ? ' is-disabled' : ''}`}>
          <span aria-hidden="true">{t('choose_album')}</span>
        </label>
      </div>
    </section>
  );
}
