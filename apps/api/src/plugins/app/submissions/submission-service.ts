import {
  ApplicationStatus,
  applicableSteps,
  buildSubmission,
  LOGIN_AGREEMENT_VERSIONS,
  missingDocuments,
  STEPS,
  type StepDefinition,
  stepsMissingForSubmission,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { countKinds } from '../application/application-service';
import { lockSubject } from '../auth/advisory-lock';
import { listActiveDocuments } from '../documents/document-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { findSubmittedHolderOfIdHash, listStepRows, lockApplicationOfUser } from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import { changeApplicationStatus } from './status-service';
import { countSubmissions, insertSubmission } from './submission-repository';

/**
 * Submits the caller's application (issue #5 §2; the submit call itself comes with the flow
 * issue): in one transaction, with the application locked, every applicable step must be
 * confirmed with its documents, the ID number must not belong to another submitted application
 * (checked again here, under a lock on the number, decision 007), then the next numbered,
 * immutable snapshot is stored and the status moves through the status machine.
 * `steps` lets a test use a smaller registry.
 */
export async function submitApplication(
  ctx: AppContext,
  userId: string,
  meta: EventMeta,
  opts: { steps?: readonly StepDefinition[] } = {},
) {
  const registry = opts.steps ?? STEPS;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockApplicationOfUser(tx, userId);
    const action = app.status === ApplicationStatus.REJECTED ? 'resubmit' : 'submit';

    const rows = await listStepRows(tx, app.id);
    const { facts, confirmed } = progressOf(app, rows);
    const docs = await listActiveDocuments(tx, app.id);
    const counts = countKinds(docs);
    const missing = [
      ...stepsMissingForSubmission(confirmed, facts, registry),
      ...applicableSteps(facts, registry)
        .filter((s) => missingDocuments(s, counts).length > 0)
        .map((s) => s.id),
    ];
    if (missing.length > 0 && app.status !== ApplicationStatus.SUBMITTED)
      throw new AppError(
        'STEPS_INCOMPLETE',
        Object.fromEntries(missing.map((s) => [s, 'step_not_confirmed'])),
      );

    const idHash = rows.find((r) => r.step === 'identity')?.sealed.id_number?.hash;
    if (idHash) {
      // two applications with one ID number submitting at once: the second waits, then sees the first
      await lockSubject(tx, `id-number:${idHash}`);
      if (await findSubmittedHolderOfIdHash(tx, idHash, app.id))
        throw new AppError('ID_USED_BY_OTHER_MOBILE');
    }

    const updated = await changeApplicationStatus(tx, app, action, meta, now);
    const number = (await countSubmissions(tx, app.id)) + 1;
    const { snapshot, sha256 } = buildSubmission({
      applicationId: app.id,
      number,
      submittedAt: now.toISOString(),
      markets: app.markets,
      steps: rows
        .filter((r) => applicableSteps(facts, registry).some((s) => s.id === r.step))
        .map((r) => ({
          step: r.step as (typeof registry)[number]['id'],
          version: r.version,
          confirmedAt: r.confirmedAt?.toISOString() ?? null,
          answers: r.answers,
          sealed: r.sealed,
        })),
      documents: docs.map((d) => ({
        id: d.id,
        step: d.step,
        kind: d.kind,
        sha256: d.sha256,
        mime: d.mime,
        size: d.size,
      })),
      agreements: LOGIN_AGREEMENT_VERSIONS,
    });
    const submission = await insertSubmission(tx, {
      applicationId: app.id,
      number,
      snapshot,
      sha256,
      createdAt: now,
    });
    await recordEvent(tx, meta, {
      type: 'submission_created',
      applicationId: app.id,
      userId,
      data: { submission_id: submission.id, number, sha256 },
      at: now,
    });
    return { application: updated, submission };
  });
}
