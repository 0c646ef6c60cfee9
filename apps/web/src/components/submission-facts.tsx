import { formatHongKongTime } from '@hk/domain';
import { useState } from 'react';
import { useAudit } from '../lib/api/submit-api';
import { ApiError, apiFetchObjectUrl } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';
import { AppButton } from './ui/app-button';
import './submission-facts.css';

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
 * What was submitted, on the user centre once submitted (issue #7): the submission's number and
 * time, and the PDF of it. Shown by the status page (features/status-page) and the account
 * feature's submitted state.
 */
export function SubmissionFacts() {
  const { t, i18n } = useTranslation('account');
  const audit = useAudit();
  const submission = audit.data?.submission;
  return (
    <>
      {submission ? (
        <p className="submission-facts__line">
          {t('submission_line', {
            number: submission.submission_number,
            time:
              formatHongKongTime(submission.submitted_at, i18n.language, 'medium') ?? submission.submitted_at,
          })}
        </p>
      ) : null}
      <DownloadPdf />
    </>
  );
}
