// The outbox claimed, then sent (issue #22, docs/backoffice.md "Notifications"): a message is
// recorded `sending` (committed) before any provider is asked; a process that stops after the
// provider took a message and before the mark never makes a second copy — through a provider
// without an idempotency key the message is left `unknown` for operations, through one with a key
// it is sent again with the same key, which the provider delivers once. Operations (outbox.manage)
// list the open messages, recipient masked, and retry a failed or uncertain one: CSRF, a version
// compare-and-set (two retries race: one wins), an event of the application.
import type { AddressInfo } from 'node:net';
import { type OutboxList, OutboxListSchema, OutboxMessageViewSchema } from '@hk/domain/review/outbox';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  applicationEvents,
  applicationSteps,
  applications,
  emailCodes,
  outboxMessages,
} from '../src/db/schema';
import { checkIsDeliveryUncertain } from '../src/lib/delivery';
import { emailLookupHash } from '../src/plugins/app/mail/email-code-service';
import type { Mailer, MailMessage } from '../src/plugins/app/mail/mailer';
import { createSmtpMailer } from '../src/plugins/app/mail/smtp-mailer';
import { insertOutboxMessages } from '../src/plugins/app/notifications/outbox-repository';
import {
  createOutboxSender,
  type OutboxOptions,
  type OutboxSender,
} from '../src/plugins/app/notifications/outbox-sender';
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
} from './review-helpers';

const pgUrl = await findPostgres();
const EMAIL = 'chan.taiman@example.com';
const SECOND = 1000;
const quiet = { info() {}, warn() {}, error() {} };

/**
 * The provider's side of the wire, for both channels. `accepted` is what reached the provider
 * (every call that got past `refuse`), `delivered` what reached the applicant: with `keys` on, the
 * provider delivers a key once (a second call with it answers the first one's id, as a provider
 * with idempotency keys does). `crashAfterAccept`: the call is taken, then never answers — the
 * sending process is gone. `hang`: no answer and nothing taken. `refuse`: an answer that says no.
 */
class Wire {
  accepted: (SmsMessage | MailMessage)[] = [];
  delivered: (SmsMessage | MailMessage)[] = [];
  /** The row's state in the database when the provider was asked. */
  statusWhenAsked: string[] = [];
  crashAfterAccept = false;
  hang = false;
  refuse = false;
  private waiters: (() => void)[] = [];
  private ids = new Map<string, string>();

  constructor(
    readonly keys: boolean,
    private readonly rowStatus?: (id: string) => Promise<string | undefined>,
  ) {}

  /** Resolves at the next call that reached the provider. */
  reached(): Promise<void> {
    return new Promise((r) => this.waiters.push(r));
  }
  private async take(m: SmsMessage | MailMessage): Promise<{ providerMessageId: string }> {
    if (this.rowStatus && m.idempotencyKey)
      this.statusWhenAsked.push((await this.rowStatus(m.idempotencyKey)) ?? 'missing');
    if (this.hang) await new Promise(() => {});
    if (this.refuse) throw new Error('gateway answered HTTP 400');
    this.accepted.push(m);
    for (const w of this.waiters.splice(0)) w();
    const key = m.idempotencyKey ?? `anon${this.accepted.length}`;
    let id = this.keys ? this.ids.get(key) : undefined;
    if (!id) {
      id = `SM${this.accepted.length}`;
      this.ids.set(key, id);
      this.delivered.push(m);
    }
    if (this.crashAfterAccept) await new Promise(() => {});
    return { providerMessageId: id };
  }
  get sms(): SmsProvider {
    return { name: 'wire', idempotencyKeys: this.keys, send: (m) => this.take(m) };
  }
  get mailer(): Mailer {
    return { name: 'wire', idempotencyKeys: this.keys, send: (m) => this.take(m) };
  }
}

const okStatus = (res: { json(): { status: number } }) => res.json().status;

describe.each(DB_KINDS)('outbox: claimed, then sent; operations retry (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const senders: OutboxSender[] = [];
  let s: SubmittedApplication;
  const accounts = {} as Record<'ops' | 'admin' | 'reviewer' | 'editor', StaffAccount>;
  let seq = 0;

  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    s = await submittedApplication(t);
    const { db, vault } = t.app.ctx;
    // the personal step's address, verified: the email channel has a recipient
    await db
      .update(applicationSteps)
      .set({ answers: sql`${applicationSteps.answers} || ${JSON.stringify({ email: EMAIL })}::jsonb` })
      .where(and(eq(applicationSteps.applicationId, s.applicationId), eq(applicationSteps.step, 'personal')));
    await db.insert(emailCodes).values({
      applicationId: s.applicationId,
      emailHash: emailLookupHash(vault, EMAIL),
      ip: '127.0.0.1',
      codeHash: 'test',
      createdAt: t.clock.now,
      expiresAt: t.clock.now,
      verifiedAt: t.clock.now,
    });
    accounts.ops = await createStaff(t, ['operations']);
    accounts.admin = await createStaff(t, ['administrator']);
    accounts.reviewer = await createStaff(t, ['reviewer']);
    accounts.editor = await createStaff(t, ['content_editor']);
  });
  afterAll(async () => {
    for (const x of senders) await x.stop();
  });

  const rowStatus = async (id: string) =>
    (await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]?.status;

  function sender(wire: Wire, options: Partial<OutboxOptions> = {}) {
    const x = createOutboxSender({
      db: t.app.ctx.db,
      vault: t.app.ctx.vault,
      sms: wire.sms,
      mailer: wire.mailer,
      content: t.app.ctx.content,
      now: () => t.clock.now,
      log: quiet,
      options: { intervalMs: 3600 * SECOND, leaseMs: 60 * SECOND, sendTimeoutMs: 3600 * SECOND, ...options },
    });
    senders.push(x);
    return x;
  }

  /** Sends (or settles) whatever earlier tests left, so each test sees only its own message. */
  async function flush() {
    t.clock.advance(3600);
    await sender(new Wire(true)).runOnce();
    await t.app.ctx.db
      .update(outboxMessages)
      .set({ status: 'sent' })
      .where(sql`${outboxMessages.status} in ('unknown', 'failed', 'pending', 'sending')`);
  }

  /** One new message of the test application on `channel`; its row. */
  async function queue(channel: 'sms' | 'email' = 'sms') {
    const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, s.applicationId));
    await t.app.ctx.db.transaction((tx) =>
      insertOutboxMessages(
        tx,
        [
          {
            eventKey: `test:${kind}:${++seq}`,
            applicationId: s.applicationId,
            userId: app!.userId,
            channel,
            template: 'approved',
            lang: 'en',
          },
        ],
        t.clock.now,
      ),
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.eventKey, `test:${kind}:${seq}`));
    return row!;
  }
  const reread = async (id: string) =>
    (await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

  test('a crash after the provider took a message and before the mark: no second send (no idempotency key) — left unknown', async () => {
    await flush();
    const m = await queue('sms');
    const wire = new Wire(false, rowStatus);
    wire.crashAfterAccept = true;
    const reached = wire.reached();
    // the first process: it claims, asks the provider, which takes the message; then the process
    // is gone (its call never returns, so it records nothing more)
    void sender(wire).runOnce();
    await reached;
    expect(wire.statusWhenAsked).toEqual(['sending']); // committed before the provider was asked
    let row = await reread(m.id);
    expect(row).toMatchObject({ status: 'sending', attempts: 1, sentAt: null });

    // another process (or this one restarted), with the same provider, runs on
    wire.crashAfterAccept = false;
    const next = sender(wire);
    t.clock.advance(30); // within the lease: not touched
    expect(await next.runOnce()).toMatchObject({ sent: 0, uncertain: 0 });
    expect((await reread(m.id)).status).toBe('sending');
    t.clock.advance(31); // the lease has run out
    expect(await next.runOnce()).toMatchObject({ sent: 0, uncertain: 1, retried: 0 });
    row = await reread(m.id);
    expect(row).toMatchObject({ status: 'unknown', errorKind: 'interrupted', attempts: 1 });
    t.clock.advance(3600);
    expect(await next.runOnce()).toMatchObject({ sent: 0, uncertain: 0 });
    expect(wire.accepted).toHaveLength(1);
    expect(wire.delivered).toHaveLength(1);
  });

  test('the same crash through a provider with idempotency keys: sent again with the same key, delivered once', async () => {
    await flush();
    const m = await queue('email');
    const wire = new Wire(true, rowStatus);
    wire.crashAfterAccept = true;
    const reached = wire.reached();
    void sender(wire).runOnce();
    await reached;
    wire.crashAfterAccept = false;
    const next = sender(wire);
    t.clock.advance(61);
    expect(await next.runOnce()).toMatchObject({ sent: 1, uncertain: 0 });
    const row = await reread(m.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: 'SM1' });
    expect(wire.statusWhenAsked).toEqual(['sending', 'sending']);
    expect(wire.accepted.map((x) => x.idempotencyKey)).toEqual([m.id, m.id]);
    expect(wire.delivered).toHaveLength(1);
    expect(wire.delivered[0]).toMatchObject({ to: EMAIL });
  });

  test('no answer in time: unknown without a key, tried again with one; a refusal is tried again either way', async () => {
    await flush();
    const opts = { sendTimeoutMs: 200, retryBaseMs: 30 * SECOND };
    const plain = new Wire(false);
    plain.hang = true;
    const m1 = await queue('sms');
    expect(await sender(plain, opts).runOnce()).toMatchObject({ uncertain: 1, retried: 0 });
    expect(await reread(m1.id)).toMatchObject({ status: 'unknown', errorKind: 'no_answer' });
    expect((await reread(m1.id)).lastError).toMatch(/did not answer within 200 ms/);
    t.clock.advance(3600);
    plain.hang = false;
    expect(await sender(plain, opts).runOnce()).toMatchObject({ sent: 0 });
    expect(plain.accepted).toEqual([]);
    await flush();

    const keyed = new Wire(true);
    keyed.hang = true;
    const m2 = await queue('sms');
    expect(await sender(keyed, opts).runOnce()).toMatchObject({ retried: 1, uncertain: 0 });
    expect(await reread(m2.id)).toMatchObject({ status: 'pending', errorKind: 'no_answer', attempts: 1 });
    await flush();

    plain.refuse = true;
    const m3 = await queue('sms');
    expect(await sender(plain, opts).runOnce()).toMatchObject({ retried: 1 });
    expect(await reread(m3.id)).toMatchObject({ status: 'pending', errorKind: 'refused' });
  });

  const list = async (who: SignedInStaff, query = '') => {
    const res = await staffCall(t, who, 'GET', `/outbox${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.parse(OutboxListSchema, res.json().data) as OutboxList;
  };

  test('operations see the open messages, recipient masked, in words-ready fields; retry an uncertain one once, two retries racing', async () => {
    await flush();
    // an uncertain SMS and a failed email
    const wire = new Wire(false);
    wire.hang = true;
    const m = await queue('sms');
    await sender(wire, { sendTimeoutMs: 100 }).runOnce();
    const failed = await queue('email');
    wire.hang = false;
    wire.refuse = true;
    await sender(wire, { maxAttempts: 1 }).runOnce();
    wire.refuse = false;
    const waiting = await queue('sms');
    const ops = await signInStaff(t, accounts.ops);
    const admin = await signInStaff(t, accounts.admin);

    const all = await list(ops);
    expect(all.counts).toEqual({ unknown: 1, failed: 1, pending: 1, sending: 0 });
    // the ones needing a person first
    expect(all.messages.map((x) => [x.id, x.status, x.errorKind])).toEqual([
      [m.id, 'unknown', 'no_answer'],
      [failed.id, 'failed', 'refused'],
      [waiting.id, 'pending', null],
    ]);
    const sms = all.messages[0]!;
    expect(sms).toMatchObject({ channel: 'sms', template: 'approved', attempts: 1, nextAttemptAt: null });
    const mobile = s.applicant.mobile;
    expect(sms.recipient).toBe(`+852 ${mobile.slice(0, 2)}****${mobile.slice(6)}`);
    expect(all.messages[1]!.recipient).toBe('c***@example.com');
    expect(all.messages[2]!.nextAttemptAt).toBe(waiting.availableAt.toISOString());
    expect(JSON.stringify(all)).not.toContain(mobile);
    expect(JSON.stringify(all)).not.toContain(EMAIL);
    expect((await list(ops, '?status=failed')).messages.map((x) => x.id)).toEqual([failed.id]);
    // administrators too
    expect((await list(admin)).counts.unknown).toBe(1);

    // two retries of the uncertain one at once, with the version read: one wins
    const [a, b] = await Promise.all([
      staffCall(t, ops, 'POST', `/outbox/${m.id}/retry`, { version: sms.version }),
      staffCall(t, admin, 'POST', `/outbox/${m.id}/retry`, { version: sms.version }),
    ]);
    const codes = [a, b].map((r) => [r.statusCode, okStatus(r)]).sort();
    expect(codes).toEqual([
      [200, 0],
      [409, 5802],
    ]);
    const won = z.parse(OutboxMessageViewSchema, (a.statusCode === 200 ? a : b).json().data);
    expect(won).toMatchObject({ id: m.id, status: 'pending', attempts: 0 });
    expect(won.version).toBeGreaterThan(sms.version);
    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, s.applicationId),
          eq(applicationEvents.type, 'notification_retried'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorType: 'staff' });
    expect(events[0]!.actorId).toBe(a.statusCode === 200 ? ops.id : admin.id);
    expect(events[0]!.data).toMatchObject({ outboxId: m.id, from: 'unknown', channel: 'sms' });

    // the same retry again (an old version), and a retry of a message nobody needs to retry
    const again = await staffCall(t, ops, 'POST', `/outbox/${m.id}/retry`, { version: won.version });
    expect([again.statusCode, okStatus(again)]).toEqual([409, 5802]);
    expect(again.json().info).toMatch(/changed meanwhile/);

    // the sender sends it, once
    const good = new Wire(false);
    expect(await sender(good).runOnce()).toMatchObject({ sent: 2 });
    expect(await reread(m.id)).toMatchObject({ status: 'sent', attempts: 1, errorKind: null });
    expect(good.delivered.map((x) => x.idempotencyKey).sort()).toEqual([m.id, waiting.id].sort());

    // the failed email: retried, sent
    const f = (await list(ops, '?status=failed')).messages[0]!;
    const res = await staffCall(t, ops, 'POST', `/outbox/${failed.id}/retry`, { version: f.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sender(good).runOnce()).toMatchObject({ sent: 1 });
    expect(await reread(failed.id)).toMatchObject({ status: 'sent', failedAt: null });
  });

  test('the retry refuses what it must: not signed in, no CSRF, roles without outbox.manage, bad ids and bodies', async () => {
    await flush();
    const wire = new Wire(false);
    wire.refuse = true;
    const m = await queue('sms');
    await sender(wire, { maxAttempts: 1 }).runOnce();
    const { version } = await reread(m.id);
    const path = `/outbox/${m.id}/retry`;
    const ops = await signInStaff(t, accounts.ops);
    const reviewer = await signInStaff(t, accounts.reviewer);
    const editor = await signInStaff(t, accounts.editor);

    const anonymous = await staffCall(t, null, 'POST', path, { version });
    expect([anonymous.statusCode, okStatus(anonymous)]).toEqual([401, 5001]);
    const noCsrf = await staffCall(t, ops, 'POST', path, { version }, { csrf: false });
    expect([noCsrf.statusCode, okStatus(noCsrf)]).toEqual([403, 5005]);
    for (const who of [reviewer, editor]) {
      const refused = await staffCall(t, who, 'POST', path, { version });
      expect([refused.statusCode, okStatus(refused)]).toEqual([403, 5004]);
      const listed = await staffCall(t, who, 'GET', '/outbox');
      expect([listed.statusCode, okStatus(listed)]).toEqual([403, 5004]);
    }
    expect((await staffCall(t, null, 'GET', '/outbox')).statusCode).toBe(401);

    // a malformed request is a field error (1002), as on every staff route, never a 5xx
    for (const body of [{}, { version: -1 }, { version: 'x' }, { version: 1.5 }]) {
      const bad = await staffCall(t, ops, 'POST', path, body);
      expect([bad.statusCode, okStatus(bad)], JSON.stringify(body)).toEqual([200, 1002]);
    }
    const badFilter = await staffCall(t, ops, 'GET', '/outbox?status=sent');
    expect([badFilter.statusCode, okStatus(badFilter)]).toEqual([200, 1002]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await staffCall(t, ops, 'POST', `/outbox/${id}/retry`, { version: 0 });
      expect([missing.statusCode, okStatus(missing)]).toEqual([404, 5801]);
    }
    // nothing above changed it
    expect(await reread(m.id)).toMatchObject({ status: 'failed', version });
    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(
        sql`${applicationEvents.type} = 'notification_retried' and ${applicationEvents.data}->>'outboxId' = ${m.id}`,
      );
    expect(events).toEqual([]);
  });
});

/** A real SMTP server on a free port; `dropData`: the message is received, no answer is ever given. */
async function startSmtp() {
  const received: string[] = [];
  const state = { dropData: false, refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse)
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        // the message arrived; its answer never does (the mailer's socket time-out ends the wait)
        if (!state.dropData) callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    state,
    port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the SMTP mailer: a stable Message-ID per notification, a lost answer said as uncertain', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const messageIdOf = (raw: string) =>
    /^Message-ID: (.*)$/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();

  it('sends every attempt of one message with the same Message-ID, another message with another', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Harbour Peak <no-reply@notices.example.com>',
      timeoutMs: 2000,
    });
    try {
      expect(mailer.idempotencyKeys).toBe(true);
      const key = '6f1c2a9e-0b7d-4f43-9a51-3c2d1e0f9a88';
      const base = { to: 'a@example.com', subject: 'S', text: 'T', code: '' };
      const first = await mailer.send({ ...base, idempotencyKey: key });
      await mailer.send({ ...base, idempotencyKey: key });
      await mailer.send({ ...base, idempotencyKey: '0a0a0a0a-0b7d-4f43-9a51-3c2d1e0f9a88' });
      const ids = smtp.received.slice(-3).map(messageIdOf);
      expect(ids[0]).toBe(`<${key}.notice@notices.example.com>`);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
      expect(first?.providerMessageId).toBe(ids[0]);

      smtp.state.refuse = true;
      const refused = await mailer.send({ ...base, idempotencyKey: key }).catch((e: unknown) => e);
      smtp.state.refuse = false;
      expect(refused).toBeInstanceOf(Error);
      expect(checkIsDeliveryUncertain(refused)).toBe(false);
    } finally {
      mailer.close?.();
    }
  });

  it('a connection lost after the message went out is uncertain', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-reply@example.com',
      timeoutMs: 1000,
    });
    try {
      smtp.state.dropData = true;
      const count = smtp.received.length;
      const err = await mailer
        .send({ to: 'a@example.com', subject: 'S', text: 'T', code: '', idempotencyKey: 'k1' })
        .catch((e: unknown) => e);
      expect(smtp.received.length).toBe(count + 1);
      expect(checkIsDeliveryUncertain(err)).toBe(true);
      expect(String(err)).not.toContain('a@example.com');
    } finally {
      smtp.state.dropData = false;
      mailer.close?.();
    }
  });

  it('says so when no connection could be made (nothing went out)', async () => {
    const mailer = createSmtpMailer({
      url: 'smtp://127.0.0.1:1',
      from: 'no-reply@example.com',
      timeoutMs: 1000,
    });
    const err = await mailer
      .send({ to: 'a@example.com', subject: 'S', text: 'T', code: '', idempotencyKey: 'k2' })
      .catch((e: unknown) => e);
    mailer.close?.();
    expect(err).toBeInstanceOf(Error);
    expect(checkIsDeliveryUncertain(err)).toBe(false);
  });
});
