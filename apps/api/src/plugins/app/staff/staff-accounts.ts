import { translateError } from '@hk/domain';
import {
  checkIsStaffDisplayName,
  checkIsStaffUsername,
  normalizeStaffUsername,
  staffPasswordProblem,
} from '@hk/domain/staff/accounts';
import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import { checkIsStaffRole, STAFF_ROLES, type StaffRole } from '@hk/domain/staff/roles';
import { STAFF_TOTP_STEP_SECONDS } from '@hk/domain/staff/session-rules';
import { STAFF_ACCOUNT_LOCK_ADDRESSES, STAFF_ACCOUNT_LOCK_FAILURES } from '@hk/domain/staff/sign-in-limits';
import type { AppContext } from '../../../context';
import { createTotpSecret, currentTotpCode, hashStaffPassword, totpUri } from './staff-credentials';
import { recordStaffEvent } from './staff-event-repository';
import { clearStaffFailures, listLockedUsernames } from './staff-limit-repository';
import { findStaffByUsername, insertStaff, listStaff, updateStaff } from './staff-repository';
import { endStaffSessionsOf } from './staff-session-repository';

// Making and changing staff accounts: the staff command (src/commands/staff.ts) and the demo
// accounts of a developer's machine. The console's staff page is staff-admin-service.ts.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;
type StaffLanguage = (typeof STAFF_LANGUAGES)[number];

/** A refusal the command prints as it is (it names a field, never a secret). */
export class StaffAccountError extends Error {}

export interface NewStaffInput {
  username: string;
  displayName: string;
  password: string;
  roles: string[];
  language?: string;
}

function checkLanguage(language: string | undefined): StaffLanguage {
  const value = language ?? 'en';
  if (!(STAFF_LANGUAGES as readonly string[]).includes(value))
    throw new StaffAccountError(`language must be one of ${STAFF_LANGUAGES.join(', ')}`);
  return value as StaffLanguage;
}

function checkRoles(roles: string[]): StaffRole[] {
  const unknown = roles.filter((r) => !checkIsStaffRole(r));
  if (unknown.length || roles.length === 0)
    throw new StaffAccountError(
      `roles must be one or more of ${STAFF_ROLES.join(', ')}; not ${unknown.join(', ') || '(none)'}`,
    );
  return [...new Set(roles)] as StaffRole[];
}

/**
 * A new account with a fresh TOTP secret. Answers the secret and its otpauth URI once, for the
 * authenticator app; the database keeps the secret sealed and the password as argon2id only.
 */
export async function createStaffAccount(ctx: Ctx, input: NewStaffInput) {
  const username = normalizeStaffUsername(input.username);
  if (!checkIsStaffUsername(username))
    throw new StaffAccountError('username: 3 to 64 letters, digits, ".", "_" or "-"');
  if (!checkIsStaffDisplayName(input.displayName))
    throw new StaffAccountError('display name: 1 to 80 characters, no control characters');
  const problem = staffPasswordProblem(input.password, username);
  if (problem) throw new StaffAccountError(`password: ${translateError('en', problem)}`);
  const roles = checkRoles(input.roles);
  const language = checkLanguage(input.language);
  const secret = createTotpSecret();
  const now = ctx.now();
  const row = await insertStaff(
    ctx.db,
    {
      username,
      displayName: input.displayName.trim(),
      passwordHash: await hashStaffPassword(input.password),
      totpSecretSealed: ctx.vault.encrypt(secret),
      roles,
      language,
    },
    now,
  );
  if (!row) throw new StaffAccountError(`username ${username} is taken`);
  await recordStaffEvent(ctx.db, { type: 'created', staffId: row.id, data: { roles, by: 'command' } }, now);
  return { id: row.id, username, roles, secret, otpauthUri: totpUri(secret, username) };
}

async function requireAccount(ctx: Ctx, username: string) {
  const row = await findStaffByUsername(ctx.db, normalizeStaffUsername(username));
  if (!row) throw new StaffAccountError(`no staff account ${username}`);
  return row;
}

/** A new TOTP secret (a lost phone): the old codes stop working and every session ends. */
export async function resetStaffTotp(ctx: Ctx, username: string) {
  const row = await requireAccount(ctx, username);
  const secret = createTotpSecret();
  const now = ctx.now();
  await updateStaff(ctx.db, row.id, { totpSecretSealed: ctx.vault.encrypt(secret), lastTotpStep: null }, now);
  await endStaffSessionsOf(ctx.db, row.id, 'credentials_changed', now);
  await recordStaffEvent(ctx.db, { type: 'totp_reset', staffId: row.id, data: { by: 'command' } }, now);
  return { username: row.username, secret, otpauthUri: totpUri(secret, row.username) };
}

export async function resetStaffPassword(ctx: Ctx, username: string, password: string) {
  const row = await requireAccount(ctx, username);
  const problem = staffPasswordProblem(password, row.username);
  if (problem) throw new StaffAccountError(`password: ${translateError('en', problem)}`);
  const now = ctx.now();
  await updateStaff(ctx.db, row.id, { passwordHash: await hashStaffPassword(password) }, now);
  await endStaffSessionsOf(ctx.db, row.id, 'credentials_changed', now);
  await recordStaffEvent(ctx.db, { type: 'password_reset', staffId: row.id, data: { by: 'command' } }, now);
}

/** Forgets every failed sign-in of the account (every address): its lock and back-offs end. */
export async function unlockStaff(ctx: Ctx, username: string) {
  const row = await requireAccount(ctx, username);
  const now = ctx.now();
  await clearStaffFailures(ctx.db, row.username);
  await updateStaff(ctx.db, row.id, { failedCount: 0, lockedUntil: null }, now);
  await recordStaffEvent(ctx.db, { type: 'unlocked', staffId: row.id, data: { by: 'command' } }, now);
}

/** Disabled accounts cannot sign in and their sessions end; the row and its events stay. */
export async function disableStaff(ctx: Ctx, username: string) {
  const row = await requireAccount(ctx, username);
  const now = ctx.now();
  await updateStaff(ctx.db, row.id, { disabledAt: now }, now);
  const ended = await endStaffSessionsOf(ctx.db, row.id, 'account_disabled', now);
  await recordStaffEvent(
    ctx.db,
    { type: 'disabled', staffId: row.id, data: { by: 'command', sessionsEnded: ended } },
    now,
  );
}

export async function listStaffAccounts(ctx: Ctx) {
  const locked = await listLockedUsernames(ctx.db, ctx.now(), {
    failures: STAFF_ACCOUNT_LOCK_FAILURES,
    addresses: STAFF_ACCOUNT_LOCK_ADDRESSES,
  });
  return (await listStaff(ctx.db)).map((row) => ({
    username: row.username,
    displayName: row.displayName,
    roles: row.roles,
    language: row.language,
    disabled: row.disabledAt !== null,
    locked: locked.has(row.username),
    awaitingSetup: !row.passwordHash || !row.totpSecretSealed,
  }));
}

/**
 * Demo accounts of a developer's machine, one per role and a second reviewer and approver (never in production: server.ts seeds
 * them only where the dev tools exist). Their password is known and printed in the log; their
 * current TOTP codes are shown by GET /dev/staff-codes.
 */
export const DEMO_STAFF_PASSWORD = 'demo-password-2026';
export const DEMO_STAFF = [
  { username: 'reviewer.demo', displayName: 'Demo Reviewer', role: 'reviewer', language: 'en' },
  { username: 'approver.demo', displayName: 'Demo Approver', role: 'approver', language: 'zh-HK' },
  { username: 'operations.demo', displayName: 'Demo Operations', role: 'operations', language: 'zh-CN' },
  { username: 'content.demo', displayName: 'Demo Content Editor', role: 'content_editor', language: 'en' },
  { username: 'admin.demo', displayName: 'Demo Administrator', role: 'administrator', language: 'en' },
  // a second maker and checker: two people reviewing at once (and two browser journeys in parallel)
  // never use each other's one-time codes, which an account accepts once
  { username: 'reviewer2.demo', displayName: 'Demo Reviewer Two', role: 'reviewer', language: 'en' },
  { username: 'approver2.demo', displayName: 'Demo Approver Two', role: 'approver', language: 'en' },
] as const satisfies readonly {
  username: string;
  displayName: string;
  role: StaffRole;
  language: StaffLanguage;
}[];

/** Creates the demo accounts that are absent; answers the usernames created. */
export async function seedDemoStaff(ctx: Ctx): Promise<string[]> {
  const created: string[] = [];
  for (const demo of DEMO_STAFF) {
    if (await findStaffByUsername(ctx.db, demo.username)) continue;
    try {
      await createStaffAccount(ctx, {
        username: demo.username,
        displayName: demo.displayName,
        password: DEMO_STAFF_PASSWORD,
        roles: [demo.role],
        language: demo.language,
      });
      created.push(demo.username);
    } catch (err) {
      // another process seeded it meanwhile
      if (!(err instanceof StaffAccountError)) throw err;
    }
  }
  return created;
}

/** The demo accounts' current codes (dev tools only). */
export async function demoStaffCodes(ctx: Ctx) {
  const now = ctx.now();
  const codes: { username: string; role: StaffRole; code: string; validForSeconds: number }[] = [];
  for (const demo of DEMO_STAFF) {
    const row = await findStaffByUsername(ctx.db, demo.username);
    if (!row || row.disabledAt || !row.totpSecretSealed) continue;
    codes.push({
      username: row.username,
      role: demo.role,
      code: currentTotpCode(ctx.vault.decrypt(row.totpSecretSealed), now),
      validForSeconds: STAFF_TOTP_STEP_SECONDS - (Math.floor(now.getTime() / 1000) % STAFF_TOTP_STEP_SECONDS),
    });
  }
  return codes;
}
