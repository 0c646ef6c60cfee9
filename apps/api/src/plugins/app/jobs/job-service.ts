// A job as the console reads it (issue #22, docs/backoffice.md "Jobs"): its state, progress and
// result in the staff member's language. A job the caller may not see is not found (its
// existence is not given away): the kind's permission, and for an export its requester only.
import { type Language, translateError } from '@hk/domain';
import {
  checkCanSeeJob,
  JOB_STATE_TEXTS,
  type JobKind,
  type JobState,
  type JobView,
} from '@hk/domain/staff/jobs';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { importResultView } from '../deposit-operations/statement-import-job';
import { exportResultView } from '../evidence/evidence-export-job';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { findJob, type JobRow } from './job-repository';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function jobViewOf(job: JobRow, lang: Language, now: Date): JobView {
  const state = job.state as JobState;
  const kind = job.kind as JobKind;
  return {
    id: job.id,
    kind,
    state,
    stateLabel: JOB_STATE_TEXTS[state][lang],
    progress: { done: job.progressDone, total: job.progressTotal },
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error:
      state === 'failed' && job.errorCode
        ? { code: job.errorCode, message: translateError(lang, job.errorCode) }
        : null,
    importResult:
      kind === 'statement_import' && state === 'succeeded' && job.result
        ? importResultView(job.result, lang)
        : null,
    exportResult: kind === 'evidence_export' ? exportResultView(job, now) : null,
  };
}

export async function fetchJobView(
  ctx: Pick<AppContext, 'db' | 'now'>,
  session: StaffRequestSession,
  id: string,
  lang: Language,
): Promise<JobView> {
  const job = UUID_RE.test(id) ? await findJob(ctx.db, id.toLowerCase()) : null;
  if (
    !job ||
    !checkCanSeeJob(
      { kind: job.kind as JobKind, createdBy: job.createdBy },
      { id: session.staff.id, roles: session.roles },
    )
  )
    throw new AppError('NOT_FOUND');
  return jobViewOf(job, lang, ctx.now());
}
