import { answersToSend, applicableSteps, type ReopenReason, type StepId } from '@hk/domain';
import { stepsBlockingSubmission } from '@hk/domain/flow/submit';
import type { AppContext } from '../../../context';
import { requireApplication } from '../application/application-access';
import { countDocuments } from '../documents/document-counts';
import { toDocumentInfo } from '../documents/document-info';
import { listActiveDocuments } from '../documents/document-repository';
import { listStepRows } from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import { findLatestSubmission } from './submission-repository';

/**
 * The application as the review screen and the user centre show it (spec §7 `audit`): every
 * applicable step in flow order with its answers (sealed ones masked, never the value) and
 * documents, the steps a submit would be refused for, and the latest submission. Reads only.
 */
export async function fetchAudit(ctx: AppContext, userId: string) {
  const app = await requireApplication(ctx, userId);
  const [rows, docs, latest] = await Promise.all([
    listStepRows(ctx.db, app.id),
    listActiveDocuments(ctx.db, app.id),
    findLatestSubmission(ctx.db, app.id),
  ]);
  const { facts, confirmed } = progressOf(app, rows);
  return {
    status: app.status,
    steps: applicableSteps(facts)
      .filter((s) => s.id !== 'review')
      .map((s) => {
        const row = rows.find((r) => r.step === s.id);
        return {
          step: s.id,
          confirmed: confirmed.has(s.id),
          reopened_reason: (row?.reopenedReason ?? null) as ReopenReason | null,
          answers: answersToSend(s, row?.answers ?? {}),
          sealed: Object.fromEntries(Object.entries(row?.sealed ?? {}).map(([k, v]) => [k, v.masked])),
          documents: docs.filter((d) => d.step === s.id).map(toDocumentInfo),
        };
      }),
    blocking: stepsBlockingSubmission(confirmed, facts, countDocuments(docs)) as StepId[],
    submission: latest
      ? {
          submission_number: latest.number,
          sha256: latest.sha256,
          submitted_at: latest.createdAt.toISOString(),
        }
      : null,
  };
}
