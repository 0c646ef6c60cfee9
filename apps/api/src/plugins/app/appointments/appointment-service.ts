import { fieldErrorsOf, hongKongToday } from '@hk/domain';
import {
  APPOINTMENT_MAX_DAYS_AHEAD,
  APPOINTMENT_SLOT_MINUTES,
  appointmentRequestSchema,
  bookableSlots,
  canonicalAppointmentSlot,
} from '@hk/domain/steps/investment/appointments';
import { checkSavedAnswersNeedRiskCall } from '@hk/domain/steps/investment/form';
import * as z from 'zod/mini';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { requireApplication } from '../application/application-access';
import { requireActionBudget } from '../budgets/action-budget';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { findStepRow, lockEditableApplicationOfUser } from '../steps/step-repository';
import {
  type AppointmentRow,
  deleteAppointment,
  findAppointment,
  upsertAppointment,
} from './appointment-repository';

/** The one form a slot is shown and recorded in: `YYYY-MM-DDTHH:mm:00+08:00`. */
const slotOf = (at: Date) => canonicalAppointmentSlot(at.toISOString())!;

function toAppointment(row: AppointmentRow) {
  return { slot: slotOf(row.slotAt), version: row.version, booked_at: row.updatedAt.toISOString() };
}

/**
 * spec §7 `appointment_status`: whether the saved investment answers call for the risk-disclosure
 * call, the booking if any, and every slot that can be booked from today (Hong Kong) on.
 */
export async function fetchAppointmentStatus(ctx: AppContext, userId: string) {
  const app = await requireApplication(ctx, userId);
  const [investment, booking] = await Promise.all([
    findStepRow(ctx.db, app.id, 'investment'),
    findAppointment(ctx.db, app.id),
  ]);
  const now = ctx.now();
  return {
    needed: checkSavedAnswersNeedRiskCall(investment?.answers),
    appointment: booking ? toAppointment(booking) : null,
    slot_minutes: APPOINTMENT_SLOT_MINUTES,
    // today and the APPOINTMENT_MAX_DAYS_AHEAD days after it
    days: bookableSlots(hongKongToday(now), APPOINTMENT_MAX_DAYS_AHEAD + 1, now),
  };
}

/**
 * spec §7 `appoint`: books the call, or changes it (the new slot replaces the old one; both are
 * kept as application events). The slot is checked against the server's clock; the saved investment
 * answers must say less than one year in every product. One transaction, the application locked.
 * The same slot again writes nothing; a booking or change past the hour's budget is refused (2019).
 */
export async function bookAppointment(
  ctx: AppContext,
  userId: string,
  body: { slot: string; appointment_version?: number | undefined },
  meta: EventMeta,
) {
  const now = ctx.now();
  const parsed = z.safeParse(appointmentRequestSchema(now), { slot: body.slot });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
  const slotAt = new Date(parsed.data.slot);
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const investment = await findStepRow(tx, app.id, 'investment');
    if (!checkSavedAnswersNeedRiskCall(investment?.answers)) throw new AppError('APPOINTMENT_NOT_NEEDED');
    const current = await findAppointment(tx, app.id);
    if (body.appointment_version !== undefined && body.appointment_version !== (current?.version ?? 0))
      throw new AppError('STEP_VERSION_CONFLICT');
    // the same slot again: nothing changes
    if (current && current.slotAt.getTime() === slotAt.getTime())
      return { appointment: toAppointment(current), changed_from: null };
    await requireActionBudget(tx, app.id, 'appointment', now);
    const row = await upsertAppointment(tx, app.id, slotAt, now);
    await recordEvent(tx, meta, {
      type: current ? 'appointment_changed' : 'appointment_booked',
      applicationId: app.id,
      userId,
      step: 'investment',
      data: { slot: slotOf(row.slotAt), ...(current ? { from: slotOf(current.slotAt) } : {}) },
      at: now,
    });
    return { appointment: toAppointment(row), changed_from: current ? slotOf(current.slotAt) : null };
  });
}

/** The booked slot, for the investment step's rules (StepFormContext.riskCallSlot). */
export async function findRiskCallSlot(tx: Tx, applicationId: string): Promise<string | null> {
  const row = await findAppointment(tx, applicationId);
  return row ? slotOf(row.slotAt) : null;
}

/**
 * When the investment step is confirmed with a year or more of experience somewhere, the call is
 * no longer needed: its booking is cancelled (an event keeps it), so the call list holds only
 * applications that need the call. Called inside the step's transaction.
 */
export async function releaseUnneededAppointment(
  tx: Tx,
  app: { id: string; userId: string },
  answers: Readonly<Record<string, unknown>>,
  meta: EventMeta,
  now: Date,
): Promise<void> {
  if (checkSavedAnswersNeedRiskCall(answers)) return;
  const current = await findAppointment(tx, app.id);
  if (!current) return;
  await deleteAppointment(tx, app.id);
  await recordEvent(tx, meta, {
    type: 'appointment_cancelled',
    applicationId: app.id,
    userId: app.userId,
    step: 'investment',
    data: { slot: slotOf(current.slotAt), reason: 'not_needed' },
    at: now,
  });
}
