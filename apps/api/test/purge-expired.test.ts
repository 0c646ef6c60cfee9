import { count } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  applications,
  captchaRequests,
  captchas,
  emailCodes,
  loginFailures,
  sessions,
  smsCodes,
  smsRequests,
  staffMembers,
  staffSessions,
  staffSetupTokens,
  staffSignInFailures,
  users,
} from '../src/db/schema';
import { purgeExpired } from '../src/plugins/app/maintenance/purge-expired';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();
const DAY = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('purgeExpired (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('removes only rows that no rule reads any more', async () => {
    const db = t.app.ctx.db;
    const now = new Date('2026-11-25T12:00:00Z');
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    await db.insert(captchas).values([
      { deviceId: 'd1', textHash: 'x', createdAt: at(3 * DAY), expiresAt: at(3 * DAY - 300_000) },
      { deviceId: 'd2', textHash: 'y', createdAt: at(60_000), expiresAt: at(-240_000) },
    ]);
    await db.insert(captchaRequests).values([
      { ip: '1', createdAt: at(3 * DAY) },
      { ip: '1', createdAt: at(60_000) },
    ]);
    await db.insert(smsCodes).values([
      { mobileHash: 'm', ip: '1', codeHash: 'c', createdAt: at(3 * DAY), expiresAt: at(3 * DAY - 300_000) },
      // inside the daily limit window: must stay
      { mobileHash: 'm', ip: '1', codeHash: 'c', createdAt: at(20 * 60 * 60 * 1000), expiresAt: at(0) },
    ]);
    await db.insert(smsRequests).values([
      { mobileHash: 'm', ip: '1', createdAt: at(3 * DAY) },
      { mobileHash: 'm', ip: '1', createdAt: at(DAY / 2) },
    ]);
    await db.insert(loginFailures).values([
      { mobileHash: 'm', ip: '1', createdAt: at(3 * DAY) },
      // inside the hour the wrong-code limits count: must stay
      { mobileHash: 'm', ip: '1', createdAt: at(30 * 60 * 1000) },
    ]);
    const [user] = await db
      .insert(users)
      .values({ region: 'HK', mobileEnc: 'e', mobileHash: 'purge-test', mobileMasked: '91****78' })
      .returning({ id: users.id });
    await db.insert(sessions).values([
      { tokenHash: 'old', userId: user!.id, createdAt: at(9 * DAY), expiresAt: at(8 * DAY) },
      {
        tokenHash: 'revoked',
        userId: user!.id,
        createdAt: at(9 * DAY),
        expiresAt: at(-DAY),
        revokedAt: at(8 * DAY),
      },
      { tokenHash: 'live', userId: user!.id, createdAt: at(DAY / 2), expiresAt: at(-DAY / 2) },
    ]);

    const [app] = await db
      .insert(applications)
      .values({ userId: user!.id, markets: ['HKMargin'] })
      .returning({ id: applications.id });
    const mail = { applicationId: app!.id, emailHash: 'e', ip: '1', codeHash: 'c' };
    await db.insert(emailCodes).values([
      { ...mail, createdAt: at(3 * DAY), expiresAt: at(3 * DAY - 300_000) },
      // the proof that the application receives mail there: kept however old
      { ...mail, createdAt: at(3 * DAY), expiresAt: at(3 * DAY - 300_000), verifiedAt: at(3 * DAY - 60_000) },
      // inside the daily limit window: must stay
      { ...mail, createdAt: at(20 * 60 * 60 * 1000), expiresAt: at(0) },
    ]);

    const removed = await purgeExpired(db, now);
    expect(removed).toEqual({
      captchas: 1,
      captchaRequests: 1,
      smsCodes: 1,
      smsRequests: 1,
      loginFailures: 1,
      emailCodes: 1,
      sessions: 2,
      staffSessions: 0,
      staffSignInFailures: 0,
      staffSetupTokens: 0,
    });
    const left = async (
      table:
        | typeof captchas
        | typeof captchaRequests
        | typeof smsCodes
        | typeof smsRequests
        | typeof loginFailures
        | typeof emailCodes
        | typeof sessions,
    ) => (await db.select({ n: count() }).from(table))[0]!.n;
    expect(await left(captchas)).toBe(1);
    expect(await left(captchaRequests)).toBe(1);
    expect(await left(smsCodes)).toBe(1);
    expect(await left(smsRequests)).toBe(1);
    expect(await left(loginFailures)).toBe(1);
    expect(await left(emailCodes)).toBe(2);
    expect(await left(sessions)).toBe(1);
    // a second run finds nothing more
    expect(await purgeExpired(db, now)).toEqual({
      captchas: 0,
      captchaRequests: 0,
      smsCodes: 0,
      smsRequests: 0,
      loginFailures: 0,
      emailCodes: 0,
      sessions: 0,
      staffSessions: 0,
      staffSignInFailures: 0,
      staffSetupTokens: 0,
    });
  });

  run(
    'staff: sessions a week after they ended or expired, sign-in failures after a day, set-up links a week after they expired',
    async () => {
      const db = t.app.ctx.db;
      const now = new Date('2026-11-25T12:00:00Z');
      const at = (msAgo: number) => new Date(now.getTime() - msAgo);
      const [member] = await db
        .insert(staffMembers)
        .values({
          username: 'purge.me',
          displayName: 'P',
          passwordHash: null,
          totpSecretSealed: null,
          roles: [],
        })
        .returning({ id: staffMembers.id });
      const session = (tokenHash: string, createdMsAgo: number, ended?: number) => ({
        tokenHash,
        staffId: member!.id,
        csrfToken: 'c',
        createdAt: at(createdMsAgo),
        lastSeenAt: at(createdMsAgo),
        expiresAt: at(createdMsAgo - 10 * 60 * 60 * 1000),
        ...(ended !== undefined ? { endedAt: at(ended), endedReason: 'signed_out' } : {}),
      });
      await db.insert(staffSessions).values([
        session('expired-long-ago', 9 * DAY), // expired 9 days less 10 hours ago
        session('ended-long-ago', 3 * DAY, 8 * DAY),
        session('ended-yesterday', 2 * DAY, DAY),
        session('open', 60_000),
      ]);
      await db.insert(staffSignInFailures).values([
        { username: 'purge.me', ip: '1', createdAt: at(DAY + 60_000) },
        { username: 'purge.me', ip: '1', createdAt: at(60 * 60 * 1000) },
      ]);
      await db.insert(staffSetupTokens).values([
        { staffId: member!.id, tokenHash: 'old', createdAt: at(10 * DAY), expiresAt: at(9 * DAY) },
        { staffId: member!.id, tokenHash: 'new', createdAt: at(DAY), expiresAt: at(0) },
      ]);
      const removed = await purgeExpired(db, now);
      expect(removed).toMatchObject({ staffSessions: 2, staffSignInFailures: 1, staffSetupTokens: 1 });
      expect(
        (await db.select({ h: staffSessions.tokenHash }).from(staffSessions)).map((r) => r.h).sort(),
      ).toEqual(['ended-yesterday', 'open']);
      expect((await db.select({ n: count() }).from(staffSignInFailures))[0]!.n).toBe(1);
      expect(
        (await db.select({ h: staffSetupTokens.tokenHash }).from(staffSetupTokens)).map((r) => r.h),
      ).toEqual(['new']);
      expect(await purgeExpired(db, now)).toMatchObject({
        staffSessions: 0,
        staffSignInFailures: 0,
        staffSetupTokens: 0,
      });
    },
  );
});
