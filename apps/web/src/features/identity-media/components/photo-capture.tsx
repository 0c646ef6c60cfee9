import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ReturnedTileText, useReturnedDocument } from '../../../step-kit/components/returned-notice';
import { uploadControl } from '../../../step-kit/lib/use-document-rebuild';
import { checkHasCamera, openFrontCamera, stopStream, takeSnapshot } from '../lib/camera';

type Mode = 'idle' | 'starting' | 'camera' | 'fallback';

/**
 * One identity photo: the front camera in the page with a guide over it, the frame taken as a JPEG;
 * where the page cannot use the camera, the phone's camera through a file input (`capture=user`).
 */
export function PhotoCapture({
  name,
  label,
  guide,
  taken,
  busy,
  onPhoto,
  documentId,
}: {
  name: string;
  label: string;
  guide: string;
  taken: boolean;
  busy: boolean;
  onPhoto: (photo: Blob) => void;
  /** The photo of this kind on file, if any: when staff returned it, why is said under it. */
  documentId?: string | undefined;
}) {
  const { t } = useTranslation('identity_media');
  const returned = useReturnedDocument(documentId);
  const returnedId = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  // the first frame is there (before it, a still would be black)
  const [ready, setReady] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const v = video.current;
    if (!v || !stream) return;
    const onData = () => setReady(true);
    v.addEventListener('loadeddata', onData);
    v.srcObject = stream;
    void v.play?.()?.catch(() => undefined);
    if (v.readyState >= 2) setReady(true);
    return () => v.removeEventListener('loadeddata', onData);
  }, [stream]);
  useEffect(() => () => stopStream(stream), [stream]);

  const start = async () => {
    if (!checkHasCamera()) return setMode('fallback');
    setMode('starting');
    try {
      setReady(false);
      setStream(await openFrontCamera(false));
      setMode('camera');
    } catch {
      setMode('fallback');
    }
  };
  const shoot = async () => {
    if (!video.current) return;
    try {
      const photo = await takeSnapshot(video.current);
      setStream(null);
      setMode('idle');
      onPhoto(photo);
    } catch {
      setStream(null);
      setMode('fallback');
    }
  };
  const cancel = () => {
    setStream(null);
    setMode('idle');
  };

  return (
    <section
      className="identity-capture"
      aria-labelledby={`identity-${name}`}
      aria-describedby={returned ? returnedId : undefined}
      id={`field-${name}`}
    >
      <h2 className="identity-capture__title" id={`identity-${name}`}>
        {label}
        {taken ? <span className="identity-capture__done"> · {t('taken')}</span> : null}
      </h2>
      {returned ? <ReturnedTileText id={returnedId} item={returned} /> : null}
      {mode === 'camera' ? (
        <div className="identity-camera">
          <video
            ref={video}
            className="identity-camera__video"
            autoPlay
            playsInline
            muted
            aria-label={label}
          />
          <p className="identity-camera__guide">{guide}</p>
          <div className="identity-camera__actions">
            <button
              type="button"
              className="id-btn id-btn--primary"
              disabled={!ready}
              onClick={() => void shoot()}
            >
              {t('shoot')}
            </button>
            <button type="button" className="id-btn id-btn--ghost" onClick={cancel}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="id-hint">{guide}</p>
          <button
            type="button"
            className="id-btn id-btn--ghost"
            disabled={busy || mode === 'starting'}
            {...uploadControl(name, 'camera')}
            onClick={() => void start()}
          >
            {taken ? t('retake') : t('open_camera')}
          </button>
        </>
      )}
      {mode === 'fallback' ? (
        <label className="identity-fallback">
          <span>{t('camera_unavailable_photo')}</span>
          <input
            type="file"
            accept="image/*"
            capture="user"
            disabled={busy}
            aria-label={t('choose_photo', { label })}
            {...uploadControl(name, 'album')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onPhoto(file);
            }}
          />
        </label>
      ) : null}
    </section>
  );
}
