import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { staffEvents } from '../../../db/schema';

/** What happened to staff access (docs/backoffice.md); the audit trail is append-only. */
export type StaffEventType =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_in_refused_locked'
  | 'sign_in_refused_limited'
  | 'address_limited'
  | 'account_limited'
  | 'locked'
  | 'sign_out'
  | 'session_expired'
  | 'created'
  | 'unlocked'
  | 'disabled'
  | 'totp_reset'
  | 'password_reset'
  | 'roles_changed'
  | 'enabled'
  | 'setup_link_issued'
  | 'enrolled';

export interface StaffEventInput {
  type: StaffEventType;
  staffId: string | null;
  /** The username as typed when no account matched (never a password or a code). */
  username?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export async function recordStaffEvent(db: Db, event: StaffEventInput, now: Date) {
  await db.insert(staffEvents).values({
    type: event.type,
    staffId: event.staffId,
    username: event.username ?? null,
    data: event.data ?? {},
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    requestId: event.requestId ?? null,
    createdAt: now,
  });
}

export async function listStaffEvents(db: Db, opts: { staffId?: string; limit?: number } = {}) {
  const query = db.select().from(staffEvents);
  const filtered = opts.staffId ? query.where(eq(staffEvents.staffId, opts.staffId)) : query;
  return filtered.orderBy(desc(staffEvents.id)).limit(opts.limit ?? 100);
}
