import { normalizeStaffUsername } from '@hk/domain/staff/accounts';
import { STAFF_LANGUAGES, type StaffMember, type StaffSession } from '@hk/domain/staff/contracts';
import { checkIsStaffRole, type StaffRole } from '@hk/domain/staff/roles';
import { staffSessionDeadlines, staffSessionEnd } from '@hk/domain/staff/session-rules';
import {
  type StaffFailureCounts,
  staffLimitsReached,
  staffSignInLimit,
} from '@hk/domain/staff/sign-in-limits';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { sha256Hex } from '../../../lib/crypto';
import { matchTotpStep, verifyStaffPassword } from './staff-credentials';
import { recordStaffEvent } from './staff-event-repository';
import {
  clearStaffPairFailures,
  readStaffFailureCounts,
  reserveStaffAttempt,
} from './staff-limit-repository';
import { acceptStaffTotpStep, findStaffByUsername, type StaffMemberRow } from './staff-repository';
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

/** A sign-in refused by a limit: the route adds Retry-After when there is a wait to tell. */
export class StaffSignInLimitedError extends AppError {
  readonly retryAfterSeconds: number | null;
  constructor(code: 'STAFF_TOO_MANY_ATTEMPTS' | 'STAFF_LOCKED', retryAfterSeconds: number | null) {
    super(code);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A wrong password or code, an unknown, disabled or not yet enrolled account: the failure row
 * written before the check (reserveStaffAttempt) stays, with its event and an event for each limit
 * it switched on.
 * Every failure answers the same, the one that switches a limit on included.
 */
async function fail(
  ctx: Ctx,
  username: string,
  member: StaffMemberRow | null,
  reason: string,
  client: StaffClient,
  before: StaffFailureCounts,
): Promise<never> {
  const now = ctx.now();
  const who = { staffId: member?.id ?? null, username: member ? null : username.slice(0, 64) };
  await recordStaffEvent(ctx.db, { type: 'sign_in_failed', ...who, data: { reason }, ...event(client) }, now);
  const after = await readStaffFailureCounts(ctx.db, username, client.ip, now);
  const reached = staffLimitsReached(before, after);
  if (reached.address)
    await recordStaffEvent(
      ctx.db,
      { type: 'address_limited', ...who, data: { failures: after.address.count }, ...event(client) },
      now,
    );
  if (reached.pair)
    await recordStaffEvent(
      ctx.db,
      { type: 'account_limited', ...who, data: { failures: after.pair.count }, ...event(client) },
      now,
    );
  if (reached.locked)
    await recordStaffEvent(
      ctx.db,
      {
        type: 'locked',
        ...who,
        data: { failures: after.account.count, addresses: after.account.addresses },
        ...event(client),
      },
      now,
    );
  throw new AppError('STAFF_WRONG_CREDENTIALS');
}

/**
 * The limits first (docs/backoffice.md "Sign-in limits"): while this address, this username from
 * it, or the username everywhere is limited, nothing is checked or counted and the answer is the
 * same whatever the password. Then the password (argon2id; an unknown username verifies a decoy,
 * so it costs the same), then the TOTP code, whose step is taken in the database so a code works
 * once.
 */
export async function signInStaff(
  ctx: Ctx,
  input: { username: string; password: string; totp: string },
  client: StaffClient,
): Promise<{ token: string; session: StaffRequestSession }> {
  const username = normalizeStaffUsername(input.username).slice(0, 64);
  const checkedAt = ctx.now();
  const { counts, limit } = await reserveStaffAttempt(ctx.db, username, client.ip, checkedAt, (c) =>
    staffSignInLimit(c, checkedAt.getTime()),
  );
  if (limit) {
    const member = await findStaffByUsername(ctx.db, username);
    await recordStaffEvent(
      ctx.db,
      {
        type: 'sign_in_refused_limited',
        staffId: member?.id ?? null,
        username: member ? null : username,
        data: { limit: limit.kind },
        ...event(client),
      },
      ctx.now(),
    );
    if (limit.kind === 'locked') throw new StaffSignInLimitedError('STAFF_LOCKED', null);
    throw new StaffSignInLimitedError('STAFF_TOO_MANY_ATTEMPTS', Math.ceil(limit.retryAfterMs / 1000));
  }
  const member = await findStaffByUsername(ctx.db, username);
  const passwordOk = await verifyStaffPassword(member?.passwordHash ?? null, input.password);
  const now = ctx.now();
  if (!member) return fail(ctx, username, null, 'unknown_user', client, counts);
  if (member.disabledAt) return fail(ctx, username, member, 'disabled', client, counts);
  if (!member.passwordHash || !member.totpSecretSealed)
    return fail(ctx, username, member, 'not_enrolled', client, counts);
  if (!passwordOk) return fail(ctx, username, member, 'password', client, counts);

  const secret = ctx.vault.decrypt(member.totpSecretSealed);
  const step = matchTotpStep(secret, input.totp, now);
  if (step === null) return fail(ctx, username, member, 'totp', client, counts);
  if (member.lastTotpStep !== null && step <= member.lastTotpStep)
    return fail(ctx, username, member, 'totp_replayed', client, counts);
  // the database decides between two sign-ins racing with one code
  if (!(await acceptStaffTotpStep(ctx.db, member.id, step, now)))
    return fail(ctx, username, member, 'totp_replayed', client, counts);
  await clearStaffPairFailures(ctx.db, username, client.ip);

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
