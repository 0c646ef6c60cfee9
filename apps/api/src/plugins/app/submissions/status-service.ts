import { checkIsEditableStatus, lockedErrorOf, type StatusAction, transitionStatus } from '@hk/domain';
import { checkEndsRelationship } from '@hk/domain/opening/retention';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { updateStatusIfUnchanged } from '../application/application-repository';
import { type EventMeta, recordEvent } from '../events/event-repository';
import type { ApplicationRow } from '../steps/step-repository';

/**
 * The only place an application's status is written: the domain's status machine decides whether
 * `meta.actorType` may make `action` from the current status; the update is conditional on the
 * status it was decided from (a concurrent change loses), and the change is an event.
 */
export async function changeApplicationStatus(
  tx: Tx,
  app: ApplicationRow,
  action: StatusAction,
  meta: EventMeta,
  now: Date,
): Promise<ApplicationRow> {
  const result = transitionStatus(app.status, action, meta.actorType);
  if (!result.ok) {
    // an applicant acting on a submitted application is told it is locked (spec §4)
    if (meta.actorType === 'applicant' && !checkIsEditableStatus(app.status))
      throw new AppError(lockedErrorOf(app.status));
    throw new AppError('STATUS_CHANGE_REFUSED');
  }
  const firstSubmission = action === 'submit' || action === 'resubmit';
  const updated = await updateStatusIfUnchanged(tx, app, {
    status: result.to,
    updatedAt: now,
    ...(firstSubmission && !app.submittedAt ? { submittedAt: now } : {}),
    // issue #15: the AMLO retention clock starts where the application ends (docs/opening.md)
    ...(checkEndsRelationship(result.to) ? { relationshipEndedAt: now } : {}),
  });
  if (!updated) throw new AppError('STATUS_CHANGE_REFUSED');
  await recordEvent(tx, meta, {
    type: 'status_changed',
    applicationId: app.id,
    userId: app.userId,
    statusFrom: app.status,
    statusTo: result.to,
    data: { action },
    at: now,
  });
  return updated;
}
