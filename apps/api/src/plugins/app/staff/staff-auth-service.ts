import { normalizeStaffUsername } from '@hk/domain/staff/accounts';
import { STAFF_LANGUAGES, type StaffMember, type StaffSession } from '@hk/domain/staff/contracts';
import { checkIsStaffRole, type StaffRole } from '@hk/domain/staff/roles';
import {
  checkIsStaffLocked,
  STAFF_LOCKOUT_FAILURES,
  staffSessionDeadlines,
  staffSessionEnd,
} from '@hk/domain/staff/session-rules';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { sha256Hex } from '../../../lib/crypto';
import { matchTotpStep, verifyStaffPassword } from './staff-credentials';
import { recordStaffEvent } from './staff-event-repository';
import {
  acceptStaffTotpStep,
  findStaffByUsername,
  recordStaffFailure,
  type StaffMemberRow,
} from './staff-repository';
import {
  endStaffSession,
  findOpenStaffSession,
  insertStaffSession,
  touchStaffSession,
} from './staff-session-repository';

// Signing staff in and out, and reading a session (issue #14, docs/backoffice.md). Handlers call
// these; only the repositories touch the database.

/** Where a request came from, for the events (a staff member's own address is kept as it is). */
export interface StaffClient {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;

export function toStaffMember(row: StaffMemberRow): StaffMember {
  const language = (STAFF_LANGUAGES as readonly string[]).includes(row.language)
    ? (row.language as StaffMember['language'])
    : 'en';
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    roles: row.roles.filter(checkIsStaffRole),
    language,
  };
}

/** A signed-in staff member as hooks and handlers see them. */
export interface StaffRequestSession {
  tokenHash: string;
  csrfToken: string;
  staff: StaffMember;
  roles: StaffRole[];
  createdAt: Date;
  lastSeenAt: Date;
}

export function toStaffSessionView(session: StaffRequestSession): StaffSession {
  const { idleExpiresAt, expiresAt } = staffSessionDeadlines(
    session.createdAt.getTime(),
    session.lastSeenAt.getTime(),
  );
  return {
    staff: session.staff,
    csrfToken: session.csrfToken,
    idleExpiresAt: new Date(idleExpiresAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

const event = (client: StaffClient) => ({
  ip: client.ip,
  userAgent: client.userAgent,
  requestId: client.requestId,
});

/** A wrong password or code: counted; the failure that reaches the limit locks, and says so in the events. */
async function fail(ctx: Ctx, member: StaffMemberRow, reason: string, client: StaffClient): Promise<never> {
  const now = ctx.now();
  const after = await recordStaffFailure(ctx.db, member.id, now);
  await recordStaffEvent(
    ctx.db,
    {
      type: 'sign_in_failed',
      staffId: member.id,
      data: { reason, failedCount: after?.failedCount ?? null },
      ...event(client),
    },
    now,
  );
  // exactly one failure reaches the limit, however many race (a run-out lock starts again at 1)
  if (after?.lockedUntil && after.failedCount === STAFF_LOCKOUT_FAILURES)
    await recordStaffEvent(
      ctx.db,
      {
        type: 'locked',
        staffId: member.id,
        data: { until: after.lockedUntil.toISOString() },
        ...event(client),
      },
      now,
    );
  // The failure that locks answers as any other: "locked" is said only to someone who knows the
  // password, so the answer never tells whether a username exists.
  throw new AppError('STAFF_WRONG_CREDENTIALS');
}

/**
 * Password first (argon2id; an unknown username verifies a decoy, so it costs the same), then the
 * TOTP code, whose step is taken in the database so a code works once. Five failures in a row lock
 * the account for 15 minutes; while locked, the right password hears "locked" and nothing else
 * is checked or counted.
 */
export async function signInStaff(
  ctx: Ctx,
  input: { username: string; password: string; totp: string },
  client: StaffClient,
): Promise<{ token: string; session: StaffRequestSession }> {
  const username = normalizeStaffUsername(input.username);
  const member = await findStaffByUsername(ctx.db, username);
  const passwordOk = await verifyStaffPassword(member?.passwordHash ?? null, input.password);
  const now = ctx.now();
  if (!member || member.disabledAt) {
    await recordStaffEvent(
      ctx.db,
      {
        type: 'sign_in_failed',
        staffId: member?.id ?? null,
        username: member ? null : username.slice(0, 64),
        data: { reason: member ? 'disabled' : 'unknown_user' },
        ...event(client),
      },
      now,
    );
    throw new AppError('STAFF_WRONG_CREDENTIALS');
  }
  if (checkIsStaffLocked(member.lockedUntil?.getTime() ?? null, now.getTime())) {
    await recordStaffEvent(
      ctx.db,
      {
        type: passwordOk ? 'sign_in_refused_locked' : 'sign_in_failed',
        staffId: member.id,
        data: passwordOk ? {} : { reason: 'password_while_locked' },
        ...event(client),
      },
      now,
    );
    throw new AppError(passwordOk ? 'STAFF_LOCKED' : 'STAFF_WRONG_CREDENTIALS');
  }
  if (!passwordOk) return fail(ctx, member, 'password', client);

  const secret = ctx.vault.decrypt(member.totpSecretSealed);
  const step = matchTotpStep(secret, input.totp, now);
  if (step === null) return fail(ctx, member, 'totp', client);
  if (member.lastTotpStep !== null && step <= member.lastTotpStep)
    return fail(ctx, member, 'totp_replayed', client);
  // the database decides between two sign-ins racing with one code
  if (!(await acceptStaffTotpStep(ctx.db, member.id, step, now)))
    return fail(ctx, member, 'totp_replayed', client);

  const created = await insertStaffSession(
    ctx.db,
    { staffId: member.id, ip: client.ip, userAgent: client.userAgent },
    now,
  );
  await recordStaffEvent(ctx.db, { type: 'sign_in', staffId: member.id, ...event(client) }, now);
  const staff = toStaffMember(member);
  return {
    token: created.token,
    session: {
      tokenHash: created.tokenHash,
      csrfToken: created.csrfToken,
      staff,
      roles: staff.roles,
      createdAt: now,
      lastSeenAt: now,
    },
  };
}

/** What a session cookie might be: 256 bits in base64url. Anything else is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The open session a cookie names, or null. A session past its idle or absolute end, or whose
 * account was disabled, is ended here (once, with its event) and answers null.
 */
export async function findStaffSession(
  ctx: Ctx,
  token: string | undefined,
  client: StaffClient,
): Promise<StaffRequestSession | null> {
  if (!token || !TOKEN_RE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const found = await findOpenStaffSession(ctx.db, tokenHash);
  if (!found) return null;
  const now = ctx.now();
  const ended = found.staff.disabledAt
    ? 'account_disabled'
    : staffSessionEnd(found.session.createdAt.getTime(), found.session.lastSeenAt.getTime(), now.getTime());
  if (ended) {
    if (await endStaffSession(ctx.db, tokenHash, ended, now))
      await recordStaffEvent(
        ctx.db,
        { type: 'session_expired', staffId: found.staff.id, data: { reason: ended }, ...event(client) },
        now,
      );
    return null;
  }
  const staff = toStaffMember(found.staff);
  return {
    tokenHash,
    csrfToken: found.session.csrfToken,
    staff,
    roles: staff.roles,
    createdAt: found.session.createdAt,
    lastSeenAt: found.session.lastSeenAt,
  };
}

/** Marks the session used now (the idle clock starts again). */
export async function touchStaff(ctx: Ctx, session: StaffRequestSession): Promise<StaffRequestSession> {
  const now = ctx.now();
  await touchStaffSession(ctx.db, session.tokenHash, now);
  return { ...session, lastSeenAt: now };
}

export async function signOutStaff(ctx: Ctx, session: StaffRequestSession, client: StaffClient) {
  const now = ctx.now();
  if (await endStaffSession(ctx.db, session.tokenHash, 'signed_out', now))
    await recordStaffEvent(ctx.db, { type: 'sign_out', staffId: session.staff.id, ...event(client) }, now);
}
