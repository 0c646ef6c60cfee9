// The applicant's notifications of review decisions (issue #14, docs/backoffice.md "Notifications"):
// the outbox rows are written in the decision's transaction, sent after the commit by the outbox
// sender (each once, marked), retried with back-off when the provider fails or hangs, never
// delaying the decision's answer; two senders on one PostgreSQL never send one message twice.
import { ApplicationStatus, type Language } from '@hk/domain';
import { type CaseView, CaseViewSchema } from '@hk/domain/review/contracts';
import { composeNotice, type NoticeTemplate } from '@hk/domain/review/notices';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { applicationSteps, applications, emailCodes, outboxMessages } from '../src/db/schema';
import { emailLookupHash } from '../src/plugins/app/mail/email-code-service';
import type { Mailer, MailMessage } from '../src/plugins/app/mail/mailer';
import { queueDecisionNotices } from '../src/plugins/app/notifications/decision-notices';
import {
  insertOutboxMessages,
  listOutboxMessagesOfApplication,
} from '../src/plugins/app/notifications/outbox-repository';
import {
  createOutboxSender,
  type OutboxOptions,
  type OutboxSender,
  retryDelayMs,
} from '../src/plugins/app/notifications/outbox-sender';
import { createConsoleSmsProvider } from '../src/plugins/app/sms/console-sms-provider';
import type { SmsMessage, SmsProvider } from '../src/plugins/app/sms/sms-provider';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  createStaff,
  type SignedInStaff,
  type StaffAccount,
  type SubmittedApplication,
  signInStaff,
  staffCall,
  submittedApplication,
  totpNow,
} from './review-helpers';

const pgUrl = await findPostgres();
const EMAIL = 'chan.taiman@example.com'; // the personal step's address in the test applicants
const SECOND = 1000;

const view = (res: { json(): { data: unknown } }) => z.parse(CaseViewSchema, res.json().data) as CaseView;
const quiet = { info() {}, warn() {}, error() {} };

/**
 * A provider for both channels, told per recipient what to do: `fail` throws (quoting a number
 * and an address, which `last_error` must not keep), `hang` never answers; the rest are recorded.
 */
class ControlledProvider {
  sms: (SmsMessage & { at: number })[] = [];
  mail: (MailMessage & { at: number })[] = [];
  fail = new Set<string>();
  hang = new Set<string>();
  calls = 0;
  private calledWaiters: (() => void)[] = [];
  delayMs = 0;

  /** Resolves at the next call of either channel. */
  called(): Promise<void> {
    return new Promise((r) => this.calledWaiters.push(r));
  }
  private async attempt(to: string) {
    this.calls++;
    for (const w of this.calledWaiters.splice(0)) w();
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.hang.has(to)) await new Promise(() => {});
    if (this.fail.has(to)) throw new Error(`gateway refused ${to} (+852 9123 4567, someone@example.com)`);
  }
  readonly smsProvider: SmsProvider = {
    name: 'controlled',
    send: async (m) => {
      await this.attempt(m.to);
      this.sms.push({ ...m, at: Date.now() });
      return { providerMessageId: `SM${this.sms.length}` };
    },
  };
  readonly mailer: Mailer = {
    name: 'controlled',
    send: async (m) => {
      await this.attempt(m.to);
      this.mail.push({ ...m, at: Date.now() });
    },
  };
  smsTo(mobile: string) {
    return this.sms.filter((m) => m.to === `+852${mobile}`);
  }
}

/** The customer-service numbers a notice gives: the seeded row of content_service (migration 0013). */
const SEEDED_SERVICE = { tel: '400-800-8888', tel_hk: '+852 3000 8888' };
describe.each(DB_KINDS)('notifications outbox (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const accounts = {} as Record<'reviewer' | 'approver', StaffAccount>;
  const senders: OutboxSender[] = [];

  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    accounts.reviewer = await createStaff(t, ['reviewer']);
    accounts.approver = await createStaff(t, ['approver']);
  });
  afterAll(async () => {
    for (const s of senders) await s.stop();
  });

  function sender(
    provider: ControlledProvider | { smsProvider: SmsProvider; mailer: Mailer },
    options: Partial<OutboxOptions> = {},
    db: Db = t.app.ctx.db,
  ) {
    const s = createOutboxSender({
      db,
      vault: t.app.ctx.vault,
      sms: provider.smsProvider,
      mailer: provider.mailer,
      content: t.app.ctx.content,
      now: () => t.clock.now,
      log: quiet,
      options: { intervalMs: 3600 * SECOND, ...options },
    });
    senders.push(s);
    return s;
  }

  /** Sends whatever earlier tests left due, so each test sees only its own messages. */
  async function flush() {
    await sender(new ControlledProvider()).runOnce();
  }

  const rowsOf = (applicationId: string) => listOutboxMessagesOfApplication(t.app.ctx.db, applicationId);
  const statusOf = async (applicationId: string) =>
    (await t.app.ctx.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!.status;

  /**
   * A submitted application that signed in `lang` (none: no language stored), whose personal step
   * gives EMAIL, verified or not.
   */
  async function submitted(opts: { lang?: Language; verified?: boolean }): Promise<SubmittedApplication> {
    const s = await submittedApplication(t);
    const { db, vault } = t.app.ctx;
    if (opts.lang)
      await db
        .update(applicationSteps)
        .set({
          answers: sql`${applicationSteps.answers} || ${JSON.stringify({ language: opts.lang })}::jsonb`,
        })
        .where(
          and(eq(applicationSteps.applicationId, s.applicationId), eq(applicationSteps.step, 'signature')),
        );
    // the helpers confirm the personal step with no answers: its address, proved or not
    await db
      .update(applicationSteps)
      .set({ answers: sql`${applicationSteps.answers} || ${JSON.stringify({ email: EMAIL })}::jsonb` })
      .where(and(eq(applicationSteps.applicationId, s.applicationId), eq(applicationSteps.step, 'personal')));
    if (opts.verified)
      await db.insert(emailCodes).values({
        applicationId: s.applicationId,
        emailHash: emailLookupHash(vault, EMAIL),
        ip: '127.0.0.1',
        codeHash: 'test',
        createdAt: t.clock.now,
        expiresAt: t.clock.now,
        verifiedAt: t.clock.now,
      });
    return s;
  }

  /** The reviewer returns the case with the ID's front in revision (status 1 → -1); the answer. */
  async function returnIt(s: SubmittedApplication, reviewer?: SignedInStaff) {
    const who = reviewer ?? (await signInStaff(t, accounts.reviewer));
    let v = view(await staffCall(t, who, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    const idFront = v.items.find((i) => i.kind === 'document' && i.step === 'identity')!;
    v = view(
      await staffCall(t, who, 'PUT', `/cases/${s.caseId}/items/${idFront.key}`, {
        version: v.case.version,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: 'The photo is blurry',
        internalNote: null,
      }),
    );
    return staffCall(t, who, 'POST', `/cases/${s.caseId}/return`, { version: v.case.version });
  }

  /** Every item approved, recommended by the reviewer, approved by the approver (1 → 2). */
  async function approveIt(s: SubmittedApplication) {
    const reviewer = await signInStaff(t, accounts.reviewer);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    for (const item of v.items)
      v = view(
        await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${item.key}`, {
          version: v.case.version,
          verdict: 'approved',
          reasons: [],
          applicantComment: null,
          internalNote: null,
        }),
      );
    v = view(
      await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, { version: v.case.version }),
    );
    const approver = await signInStaff(t, accounts.approver);
    t.clock.advance(30);
    return staffCall(t, approver, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: totpNow(t, accounts.approver),
    });
  }

  async function declineIt(s: SubmittedApplication) {
    const approver = await signInStaff(t, accounts.approver);
    return staffCall(t, approver, 'POST', `/cases/${s.caseId}/decline`, {
      version: 0,
      reason: 'not_eligible',
      internalNote: null,
    });
  }

  const expectedText = (lang: Language, template: NoticeTemplate) =>
    composeNotice(lang, template, {
      tel: SEEDED_SERVICE.tel,
      tel_hk: SEEDED_SERVICE.tel_hk,
    });

  test('a return queues an SMS (and an email only for a verified address) in its transaction, no number or address kept', async () => {
    const plain = await submitted({ lang: 'zh-HK' });
    const res = await returnIt(plain);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(plain.applicationId)).toBe(ApplicationStatus.REJECTED);
    const rows = await rowsOf(plain.applicationId);
    expect(rows.map((r) => [r.channel, r.template, r.lang, r.status, r.attempts])).toEqual([
      ['sms', 'refused', 'zh-HK', 'pending', 0],
    ]);
    expect(rows[0]).toMatchObject({
      eventKey: `case:${plain.caseId}:refused`,
      userId: plain.applicant.userId,
    });
    expect(rows[0]!.availableAt.getTime()).toBe(t.clock.now.getTime());

    const verified = await submitted({ verified: true });
    expect((await returnIt(verified)).statusCode).toBe(200);
    const both = await rowsOf(verified.applicationId);
    // no language stored with the signature: Simplified Chinese, the default
    expect(both.map((r) => [r.channel, r.template, r.lang])).toEqual([
      ['email', 'refused', 'zh-CN'],
      ['sms', 'refused', 'zh-CN'],
    ]);
    const stored = JSON.stringify(both);
    expect(stored).not.toContain(verified.applicant.mobile);
    expect(stored).not.toContain(EMAIL);

    // the same event queued again (a retried call, a second process) makes no second message
    const again = await t.app.ctx.db.transaction(async (tx) => {
      const [app] = await tx.select().from(applications).where(eq(applications.id, verified.applicationId));
      return queueDecisionNotices(
        tx,
        t.app.ctx.vault,
        { caseId: verified.caseId, app: app!, template: 'refused' },
        t.clock.now,
      );
    });
    expect(again).toBe(0);
    expect(await rowsOf(verified.applicationId)).toHaveLength(2);
  });

  test('a fault after the messages were queued rolls them back with the decision', async () => {
    const s = await submitted({ verified: true });
    const { db } = t.app.ctx;
    // the decline's case event fails to insert, after the status change and the outbox rows
    await db.execute(sql`create or replace function outbox_test_fault() returns trigger language plpgsql as $$
      begin if new.type = 'declined' then raise exception 'injected fault'; end if; return new; end $$`);
    await db.execute(sql`create trigger outbox_test_fault before insert on review_case_events
      for each row execute function outbox_test_fault()`);
    try {
      const res = await declineIt(s);
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger outbox_test_fault on review_case_events`);
      await db.execute(sql`drop function outbox_test_fault()`);
    }
    expect(await statusOf(s.applicationId)).toBe(ApplicationStatus.SUBMITTED);
    expect(await rowsOf(s.applicationId)).toEqual([]);
    // the same decline without the fault queues them
    expect((await declineIt(s)).statusCode).toBe(200);
    expect((await rowsOf(s.applicationId)).map((r) => [r.channel, r.template])).toEqual([
      ['email', 'declined'],
      ['sms', 'declined'],
    ]);
  });

  test('the sender sends each message once, in the applicant’s language, and marks it sent', async () => {
    await flush();
    const refused = await submitted({ verified: true });
    const approved = await submitted({ lang: 'zh-HK', verified: true });
    const declined = await submitted({ lang: 'en' });
    expect((await returnIt(refused)).statusCode).toBe(200);
    expect((await approveIt(approved)).statusCode).toBe(200);
    expect((await declineIt(declined)).statusCode).toBe(200);
    expect(await statusOf(approved.applicationId)).toBe(ApplicationStatus.APPROVED);

    const provider = new ControlledProvider();
    const s = sender(provider);
    const first = await s.runOnce();
    expect(first).toMatchObject({ sent: 5, retried: 0, failed: 0, skipped: 0 });
    expect(await s.runOnce()).toMatchObject({ sent: 0 });

    const cases: [SubmittedApplication, Language, NoticeTemplate, boolean][] = [
      [refused, 'zh-CN', 'refused', true],
      [approved, 'zh-HK', 'approved', true],
      [declined, 'en', 'declined', false],
    ];
    for (const [app, lang, template, hasEmail] of cases) {
      const text = expectedText(lang, template);
      const sms = provider.smsTo(app.applicant.mobile);
      expect(sms.map((m) => m.body)).toEqual([text.sms]);
      expect(sms[0]).toMatchObject({ mobile: app.applicant.mobile, code: '' });
      const mail = provider.mail.filter((m) => m.subject === text.subject);
      expect(mail.map((m) => [m.to, m.text])).toEqual(hasEmail ? [[EMAIL, text.text]] : []);
      const rows = await rowsOf(app.applicationId);
      expect(rows.map((r) => [r.channel, r.status, r.attempts, r.lastError])).toEqual(
        (hasEmail ? [['email', 'sent', 1, null]] : []).concat([['sms', 'sent', 1, null]]),
      );
      expect(rows.every((r) => r.sentAt?.getTime() === t.clock.now.getTime())).toBe(true);
    }
    expect(provider.smsTo(refused.applicant.mobile)[0]!.body).toMatch(/^【港峰证券】/);
    expect(provider.smsTo(approved.applicant.mobile)[0]!.body).toMatch(/^【港峰證券】.*批准/);
    expect(provider.smsTo(declined.applicant.mobile)[0]!.body).toContain(SEEDED_SERVICE.tel_hk);
    expect(provider.smsTo(declined.applicant.mobile)[0]!.body).toMatch(/^\[Harbour Peak Securities\]/);
    const smsRow = (await rowsOf(approved.applicationId)).find((r) => r.channel === 'sms')!;
    expect(smsRow.providerMessageId).toMatch(/^SM\d+$/);

    // an address no longer verified when the email is due: not sent, kept as skipped
    const unverified = await submitted({ verified: true });
    expect((await declineIt(unverified)).statusCode).toBe(200);
    await t.app.ctx.db.delete(emailCodes).where(eq(emailCodes.applicationId, unverified.applicationId));
    expect(await s.runOnce()).toMatchObject({ sent: 1, skipped: 1 });
    expect((await rowsOf(unverified.applicationId)).map((r) => [r.channel, r.status, r.lastError])).toEqual([
      ['email', 'skipped', 'no verified email'],
      ['sms', 'sent', null],
    ]);
  });

  test('a hanging or failing provider: the decision answers first; tried again with back-off, then failed', async () => {
    await flush();
    const provider = new ControlledProvider();
    const backoff = { retryBaseMs: 30 * SECOND, retryCapMs: 100 * SECOND, sendTimeoutMs: 300 };
    // a provider with idempotency keys: a time-out (the message may have been taken) is tried again
    // with the same key; without keys it would be left `unknown` (outbox-operations.test.ts)
    const keyed = {
      smsProvider: { ...provider.smsProvider, idempotencyKeys: true },
      mailer: { ...provider.mailer, idempotencyKeys: true },
    };
    const s = sender(keyed, { ...backoff, maxAttempts: 4 });
    s.start(); // as the server does: decisions kick it after their commit
    const app = await submitted({});
    const to = `+852${app.applicant.mobile}`;
    provider.hang.add(to);

    const called = provider.called();
    const res = await returnIt(app);
    // the decision answered while the provider had not (it never does): it did not wait for it
    expect(res.statusCode, res.body).toBe(200);
    expect(view(res).case.stage).toBe('returned');
    await called;
    expect(provider.smsTo(app.applicant.mobile)).toEqual([]);
    await s.idle();
    const decidedAt = t.clock.now.getTime();
    let [row] = await rowsOf(app.applicationId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, errorKind: 'no_answer' });
    expect(row!.lastError).toMatch(/did not answer within 300 ms/);
    expect(row!.availableAt.getTime()).toBe(decidedAt + retryDelayMs(1, backoff));

    // not due before its time
    provider.hang.delete(to);
    provider.fail.add(to);
    t.clock.advance(29);
    expect(await s.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    t.clock.advance(1);
    expect(await s.runOnce()).toMatchObject({ retried: 1 });
    [row] = await rowsOf(app.applicationId);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.availableAt.getTime()).toBe(t.clock.now.getTime() + 60 * SECOND);
    // the provider's error is kept short, without the number or the address it quoted
    expect(row!.lastError).toMatch(/^gateway refused \[number\]/);
    expect(row!.lastError).not.toMatch(/\d{4}|@/);

    // the provider is back: sent once, on the third attempt
    provider.fail.delete(to);
    t.clock.advance(60);
    expect(await s.runOnce()).toMatchObject({ sent: 1 });
    [row] = await rowsOf(app.applicationId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(provider.smsTo(app.applicant.mobile)).toHaveLength(1);

    // a provider that never accepts: 4 attempts (30 s, 60 s, then the 100 s cap apart), then failed
    const doomed = await submitted({});
    provider.fail.add(`+852${doomed.applicant.mobile}`);
    expect((await declineIt(doomed)).statusCode).toBe(200);
    await s.idle();
    for (const wait of [30, 60, 100]) {
      t.clock.advance(wait);
      await s.runOnce();
    }
    [row] = await rowsOf(doomed.applicationId);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, sentAt: null });
    expect(row!.failedAt).not.toBeNull();
    expect(row!.lastError).toMatch(/^gateway refused/);
    t.clock.advance(3600);
    expect(await s.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(provider.smsTo(doomed.applicant.mobile)).toEqual([]);
    await s.stop();
  });

  test('two senders at once send each message once (SKIP LOCKED; two pools on PostgreSQL)', async () => {
    await flush();
    const app = await submitted({});
    expect((await declineIt(app)).statusCode).toBe(200);
    // 40 more messages to this applicant, as 40 events would queue them
    const [appRow] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, app.applicationId));
    await t.app.ctx.db.transaction((tx) =>
      insertOutboxMessages(
        tx,
        Array.from({ length: 40 }, (_, i) => ({
          eventKey: `test:${app.caseId}:${i}`,
          applicationId: app.applicationId,
          userId: appRow!.userId,
          channel: 'sms' as const,
          template: 'approved' as const,
          lang: 'en' as const,
        })),
        t.clock.now,
      ),
    );
    // the second sender: its own pool (another server process), or PGlite's one connection
    let pool: pg.Pool | undefined;
    let otherDb = t.app.ctx.db;
    if (t.databaseUrl) {
      pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
      otherDb = drizzle(pool, { schema }) as unknown as Db;
    }
    try {
      const a = new ControlledProvider();
      const b = new ControlledProvider();
      a.delayMs = b.delayMs = 15;
      const [ra, rb] = await Promise.all([
        sender(a, { batchSize: 4 }).runOnce(),
        sender(b, { batchSize: 4 }, otherDb).runOnce(),
      ]);
      expect(ra.sent + rb.sent).toBe(41);
      expect(a.sms.length + b.sms.length).toBe(41);
      if (kind === 'postgres') expect([a.sms.length > 0, b.sms.length > 0]).toEqual([true, true]);
      const rows = await rowsOf(app.applicationId);
      expect(rows).toHaveLength(41);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await pool?.end();
    }
  });

  test('in development the texts go where the login SMS and the code mails go (GET /dev/sms inbox, GET /dev/mail)', async () => {
    await flush();
    const app = await submitted({ lang: 'en', verified: true });
    expect((await declineIt(app)).statusCode).toBe(200);
    const consoleSms = createConsoleSmsProvider({ info() {} }, { keepInbox: true, now: () => t.clock.now });
    expect(await sender({ smsProvider: consoleSms, mailer: t.app.ctx.mailer }).runOnce()).toMatchObject({
      sent: 2,
    });
    const text = expectedText('en', 'declined');
    expect(consoleSms.inbox!.list(app.applicant.mobile).map((m) => m.body)).toEqual([text.sms]);
    const res = await t.app.inject({ method: 'GET', url: `/dev/mail?email=${encodeURIComponent(EMAIL)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ to: EMAIL, subject: text.subject, text: text.text, code: '' });
    // nothing left to send
    expect(
      (await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'pending'))).length,
    ).toBe(0);
  });
});
