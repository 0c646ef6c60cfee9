import type { CaseQueue, CaseQueueQuery } from '@hk/domain/review/contracts';
import { parseQueueSearch } from '@hk/domain/review/search';
import { AppError } from '../../../lib/app-error';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import type { ReviewCtx } from './case-access';
import { summaryOf } from './case-view';
import { queryQueue } from './review-repository';
import { hashQueueSearch } from './search-service';

// The review queue (issue #14, issue #22's search): filters, sort and a page of case summaries.

type Ctx = ReviewCtx;

const HOUR_MS = 3600_000;

export async function fetchQueue(
  ctx: Ctx,
  session: StaffRequestSession,
  query: CaseQueueQuery,
): Promise<CaseQueue> {
  const now = ctx.now();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const assigneeId =
    query.assignee === 'me'
      ? session.staff.id
      : query.assignee === 'none'
        ? null
        : query.assignee === undefined
          ? undefined
          : query.assignee.toLowerCase();
  // the contract refuses a query that cannot be searched (this is its second look); a search narrows
  // the filters shown, the open stages included unless another stage is chosen
  const search = query.q === undefined ? undefined : parseQueueSearch(query.q);
  if (typeof search === 'string') throw new AppError('VALIDATION_FAILED', { q: search });
  const { rows, total } = await queryQueue(
    ctx.db,
    {
      stage: query.stage,
      queue: query.queue,
      flag: query.flag,
      assigneeId,
      overdue: query.overdue === undefined ? undefined : query.overdue === 'true',
      submittedBefore:
        query.minAgeHours === undefined ? undefined : new Date(now.getTime() - query.minAgeHours * HOUR_MS),
      search: search ? hashQueueSearch(ctx.vault, search) : undefined,
      now,
    },
    query.sort ?? 'due',
    { offset: (page - 1) * pageSize, limit: pageSize },
  );
  return {
    cases: rows.map((r) => summaryOf(r, r.assigneeName, session.staff.language, now)),
    page,
    pageSize,
    total,
  };
}
