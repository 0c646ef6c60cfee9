import { normalizeStaffUsername, staffPasswordProblem } from '@hk/domain/staff/accounts';
import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import {
  STAFF_SETUP_LINK_DEFAULT_HOURS,
  type StaffCreateRequest,
  type StaffMemberView,
  type StaffSetupStart,
  type StaffState,
} from '@hk/domain/staff/management';
import { checkIsStaffRole, type StaffRole, staffSelfChangeProblem } from '@hk/domain/staff/roles';
import { STAFF_ACCOUNT_LOCK_ADDRESSES, STAFF_ACCOUNT_LOCK_FAILURES } from '@hk/domain/staff/sign-in-limits';
import QRCode from 'qrcode';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { randomToken, sha256Hex } from '../../../lib/crypto';
import type { StaffClient, StaffRequestSession } from './staff-auth-service';
import { createTotpSecret, hashStaffPassword, matchTotpStep, totpUri } from './staff-credentials';
import { recordStaffEvent, type StaffEventInput } from './staff-event-repository';
import { clearStaffFailures, listLockedUsernames } from './staff-limit-repository';
import { findStaffById, insertStaff, listStaff, type StaffMemberRow, updateStaff } from './staff-repository';
import { endStaffSessionsOf } from './staff-session-repository';
import {
  findOpenSetupToken,
  insertSetupToken,
  openSetupLinkEnds,
  revokeSetupTokens,
  setPendingTotp,
  useSetupToken,
} from './staff-setup-repository';

// The staff page (issue #22, docs/backoffice.md "Staff page"): administrators (`staff.manage`)
// create members and change them; every change is a staff event naming the actor. A new member
// gets no password and no authenticator from anyone: a one-time link lets them set both.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;

const HOUR_MS = 60 * 60 * 1000;
const LOCK = { failures: STAFF_ACCOUNT_LOCK_FAILURES, addresses: STAFF_ACCOUNT_LOCK_ADDRESSES };

const language = (value: string) =>
  (STAFF_LANGUAGES as readonly string[]).includes(value) ? (value as StaffMemberView['language']) : 'en';

function stateOf(row: StaffMemberRow, locked: Set<string>): StaffState {
  if (row.disabledAt) return 'disabled';
  if (!row.passwordHash || !row.totpSecretSealed) return 'awaiting_setup';
  if (locked.has(row.username)) return 'locked';
  return 'active';
}

function viewOf(row: StaffMemberRow, locked: Set<string>, linkEnds: Map<string, Date>): StaffMemberView {
  const state = stateOf(row, locked);
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    roles: row.roles.filter(checkIsStaffRole),
    language: language(row.language),
    state,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    setupLinkExpiresAt: state === 'awaiting_setup' ? (linkEnds.get(row.id)?.toISOString() ?? null) : null,
  };
}

async function viewsOf(ctx: Ctx, rows: StaffMemberRow[]): Promise<StaffMemberView[]> {
  const now = ctx.now();
  const locked = await listLockedUsernames(ctx.db, now, LOCK);
  const ends = await openSetupLinkEnds(
    ctx.db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => viewOf(row, locked, ends));
}

export async function listStaffMembers(ctx: Ctx): Promise<StaffMemberView[]> {
  return viewsOf(ctx, await listStaff(ctx.db));
}

async function memberView(ctx: Ctx, id: string): Promise<StaffMemberView> {
  const row = await findStaffById(ctx.db, id);
  if (!row) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  const [view] = await viewsOf(ctx, [row]);
  return view!;
}

const by = (actor: StaffRequestSession) => ({ by: actor.staff.id, byUsername: actor.staff.username });

function event(
  client: StaffClient,
  type: StaffEventInput['type'],
  staffId: string,
  data: Record<string, unknown>,
): StaffEventInput {
  return { type, staffId, data, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };
}

async function requireMember(ctx: Ctx, id: string) {
  const row = await findStaffById(ctx.db, id.toLowerCase());
  if (!row) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  return row;
}

/** A new one-time link: 256 random bits, only their hash kept; older open links of the member end. */
async function issueLink(db: Db, staffId: string, actorId: string | null, hours: number, now: Date) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + hours * HOUR_MS);
  await insertSetupToken(db, { staffId, tokenHash: sha256Hex(token), createdBy: actorId, expiresAt }, now);
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function createStaffMember(
  ctx: Ctx,
  actor: StaffRequestSession,
  input: StaffCreateRequest,
  client: StaffClient,
) {
  const username = normalizeStaffUsername(input.username);
  const roles = [...new Set(input.roles)];
  const hours = input.linkValidHours ?? STAFF_SETUP_LINK_DEFAULT_HOURS;
  const now = ctx.now();
  const created = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await insertStaff(
      db,
      {
        username,
        displayName: input.displayName.trim(),
        passwordHash: null,
        totpSecretSealed: null,
        roles,
        language: input.language,
      },
      now,
    );
    if (!row) throw new AppError('STAFF_USERNAME_TAKEN', { username: 'code_staff_username_taken' });
    const link = await issueLink(db, row.id, actor.staff.id, hours, now);
    await recordStaffEvent(db, event(client, 'created', row.id, { roles, ...by(actor) }), now);
    await recordStaffEvent(
      db,
      event(client, 'setup_link_issued', row.id, { expiresAt: link.expiresAt, ...by(actor) }),
      now,
    );
    return { id: row.id, link };
  });
  return { member: await memberView(ctx, created.id), setupLink: created.link };
}

function refuseSelf(problem: ReturnType<typeof staffSelfChangeProblem>, field: string) {
  if (problem) throw new AppError('STAFF_SELF_CHANGE_REFUSED', { [field]: problem });
}

export async function changeStaffRoles(
  ctx: Ctx,
  actor: StaffRequestSession,
  id: string,
  roles: StaffRole[],
  client: StaffClient,
) {
  const row = await requireMember(ctx, id);
  const before = row.roles.filter(checkIsStaffRole);
  const after = [...new Set(roles)];
  refuseSelf(
    staffSelfChangeProblem({
      actorId: actor.staff.id,
      targetId: row.id,
      rolesBefore: before,
      rolesAfter: after,
    }),
    'roles',
  );
  const now = ctx.now();
  await updateStaff(ctx.db, row.id, { roles: after }, now);
  await recordStaffEvent(
    ctx.db,
    event(client, 'roles_changed', row.id, { before, after, ...by(actor) }),
    now,
  );
  return memberView(ctx, row.id);
}

/** Disabled: no sign-in, every session ends, open links end; the row and its events stay. */
export async function disableStaffMember(
  ctx: Ctx,
  actor: StaffRequestSession,
  id: string,
  client: StaffClient,
) {
  const row = await requireMember(ctx, id);
  refuseSelf(
    staffSelfChangeProblem({
      actorId: actor.staff.id,
      targetId: row.id,
      rolesBefore: row.roles.filter(checkIsStaffRole),
      disabling: true,
    }),
    'member',
  );
  const now = ctx.now();
  if (!row.disabledAt) {
    await updateStaff(ctx.db, row.id, { disabledAt: now }, now);
    const ended = await endStaffSessionsOf(ctx.db, row.id, 'account_disabled', now);
    await revokeSetupTokens(ctx.db, row.id, now);
    await recordStaffEvent(
      ctx.db,
      event(client, 'disabled', row.id, { sessionsEnded: ended, ...by(actor) }),
      now,
    );
  }
  return memberView(ctx, row.id);
}

export async function enableStaffMember(
  ctx: Ctx,
  actor: StaffRequestSession,
  id: string,
  client: StaffClient,
) {
  const row = await requireMember(ctx, id);
  const now = ctx.now();
  if (row.disabledAt) {
    await updateStaff(ctx.db, row.id, { disabledAt: null }, now);
    await recordStaffEvent(ctx.db, event(client, 'enabled', row.id, { ...by(actor) }), now);
  }
  return memberView(ctx, row.id);
}

/** Forgets every failed sign-in of the username (every address): the lock and back-offs end. */
export async function unlockStaffMember(
  ctx: Ctx,
  actor: StaffRequestSession,
  id: string,
  client: StaffClient,
) {
  const row = await requireMember(ctx, id);
  const now = ctx.now();
  await clearStaffFailures(ctx.db, row.username);
  await updateStaff(ctx.db, row.id, { failedCount: 0, lockedUntil: null }, now);
  await recordStaffEvent(ctx.db, event(client, 'unlocked', row.id, { ...by(actor) }), now);
  return memberView(ctx, row.id);
}

/**
 * Resets the member's sign-in (a lost phone, or a link that expired before first use): the
 * password and authenticator stop working at once, every session ends, and a new one-time link
 * lets the member set both again.
 */
export async function resetStaffSignIn(
  ctx: Ctx,
  actor: StaffRequestSession,
  id: string,
  hours: number | undefined,
  client: StaffClient,
) {
  const row = await requireMember(ctx, id);
  if (row.disabledAt) throw new AppError('STAFF_MEMBER_NOT_FOUND');
  refuseSelf(
    staffSelfChangeProblem({
      actorId: actor.staff.id,
      targetId: row.id,
      rolesBefore: row.roles.filter(checkIsStaffRole),
      resettingSignIn: true,
    }),
    'member',
  );
  const now = ctx.now();
  const link = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const enrolled = row.passwordHash !== null && row.totpSecretSealed !== null;
    await updateStaff(db, row.id, { passwordHash: null, totpSecretSealed: null, lastTotpStep: null }, now);
    const ended = await endStaffSessionsOf(db, row.id, 'credentials_changed', now);
    const issued = await issueLink(db, row.id, actor.staff.id, hours ?? STAFF_SETUP_LINK_DEFAULT_HOURS, now);
    if (enrolled)
      await recordStaffEvent(
        db,
        event(client, 'totp_reset', row.id, { sessionsEnded: ended, ...by(actor) }),
        now,
      );
    await recordStaffEvent(
      db,
      event(client, 'setup_link_issued', row.id, { expiresAt: issued.expiresAt, ...by(actor) }),
      now,
    );
    return issued;
  });
  return { member: await memberView(ctx, row.id), setupLink: link };
}

async function openLink(ctx: Ctx, token: string) {
  const now = ctx.now();
  const row = await findOpenSetupToken(ctx.db, sha256Hex(token), now);
  const member = row ? await findStaffById(ctx.db, row.staffId) : null;
  if (!row || !member || member.disabledAt) throw new AppError('STAFF_SETUP_LINK_INVALID');
  return { row, member, now };
}

/**
 * The link's page: the secret to enrol (made on the first visit and kept, sealed, with the link
 * until a code confirms it), its otpauth URI and a QR code of it.
 */
export async function startStaffSetup(ctx: Ctx, token: string): Promise<StaffSetupStart> {
  const { row, member } = await openLink(ctx, token);
  const withSecret = row.pendingTotpSealed
    ? row
    : await setPendingTotp(ctx.db, row.id, ctx.vault.encrypt(createTotpSecret()));
  if (!withSecret?.pendingTotpSealed) throw new AppError('STAFF_SETUP_LINK_INVALID');
  const secret = ctx.vault.decrypt(withSecret.pendingTotpSealed);
  const otpauthUri = totpUri(secret, member.username);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    username: member.username,
    displayName: member.displayName,
    language: language(member.language),
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Sets the password and takes the authenticator once a code from the app proves it reads the
 * secret; the link is used up in the same transaction (one wins if two race).
 */
export async function finishStaffSetup(
  ctx: Ctx,
  input: { token: string; password: string; totp: string },
  client: StaffClient,
) {
  const { row, member, now } = await openLink(ctx, input.token);
  const problem = staffPasswordProblem(input.password, member.username);
  if (problem) throw new AppError('VALIDATION_FAILED', { password: problem });
  if (!row.pendingTotpSealed) throw new AppError('VALIDATION_FAILED', { totp: 'staff_totp_code_wrong' });
  const step = matchTotpStep(ctx.vault.decrypt(row.pendingTotpSealed), input.totp, now);
  if (step === null) throw new AppError('VALIDATION_FAILED', { totp: 'staff_totp_code_wrong' });
  const passwordHash = await hashStaffPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (!(await useSetupToken(db, row.id, now))) throw new AppError('STAFF_SETUP_LINK_INVALID');
    await updateStaff(
      db,
      member.id,
      {
        passwordHash,
        totpSecretSealed: row.pendingTotpSealed,
        lastTotpStep: step,
        failedCount: 0,
        lockedUntil: null,
      },
      now,
    );
    await clearStaffFailures(db, member.username);
    await recordStaffEvent(
      db,
      {
        type: 'enrolled',
        staffId: member.id,
        ip: client.ip,
        userAgent: client.userAgent,
        requestId: client.requestId,
      },
      now,
    );
  });
  return { username: member.username };
}
