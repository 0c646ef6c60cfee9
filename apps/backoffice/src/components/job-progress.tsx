import { checkIsJobOpen, type JobView } from '@hk/domain/staff/jobs';
import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A background job's state and progress (issue #22), announced to screen readers as it changes
 * (a polite live region: the state and "n of m", not every percent); a failure is an alert with
 * the server's words.
 */
export function JobProgress({
  job,
  unit,
  pollError,
}: {
  job: JobView;
  unit: 'lines' | 'steps';
  pollError?: string | null;
}) {
  const { t } = useTranslation('common');
  const { done, total } = job.progress;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  const counted =
    total !== null ? t(unit === 'lines' ? 'job_lines_done' : 'job_steps_done', { done, total }) : null;
  return (
    <div className="job-progress" style={{ maxWidth: 560, marginTop: 16 }}>
      <div aria-live="polite" aria-atomic="true" data-testid="job-status">
        <strong>{job.stateLabel}</strong>
        {checkIsJobOpen(job.state) && counted ? ` · ${counted}` : ''}
      </div>
      {checkIsJobOpen(job.state) && (
        <Progress
          percent={percent}
          status="active"
          aria-label={t('job_progress_label')}
          aria-valuetext={counted ?? job.stateLabel}
        />
      )}
      {job.state === 'failed' && job.error && (
        <Alert type="error" showIcon role="alert" title={job.error.message} style={{ marginTop: 8 }} />
      )}
      {pollError && checkIsJobOpen(job.state) && (
        <Alert type="warning" showIcon title={pollError} style={{ marginTop: 8 }} />
      )}
    </div>
  );
}
