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
    });
  });
});
