import type { RemittanceInfo } from '@hk/domain/deposit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppButton } from '../../../components/ui/app-button';
import { announce } from '../../../lib/announce';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { checkIsOversize, compressImage, MAX_UPLOAD_MB } from '../../../step-kit/lib/compress-image';
import { remittanceInfoQueryKey, uploadVoucher, useRemittanceChange } from '../api/remittance-api';
import { formatHongKongTime } from '../lib/deposit-format';
import { ReferenceBlock } from './deposit-intro-page';
import { DepositShell, type DepositView } from './deposit-shell';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'failed'; message: string };

/** Whether "I have paid" can be said: a voucher on file, and after a request a new one (remittance.ts). */
function checkCanSayPaid(info: RemittanceInfo): boolean {
  const { voucher, voucher_request: request } = info.remittance;
  if (!voucher) return false;
  return !request || voucher.uploaded_at > request.requested_at;
}

/** The voucher's upload: a photo or screenshot (compressed, spec §5) or a PDF receipt, with its progress. */
function VoucherUpload({ info, lang }: Pick<DepositView, 'info' | 'lang'>) {
  const { t } = useTranslation('deposit');
  const client = useQueryClient();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const fileId = useId();
  const cameraId = useId();
  const failureId = useId();
  const chooseRef = useRef<HTMLInputElement>(null);
  const voucher = info.remittance.voucher;

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again after a failure
    if (!file) return;
    setState({ status: 'uploading', percent: 0 });
    let blob: Blob = file;
    if (file.type !== 'application/pdf') {
      try {
        blob = await compressImage(file);
      } catch {
        // not decodable here (HEIC in some browsers, a PDF without its type): the server decides
      }
    }
    if (checkIsOversize(blob)) {
      setState({ status: 'failed', message: t('oversize', { max: MAX_UPLOAD_MB }) });
      return;
    }
    try {
      const next = await uploadVoucher(blob, (percent) =>
        setState((s) => (s.status === 'uploading' ? { status: 'uploading', percent } : s)),
      );
      client.setQueryData(remittanceInfoQueryKey, next);
      setState({ status: 'idle' });
      announce(t('upload_done'));
    } catch (err) {
      setState({
        status: 'failed',
        message: err instanceof ApiError && err.message ? err.message : t('upload_failed'),
      });
    } finally {
      chooseRef.current?.focus();
    }
  };

  const busy = state.status === 'uploading';
  const describedBy = state.status === 'failed' ? failureId : undefined;
  return (
    <section className="deposit-card" aria-labelledby="deposit-voucher-title" aria-busy={busy}>
      <h2 id="deposit-voucher-title">{t('upload_title')}</h2>
      <p>{t('upload_lead')}</p>
      <p className="deposit-voucher">
        {voucher
          ? `${t(voucher.mime === 'application/pdf' ? 'voucher_kind_pdf' : 'voucher_kind_image')} · ${t(
              'voucher_on_file',
              {
                time: formatHongKongTime(voucher.uploaded_at, lang),
              },
            )}`
          : t('voucher_none')}
      </p>
      <div className="deposit-upload">
        <input
          ref={chooseRef}
          id={fileId}
          className="visually-hidden"
          type="file"
          accept="image/*,application/pdf"
          disabled={busy}
          aria-describedby={describedBy}
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <label htmlFor={fileId} className={`btn btn-ghost btn-block${busy ? ' is-disabled' : ''}`}>
          {t('upload_choose')}
        </label>
        <input
          id={cameraId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={busy}
          aria-describedby={describedBy}
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <label htmlFor={cameraId} className={`btn btn-link btn-block${busy ? ' is-disabled' : ''}`}>
          {t('upload_camera')}
        </label>
      </div>
      {state.status === 'uploading' && (
        <div className="deposit-progress">
          <div
            className="progress-track"
            role="progressbar"
            aria-label={t('upload_progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
          >
            <div className="progress-fill" style={{ width: `${state.percent}%` }} />
          </div>
          <p role="status">{t('uploading', { percent: state.percent })}</p>
        </div>
      )}
      {state.status === 'failed' && (
        <p id={failureId} role="alert" className="field-error">
          {state.message}
        </p>
      )}
    </section>
  );
}

/** "I have paid" (finish_remittance) at the version shown; refused when operations changed it since. */
function PaidButton({ info }: { info: RemittanceInfo }) {
  const { t } = useTranslation('deposit');
  const navigate = useNavigate();
  const client = useQueryClient();
  const change = useRemittanceChange();
  const [message, setMessage] = useState<string | null>(null);
  const hintId = useId();
  const canSay = checkCanSayPaid(info);
  const onPaid = () => {
    setMessage(null);
    change.mutate(
      { action: 'finish', version: info.remittance.version },
      {
        onSuccess: () => {
          announce(t('paid_done'));
          void navigate(ROUTES.remitted.path, { replace: true });
        },
        onError: (err) => {
          setMessage(err instanceof ApiError && err.message ? err.message : t('load_failed'));
          // the deposit changed meanwhile (2105): show it as it is now
          if (err instanceof ApiError && err.is('REMITTANCE_CHANGED'))
            void client.invalidateQueries({ queryKey: remittanceInfoQueryKey });
        },
      },
    );
  };
  return (
    <div className="deposit-actions">
      {!canSay && (
        <p id={hintId} className="page-lead">
          {t(info.remittance.voucher ? 'paid_needs_new_voucher' : 'paid_needs_voucher')}
        </p>
      )}
      {message && (
        <p role="alert" className="field-error">
          {message}
        </p>
      )}
      <AppButton
        block
        disabled={!canSay}
        loading={change.isPending}
        aria-describedby={canSay ? undefined : hintId}
        onClick={onPaid}
      >
        {t('paid_button')}
      </AppButton>
    </div>
  );
}

/** Operations' request for another voucher (spec §2 /remitUploadAgain): their reason and note. */
function VoucherRequest({ info, lang }: Pick<DepositView, 'info' | 'lang'>) {
  const { t } = useTranslation('deposit');
  const request = info.remittance.voucher_request;
  if (!request) return null;
  return (
    <section className="deposit-card deposit-card--request" aria-labelledby="deposit-again-title">
      <h2 id="deposit-again-title">{t('again_title')}</h2>
      <dl className="deposit-list deposit-list--stacked">
        <div className="deposit-row">
          <dt>{t('again_reason')}</dt>
          <dd>{request.reason_text ?? t('again_generic')}</dd>
        </div>
        {request.note && (
          <div className="deposit-row">
            <dt>{t('again_note')}</dt>
            <dd>{request.note}</dd>
          </div>
        )}
      </dl>
      <p className="page-lead">
        {t('again_requested_at', { time: formatHongKongTime(request.requested_at, lang) })}
      </p>
    </section>
  );
}

/**
 * /remitUpload and /remitUploadAgain (spec §2 title: upload remittance voucher): the voucher with a
 * progress bar (spec §7 update_remittance, the upload pipeline's limits), then "I have paid";
 * again, after operations asked, with their reason.
 */
export default function RemitUploadPage({ again = false }: { again?: boolean }) {
  const { t } = useTranslation(['deposit', 'common']);
  return (
    <DepositShell screen={again ? 'remitUploadAgain' : 'remitUpload'} title={t('upload_title')}>
      {({ info, lang }) => (
        <>
          {again && <VoucherRequest info={info} lang={lang} />}
          <VoucherUpload info={info} lang={lang} />
          <ReferenceBlock reference={info.reference} />
          <PaidButton info={info} />
        </>
      )}
    </DepositShell>
  );
}
