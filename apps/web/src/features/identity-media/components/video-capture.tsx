import type { LiveVideoCheck } from '@hk/domain/steps/identity-media/contracts';
import { FACE_VIDEO_RECORD_MS } from '@hk/domain/steps/identity-media/form';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ReturnedTileText, useReturnedDocument } from '../../../step-kit/components/returned-notice';
import { uploadControl } from '../../../step-kit/lib/use-document-rebuild';
import { checkHasRecorder, openFrontCamera, recordFor, stopStream } from '../lib/camera';

type Mode = 'idle' | 'starting' | 'recording' | 'fallback';

/**
 * The face video: 4 digits from the server (`liveVideoCheck`), then ~5 s of the front camera and
 * microphone recorded in the page while the person reads them (it stops by itself). Without
 * MediaRecorder or the camera, the phone's camera records through a file input (`capture=user`).
 */
export function VideoCapture({
  taken,
  busy,
  getCode,
  onVideo,
  onError,
  documentId,
}: {
  /** The video on file, if any: when staff returned it, why is said under its title. */
  documentId?: string | undefined;
  taken: boolean;
  busy: boolean;
  getCode: () => Promise<LiveVideoCheck | null>;
  onVideo: (video: Blob, code: LiveVideoCheck) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('identity_media');
  const returned = useReturnedDocument(documentId);
  const returnedId = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [code, setCode] = useState<LiveVideoCheck | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [left, setLeft] = useState(0);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play?.()?.catch(() => undefined);
    }
  }, [stream]);
  useEffect(() => () => stopStream(stream), [stream]);
  useEffect(() => {
    if (mode !== 'recording') return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [mode]);

  const start = async () => {
    setMode('starting');
    const issued = await getCode();
    if (!issued) return setMode('idle');
    setCode(issued);
    if (!checkHasRecorder()) return setMode('fallback');
    let camera: MediaStream;
    try {
      camera = await openFrontCamera(true);
    } catch {
      return setMode('fallback');
    }
    setStream(camera);
    setLeft(Math.round(FACE_VIDEO_RECORD_MS / 1000));
    setMode('recording');
    try {
      const recorded = await recordFor(camera, FACE_VIDEO_RECORD_MS);
      setStream(null);
      setMode('idle');
      onVideo(recorded, issued);
    } catch {
      setStream(null);
      setMode('idle');
      onError(t('recording_failed'));
    }
  };

  return (
    <section
      className="identity-capture"
      aria-labelledby="identity-face_video"
      aria-describedby={returned ? returnedId : undefined}
      id="field-face_video"
    >
      <h2 className="identity-capture__title" id="identity-face_video">
        {t('video_title')}
        {taken ? <span className="identity-capture__done"> · {t('taken')}</span> : null}
      </h2>
      {returned ? <ReturnedTileText id={returnedId} item={returned} what="video" /> : null}
      <p className="id-hint">{t('video_hint')}</p>
      {code && (mode === 'recording' || mode === 'fallback') ? (
        <p className="identity-digits" role="status">
          <span>{t('read_digits')}</span>
          <strong className="identity-digits__value" data-testid="live-digits">
            {code.digits.split('').join(' ')}
          </strong>
        </p>
      ) : null}
      {mode === 'recording' ? (
        <div className="identity-camera">
          <video
            ref={video}
            className="identity-camera__video"
            autoPlay
            playsInline
            muted
            aria-label={t('video_title')}
          />
          <p className="identity-camera__guide">{t('recording', { seconds: left })}</p>
        </div>
      ) : (
        <button
          type="button"
          className="id-btn id-btn--ghost"
          disabled={busy || mode === 'starting'}
          {...uploadControl('face_video', 'camera')}
          onClick={() => void start()}
        >
          {taken ? t('record_again') : t('record')}
        </button>
      )}
      {mode === 'fallback' && code ? (
        <label className="identity-fallback">
          <span>{t('camera_unavailable_video')}</span>
          <input
            type="file"
            accept="video/*"
            capture="user"
            disabled={busy}
            aria-label={t('choose_video')}
            {...uploadControl('face_video', 'album')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) {
                setMode('idle');
                onVideo(file, code);
              }
            }}
          />
        </label>
      ) : null}
    </section>
  );
}
