import { ApplicationStatus } from '@hk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/ui/app-button';
import { useAudit } from '../../../lib/api/submit-api';
import { ApiError, apiFetchObjectUrl } from '../../../lib/api-client';
import './submitted-state.css';

/** spec §4 after submission: Submitted, then Reviewing, then Activation (deposit after approval). */
export const AFTER_SUBMISSION_STAGES = ['submitted', 'reviewing', 'activation'] as const;
type Stage = (typeof AFTER_SUBMISSION_STAGES)[number];

/** The stage the application is at: under review once submitted, activation once approved. */
export function currentStage(status: number): Stage | null {
  if (status === ApplicationStatus.SUBMITTED) return 'reviewing';
  if (status === ApplicationStatus.APPROVED) return 'activation';
  return null; // activated or opened: every stage is behind
}

const PDF_PATH = '/v9/OpenAccountHk/application_pdf';

/** Fetches the PDF with the session (never a URL carrying the token) and saves it. */
function DownloadPdf() {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await apiFetchObjectUrl(PDF_PATH);
      const a = window.document.createElement('a');
      a.href = url;
      a.download = 'application.pdf';
      a.rel = 'noopener';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('download_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="submitted-download">
      <AppButton variant="ghost" block loading={busy} onClick={() => void download()}>
        {t('download_pdf')}
      </AppButton>
      {error ? (
        <p className="submitted-download__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The user centre once the application is submitted (spec §2 "auditable" state): the account type,
 * the stages after submission with the current one marked, the submission's number and time, and
 * the PDF of what was submitted. The customer-service block and the footer are the page's.
 */
export function SubmittedState({ status }: { status: number }) {
  const { t, i18n } = useTranslation('account');
  const audit = useAudit();
  const accountType = audit.data?.steps.find((s) => s.step === 'account_type')?.answers ?? {};
  const securities = accountType.securities === 'margin' ? 'margin' : 'cash';
  const futures = accountType.futures === true;
  const current = currentStage(status);
  const currentIndex = current ? AFTER_SUBMISSION_STAGES.indexOf(current) : AFTER_SUBMISSION_STAGES.length;
  const submission = audit.data?.submission;
  return (
    <section className="status-panel submitted-state" aria-labelledby="submitted-title">
      <h2 id="submitted-title" className="status-text">
        {t(status === ApplicationStatus.SUBMITTED ? 'status_submitted' : 'status_approved')}
      </h2>
      {audit.data ? (
        <p className="submitted-account">
          <span className="submitted-account__label">{t('account_type_label')}</span>{' '}
          {t(`account_securities_${securities}`)}
          {futures ? `${t('account_type_and')}${t('account_futures')}` : ''}
        </p>
      ) : null}
      <ol className="submitted-stages" aria-label={t('stages_title')}>
        {AFTER_SUBMISSION_STAGES.map((s, i) => (
          <li
            key={s}
            className={i < currentIndex ? 'is-done' : i === currentIndex ? 'is-current' : undefined}
            aria-current={i === currentIndex ? 'step' : undefined}
          >
            {t(`stage_${s}`)}
          </li>
        ))}
      </ol>
      {current === 'reviewing' ? <p className="submitted-hint">{t('stage_activation_hint')}</p> : null}
      {current === 'activation' ? <p className="submitted-hint">{t('approved_hint')}</p> : null}
      {submission ? (
        <p className="submitted-hint">
          {t('submission_line', {
            number: submission.submission_number,
            time: new Date(submission.submitted_at).toLocaleString(i18n.language, {
              timeZone: 'Asia/Hong_Kong',
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      ) : null}
      <DownloadPdf />
    </section>
  );
}
