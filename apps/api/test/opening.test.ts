import { ApplicationStatus } from '@hk/domain';
import { checkIsAccountNumber } from '@hk/domain/opening/account-number';
import { type OpenAccountResponse, OpeningQueueSchema } from '@hk/domain/opening/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationEvents, applications, outboxMessages } from '../src/db/schema';
import { createOutboxSender } from '../src/plugins/app/notifications/outbox-sender';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { activatedApplication, submittedWithConsent } from './opening-helpers';
import { createStaff, type StaffAccount, signInStaff, staffCall } from './review-helpers';

const pgUrl = await findPostgres();

const quiet = { info() {}, warn() {}, error() {} };

async function appRow(t: TestApp, id: string) {
  const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

describe.each(DB_KINDS)('opening accounts (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const staff = {} as Record<'operations' | 'operations2' | 'reviewer' | 'administrator', StaffAccount>;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    staff.operations = await createStaff(t, ['operations']);
    staff.operations2 = await createStaff(t, ['operations']);
    staff.reviewer = await createStaff(t, ['reviewer']);
    staff.administrator = await createStaff(t, ['administrator']);
  });

  test("with the HKIDR consent: 3 → 5, an account number, a BCAN, the event and one notice in the applicant's language", async () => {
    const a = await activatedApplication(t, { consent: true, language: 'en' });
    const ops = await signInStaff(t, staff.operations);
    const queue = z.parse(OpeningQueueSchema, (await staffCall(t, ops, 'GET', '/opening')).json().data);
    expect(queue.applications.find((x) => x.applicationId === a.applicationId)).toMatchObject({
      hkidrConsent: true,
    });

    const res = await staffCall(t, ops, 'POST', `/opening/${a.applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json().data as OpenAccountResponse;
    expect(checkIsAccountNumber(opened.accountNumber)).toBe(true);
    expect(opened.bcan).toMatch(/^\d{10}$/);
    expect(opened.bcanTagged).toBe(`BHP001-${opened.bcan}`);
    expect(opened.sellOnly).toBe(false);

    const row = await appRow(t, a.applicationId);
    expect(row).toMatchObject({
      status: ApplicationStatus.OPENED,
      accountNumber: opened.accountNumber,
      bcan: opened.bcan,
      sellOnly: false,
    });
    expect(row.openedAt?.toISOString()).toBe(opened.openedAt);
    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, a.applicationId));
    expect(events.filter((e) => e.type === 'status_changed' && e.statusTo === 5)).toHaveLength(1);
    expect(events.find((e) => e.type === 'account_opened')).toMatchObject({
      actorType: 'operations',
      actorId: staff.operations.id,
      data: { accountNumber: opened.accountNumber, sellOnly: false },
    });
    // it leaves the queue
    const after = z.parse(OpeningQueueSchema, (await staffCall(t, ops, 'GET', '/opening')).json().data);
    expect(after.applications.some((x) => x.applicationId === a.applicationId)).toBe(false);

    const notices = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.applicationId, a.applicationId), eq(outboxMessages.template, 'opened')));
    expect(notices.map((n) => [n.channel, n.lang])).toEqual([['sms', 'en']]);

    // sent, the text message names the account number, in English
    const sent: string[] = [];
    const sender = createOutboxSender({
      db: t.app.ctx.db,
      vault: t.app.ctx.vault,
      sms: { name: 'capture', send: async (m) => void sent.push(m.body) },
      mailer: { name: 'capture', send: async () => ({ providerMessageId: null }) } as never,
      content: t.app.ctx.content,
      now: () => t.clock.now,
      log: quiet,
    });
    await sender.runOnce();
    await sender.stop();
    const mine = sent.filter((s) => s.includes(opened.accountNumber));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/^\[Harbour Peak Securities\] Your securities account is open/);
    expect(mine[0]).not.toContain('HKIDR');
  });

  test('without the HKIDR consent: no BCAN, sell-only, and the notice says so', async () => {
    const a = await activatedApplication(t, { consent: false, language: 'zh-HK' });
    const ops = await signInStaff(t, staff.operations);
    const res = await staffCall(t, ops, 'POST', `/opening/${a.applicationId}`);
    const opened = res.json().data as OpenAccountResponse;
    expect(opened).toMatchObject({ bcan: null, bcanTagged: null, sellOnly: true });
    expect(await appRow(t, a.applicationId)).toMatchObject({ bcan: null, sellOnly: true, status: 5 });
    const [notice] = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.applicationId, a.applicationId), eq(outboxMessages.template, 'opened')));
    expect(notice).toMatchObject({ channel: 'sms', lang: 'zh-HK' });
  });

  test('two racing openings of one application: one wins, the other is refused and nothing is written twice', async () => {
    const a = await activatedApplication(t, { consent: true });
    const x = await signInStaff(t, staff.operations);
    const y = await signInStaff(t, staff.operations2);
    const results = await Promise.all([
      staffCall(t, x, 'POST', `/opening/${a.applicationId}`),
      staffCall(t, y, 'POST', `/opening/${a.applicationId}`),
    ]);
    const statuses = results.map((r) => r.json().status).sort();
    expect(statuses).toEqual([0, 5403]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.json().status === 0)!.json().data as OpenAccountResponse;
    expect((await appRow(t, a.applicationId)).accountNumber).toBe(winner.accountNumber);
    const notices = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.applicationId, a.applicationId), eq(outboxMessages.template, 'opened')));
    expect(notices).toHaveLength(1);
    const opened = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, a.applicationId),
          eq(applicationEvents.type, 'account_opened'),
        ),
      );
    expect(opened).toHaveLength(1);
  });

  test('two racing openings of two applications get different numbers', async () => {
    const a = await activatedApplication(t, { consent: true });
    const b = await activatedApplication(t, { consent: true });
    const ops = await signInStaff(t, staff.operations);
    const [ra, rb] = await Promise.all([
      staffCall(t, ops, 'POST', `/opening/${a.applicationId}`),
      staffCall(t, ops, 'POST', `/opening/${b.applicationId}`),
    ]);
    expect([ra.json().status, rb.json().status]).toEqual([0, 0]);
    const [da, db] = [ra.json().data as OpenAccountResponse, rb.json().data as OpenAccountResponse];
    expect(da.accountNumber).not.toBe(db.accountNumber);
    expect(da.bcan).not.toBe(db.bcan);
    expect(checkIsAccountNumber(da.accountNumber) && checkIsAccountNumber(db.accountNumber)).toBe(true);
  });

  test('a wrong status is refused and changes nothing; unknown and malformed ids answer 404', async () => {
    const s = await submittedWithConsent(t, { consent: true });
    const ops = await signInStaff(t, staff.operations);
    const res = await staffCall(t, ops, 'POST', `/opening/${s.applicationId}`);
    expect([res.statusCode, res.json().status]).toEqual([409, 5402]);
    expect(res.json().info).toMatch(/activated/);
    expect(await appRow(t, s.applicationId)).toMatchObject({
      status: 1,
      accountNumber: null,
      openedAt: null,
    });
    const unknown = await staffCall(t, ops, 'POST', '/opening/00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().status]).toEqual([404, 5401]);
    const malformed = await staffCall(t, ops, 'POST', '/opening/not-an-id');
    expect([malformed.statusCode, malformed.json().status]).toEqual([404, 5401]);
  });

  test('permissions: signed in, account.open, and the CSRF token', async () => {
    const a = await activatedApplication(t, { consent: true });
    expect((await staffCall(t, null, 'GET', '/opening')).statusCode).toBe(401);
    for (const who of [staff.reviewer, staff.administrator]) {
      const s = await signInStaff(t, who);
      expect((await staffCall(t, s, 'GET', '/opening')).statusCode).toBe(403);
      const res = await staffCall(t, s, 'POST', `/opening/${a.applicationId}`);
      expect([res.statusCode, res.json().status]).toEqual([403, 5004]);
    }
    const ops = await signInStaff(t, staff.operations);
    const noCsrf = await staffCall(t, ops, 'POST', `/opening/${a.applicationId}`, undefined, { csrf: false });
    expect([noCsrf.statusCode, noCsrf.json().status]).toEqual([403, 5005]);
    expect((await appRow(t, a.applicationId)).status).toBe(ApplicationStatus.ACTIVATED);
  });
});
