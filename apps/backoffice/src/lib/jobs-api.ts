import { checkIsJobOpen, JOB_POLL_MS, type JobView, JobViewSchema } from '@hk/domain/staff/jobs';
import { useEffect, useState } from 'react';
import { callStaffApi, StaffApiError } from './api';

// Background jobs (issue #22, docs/backoffice.md "Jobs"): a statement import or an evidence-pack
// export answers its job at once; the page follows it here until it has finished.

export function fetchJob(id: string): Promise<JobView> {
  return callStaffApi(`/jobs/${encodeURIComponent(id)}`, { schema: JobViewSchema });
}

/**
 * The job as it stands: asked for again every JOB_POLL_MS while it is open (queued or running),
 * then left alone. A failed poll is kept as `error` (a message in the person's language) and the
 * polling goes on, so a short network loss does not lose the job.
 */
export function useJob(started: JobView | null, networkError: string) {
  const [job, setJob] = useState<JobView | null>(started);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setJob(started), [started]);
  const id = job?.id;
  const open = job ? checkIsJobOpen(job.state) : false;
  useEffect(() => {
    if (!id || !open) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      timer = setTimeout(() => {
        fetchJob(id)
          .then((next) => {
            if (cancelled) return;
            setError(null);
            setJob(next);
            if (checkIsJobOpen(next.state)) poll();
          })
          .catch((err: unknown) => {
            if (cancelled) return;
            setError(err instanceof StaffApiError ? err.message : networkError);
            poll();
          });
      }, JOB_POLL_MS);
    };
    poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [id, open, networkError]);
  return { job, error };
}
