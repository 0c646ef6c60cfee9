import { type DocumentInfo, ErrorCode } from '@hk/domain';
import type { LiveVideoCheck } from '@hk/domain/steps/identity-media/contracts';
import {
  IDENTITY_MEDIA_METHODS,
  type IdentityMediaKind,
  type IdentityMediaMethod,
  identityMediaForm,
  identityMediaWindowOf,
  missingIdentityMedia,
} from '@hk/domain/steps/identity-media/form';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { announce } from '../../../lib/announce';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { serverNow } from '../../../lib/server-clock';
import { type StepInfo, useStepInfo } from '../../../step-kit/api/step-api';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import { ChoiceField, FieldError, StepForm, StepSubmit } from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { compressImage } from '../../../step-kit/lib/compress-image';
import { STEP_PATHS } from '../../../step-kit/lib/step-paths';
import {
  focusUploadControl,
  type UploadFocus,
  useDocumentRebuild,
} from '../../../step-kit/lib/use-document-rebuild';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { fetchLiveCode } from '../api/live-video-check';
import { videoFileName } from '../lib/camera';
import { PhotoCapture } from './photo-capture';
import { VideoCapture } from './video-capture';
import './identity-media.css';

interface Values {
  method: IdentityMediaMethod | '';
}

const toValues = (info: StepInfo): Values => ({
  method: (IDENTITY_MEDIA_METHODS as readonly string[]).includes(String(info.answers.method))
    ? (info.answers.method as IdentityMediaMethod)
    : '',
});

/** The documents taken since the recording ended (those of an earlier listening do not count). */
function countSince(documents: readonly DocumentInfo[], endedAt: string): Record<string, number> {
  const from = Date.parse(endedAt);
  const counts: Record<string, number> = {};
  for (const d of documents)
    if (Date.parse(d.uploaded_at) >= from) counts[d.kind] = (counts[d.kind] ?? 0) + 1;
  return counts;
}

/** The newest document of each kind: the one a returned item is compared with. */
function latestOfKind(documents: readonly DocumentInfo[]): Record<string, string> {
  const newest: Record<string, DocumentInfo> = {};
  for (const d of documents) {
    const seen = newest[d.kind];
    if (!seen || Date.parse(d.uploaded_at) >= Date.parse(seen.uploaded_at)) newest[d.kind] = d;
  }
  return Object.fromEntries(Object.entries(newest).map(([kind, d]) => [kind, d.document_id]));
}

/** The time left in the 5-minute window, by the server's clock, ticking each second. */
function useWindow(endedAt: string) {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return identityMediaWindowOf(endedAt, new Date(now));
}

function formatLeft(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The window passed (or the recording was not heard): the person listens again. */
function WindowPassed() {
  const { t } = useTranslation('identity_media');
  const navigate = useNavigate();
  return (
    <div className="step-notice identity-passed" role="alert">
      <p>{t('window_passed')}</p>
      <button
        type="button"
        className="id-btn id-btn--primary"
        onClick={() => navigate(STEP_PATHS.risk_disclosure)}
      >
        {t('listen_again')}
      </button>
    </div>
  );
}

function IdentityMediaForm({
  info,
  endedAt,
  carried,
  onDocumentsChanged,
}: {
  info: StepInfo;
  endedAt: string;
  carried: Values | null;
  onDocumentsChanged: (typed: Values, focus?: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('identity_media');
  const { state } = usePageFlags();
  const win = useWindow(endedAt);
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState<{ percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const counts = useMemo(() => countSince(info.documents, endedAt), [info.documents, endedAt]);
  const latest = useMemo(() => latestOfKind(info.documents), [info.documents]);
  const schema = useMemo(
    () =>
      identityMediaForm.schema({ today: '', facts: { markets: [], answers: {} }, documentCounts: counts }),
    [counts],
  );
  const { form, onSubmit, submitting, formError, saveDraftNow } = useStepForm<Values>({
    step: 'identity_media',
    info,
    schema,
    toValues,
    check: (values) => (values.method ? missingIdentityMedia(values.method, counts) : {}),
    carried,
  });
  const method = useWatch({ control: form.control, name: 'method' });

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === ErrorCode.IDENTITY_MEDIA_WINDOW_PASSED) setRefused(true);
    else setError(err instanceof ApiError && err.message ? err.message : t('upload_failed'));
  };
  const send = async (kind: IdentityMediaKind, file: Blob, code?: LiveVideoCheck) => {
    setError(null);
    setBusy({ percent: 0 });
    try {
      await saveDraftNow();
      const onProgress = (percent: number) => setBusy({ percent });
      if (kind === 'face_video' && code)
        await uploadDocument(kind, file, onProgress, {
          fields: { live_code_id: code.live_code_id },
          filename: videoFileName(file),
        });
      else {
        const photo = await compressImage(
          new File([file], `${kind}.jpg`, { type: file.type || 'image/jpeg' }),
        );
        await uploadDocument(kind, photo, onProgress);
      }
      setBusy(null);
      announce(t('upload_done'));
      // the rebuilt form's control of this kind takes the focus (issue #16: it fell to <body>)
      await onDocumentsChanged(form.getValues(), { kind, via: 'camera' });
    } catch (err) {
      setBusy(null);
      failed(err);
      // the control, disabled while it sent, takes the focus again once enabled
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focusUploadControl({ kind, via: 'camera' });
      });
    }
  };
  const getCode = async () => {
    setError(null);
    try {
      return await fetchLiveCode();
    } catch (err) {
      failed(err);
      return null;
    }
  };

  // by the server's clock; a refusal (2014) says so too, whatever this device's clock says
  if (!win?.open || refused) return <WindowPassed />;
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <p className="identity-timer" role="timer" aria-live="off">
        {t('time_left', { time: formatLeft(win.remainingMs) })}
      </p>
      <ChoiceField
        control={form.control}
        name="method"
        label={t('method_label')}
        options={IDENTITY_MEDIA_METHODS.map((m) => ({
          value: m,
          label: t(`method_${m}`),
          desc: t(`method_${m}_hint`),
        }))}
      />
      {method === 'photos' ? (
        <>
          <PhotoCapture
            name="selfie"
            label={t('selfie_title')}
            guide={t('selfie_guide')}
            taken={(counts.selfie ?? 0) > 0}
            busy={busy !== null}
            onPhoto={(photo) => void send('selfie', photo)}
            documentId={latest.selfie}
          />
          <FieldError name="selfie" />
          <PhotoCapture
            name="selfie_with_id"
            label={t('selfie_with_id_title')}
            guide={t('selfie_with_id_guide')}
            taken={(counts.selfie_with_id ?? 0) > 0}
            busy={busy !== null}
            onPhoto={(photo) => void send('selfie_with_id', photo)}
            documentId={latest.selfie_with_id}
          />
          <FieldError name="selfie_with_id" />
        </>
      ) : null}
      {method === 'video' ? (
        <>
          <VideoCapture
            taken={(counts.face_video ?? 0) > 0}
            busy={busy !== null}
            getCode={getCode}
            onVideo={(video, code) => void send('face_video', video, code)}
            onError={setError}
            documentId={latest.face_video}
          />
          <FieldError name="face_video" />
        </>
      ) : null}
      {busy ? <p role="status">{t('uploading', { percent: busy.percent })}</p> : null}
      {error ? (
        <p className="id-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <StepSubmit submitting={submitting || busy !== null} formError={formError} state={state} />
    </StepForm>
  );
}

/** The form rebuilt after each upload (a new version of the step), keeping the method chosen. */
function IdentityMediaScreen({ info }: { info: StepInfo }) {
  const recording = useStepInfo('risk_disclosure');
  const rebuild = useDocumentRebuild('identity_media', info);
  if (recording.isPending) return null;
  const endedAt = recording.data?.confirmed_at ? recording.data.answers.ended_at : undefined;
  if (typeof endedAt !== 'string') return <WindowPassed />;
  return (
    <IdentityMediaForm
      key={rebuild.key}
      info={rebuild.info}
      endedAt={endedAt}
      carried={rebuild.carried as Values | null}
      onDocumentsChanged={rebuild.onDocumentsChanged}
    />
  );
}

/** Identity photos or face video (issue #7 step 2): within 5 minutes after the recording. */
export default function IdentityMediaPage() {
  const { t } = useTranslation('common');
  const { t: tm } = useTranslation('identity_media');
  return (
    <StepPage step="identity_media" title={t('title_identity_media')} intro={tm('intro')}>
      {(info) => <IdentityMediaScreen info={info} />}
    </StepPage>
  );
}
