import type { Actor } from '@hk/domain';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { applicationEvents } from '../../../db/schema';
import { clientKey } from '../../../lib/client-key';
import type { Vault } from '../../../lib/crypto';

export type EventRow = typeof applicationEvents.$inferSelect;

/**
 * Where a change came from: the request id, the client address as a keyed hash (never the address
 * itself), the user agent. Built once per request by `eventMetaOf`.
 */
export interface EventMeta {
  actorType: Actor;
  actorId: string | null;
  requestId: string | null;
  clientHash: string | null;
  userAgent: string | null;
}

export const EVENT_TYPES = [
  'login',
  'logout',
  'application_created',
  'step_saved',
  'step_confirmed',
  'step_reopened',
  'id_number_checked',
  'document_uploaded',
  'upload_refused',
  'document_deleted',
  'status_changed',
  'submission_created',
  'appointment_booked',
  'appointment_changed',
  'appointment_cancelled',
  'email_verified',
  'agreement_opened',
  'risk_disclosure_started',
  'risk_disclosure_listened',
  'live_code_issued',
  // the identity deposit, the applicant's side (issue #15, docs/deposit.md)
  'deposit_reference_issued',
  'remittance_paid',
  'remittance_reset',
  // issue #15, operations (docs/deposit.md "Operations"): a statement credit matched to the
  // application or flagged against it, a clearer voucher asked for, a refund recorded
  'deposit_matched',
  'deposit_flagged',
  'deposit_voucher_requested',
  'deposit_refund_recorded',
  // issue #15 (docs/opening.md): the account number given at opening; legal holds on the records
  'account_opened',
  'legal_hold_placed',
  'legal_hold_released',
  // issue #22 (docs/backoffice.md "Notifications"): a failed or uncertain notification sent again
  // by a person from the console's outbox page
  'notification_retried',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function eventMetaOf(request: FastifyRequest, vault: Vault): EventMeta {
  const ua = request.headers['user-agent'];
  return {
    actorType: 'applicant',
    actorId: request.session?.userId ?? null,
    requestId: request.id,
    clientHash: vault.lookupHash(`client:${clientKey(request.ip)}`),
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
  };
}

/** For changes nobody asked for in a request (migrations, jobs). */
export const SYSTEM_EVENT_META: EventMeta = {
  actorType: 'system',
  actorId: null,
  requestId: null,
  clientHash: null,
  userAgent: null,
};

/** Appends one event; call it inside the transaction of the change it records. */
export async function recordEvent(
  tx: Tx | Db,
  meta: EventMeta,
  event: {
    type: EventType;
    applicationId?: string | null;
    userId?: string | null;
    step?: string | null;
    statusFrom?: number | null;
    statusTo?: number | null;
    data?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await tx.insert(applicationEvents).values({
    applicationId: event.applicationId ?? null,
    userId: event.userId ?? null,
    actorType: meta.actorType,
    actorId: meta.actorId,
    type: event.type,
    step: event.step ?? null,
    statusFrom: event.statusFrom ?? null,
    statusTo: event.statusTo ?? null,
    data: event.data ?? {},
    requestId: meta.requestId,
    clientHash: meta.clientHash,
    userAgent: meta.userAgent,
    createdAt: event.at,
  });
}

/** Events of these types for an application at or after `since` (the action budgets, the ID-check limit). */
export async function countEventsSince(
  tx: Tx | Db,
  applicationId: string,
  type: EventType | readonly EventType[],
  since: Date,
): Promise<number> {
  const types = typeof type === 'string' ? [type] : [...type];
  const [row] = await tx
    .select({ n: count() })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.applicationId, applicationId),
        inArray(applicationEvents.type, types),
        gte(applicationEvents.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether an application has an event of this type whose data holds these values (jsonb containment). */
export async function checkHasEventWith(
  tx: Tx | Db,
  applicationId: string,
  type: EventType,
  data: Record<string, string | number>,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: applicationEvents.id })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.applicationId, applicationId),
        eq(applicationEvents.type, type),
        sql`${applicationEvents.data} @> ${JSON.stringify(data)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listEventsOfApplication(db: Db | Tx, applicationId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.id));
}

/** The latest event of one of `types` in an application (the highest id), or null. */
export async function findLatestEventOfTypes(db: Db | Tx, applicationId: string, types: readonly string[]) {
  const [row] = await db
    .select()
    .from(applicationEvents)
    .where(
      and(eq(applicationEvents.applicationId, applicationId), inArray(applicationEvents.type, [...types])),
    )
    .orderBy(desc(applicationEvents.id))
    .limit(1);
  return row ?? null;
}

/** The data of every event of one type in an application. */
export async function listEventDataOfType(
  db: Db | Tx,
  applicationId: string,
  type: string,
): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ data: applicationEvents.data })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.type, type)));
  return rows.map((r) => r.data);
}
