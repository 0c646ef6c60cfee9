import { findPhoneRegion, type Language, type PhoneRegion } from '@hk/domain';
import { composeNotice, NOTICE_CHANNELS, type NoticeTemplate } from '@hk/domain/review/notices';
import { outboxStatusAfterUncertain } from '@hk/domain/review/outbox';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { Db } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import { checkIsDeliveryUncertain, DeliveryUncertainError } from '../../../lib/delivery';
import { toE164 } from '../auth/mobile-identity';
import type { ContentCache } from '../content/content-cache';
import { loadEmailVerifier } from '../mail/email-code-service';
import type { Mailer } from '../mail/mailer';
import { findOpenedAccount } from '../opening/opening-repository';
import type { SmsProvider } from '../sms/sms-provider';
import { findStepRow } from '../steps/step-repository';
import {
  claimDueMessages,
  closeMessage,
  findUserPhone,
  markMessageSent,
  type OutboxRow,
  scheduleMessageRetry,
  settleInterruptedMessages,
} from './outbox-repository';

// The outbox sender (issue #14, docs/backoffice.md "Notifications"). Claimed, then sent (issue #22):
// it claims due messages in a short transaction (FOR UPDATE SKIP LOCKED: two server processes on
// one PostgreSQL never take the same row) that records them `sending` and commits, and only then
// asks the SMS provider or the mail server, holding no lock and no connection, with a key that is
// the same on every attempt of a message. Then it marks each message sent, or tries it again later
// after a refusal (exponential back-off, a cap, a maximum of attempts, then `failed`, kept for
// operators). When nobody knows whether the provider took a message (no answer before the time-out,
// or a process that stopped with the message `sending`), it is sent again by itself only through a
// provider that takes the key (`idempotencyKeys`); otherwise it is `unknown`, for operations to
// check and retry by hand from the console: never a second copy by itself. The server starts one
// per process (server.ts); a decision that queued messages kicks it right after its commit
// (kickOutboxSender), without waiting for it.

export interface OutboxOptions {
  /** How often due messages are looked for (besides the kicks). */
  intervalMs: number;
  /** Messages claimed at once (sent side by side). */
  batchSize: number;
  /** How long a claim holds a message: longer than the send time-out, so no one else takes it meanwhile. */
  leaseMs: number;
  /** A provider that has not answered by then: its outcome is uncertain (see above). */
  sendTimeoutMs: number;
  /** The wait after the first failure, doubled after each one, up to `retryCapMs`. */
  retryBaseMs: number;
  retryCapMs: number;
  /** Attempts before a message is `failed`. */
  maxAttempts: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  intervalMs: 15_000,
  batchSize: 10,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 15_000,
  retryBaseMs: 30_000,
  retryCapMs: 60 * 60_000,
  maxAttempts: 10,
};

/** Claims run by one `run` at most (a backlog is taken in turns with the interval). */
const MAX_BATCHES_PER_RUN = 20;

export interface OutboxSenderDeps {
  db: Db;
  vault: Vault;
  sms: SmsProvider;
  mailer: Mailer;
  /** The customer-service numbers a notice gives, as staff manage them (docs/content.md). */
  content: Pick<ContentCache, 'serviceInfo'>;
  now: () => Date;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  options?: Partial<OutboxOptions>;
}

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  /** Closed `unknown`: the outcome is uncertain and the provider takes no idempotency key. */
  uncertain: number;
}

export interface OutboxSender {
  /** Claims and sends what is due now, batch after batch; resolves when done. */
  runOnce(): Promise<OutboxRunResult>;
  /** Asks for a run soon, without waiting for it (one more after the current one, if one is going). */
  kick(): void;
  /** Resolves once no run is going (tests, shutdown). */
  idle(): Promise<void>;
  /** Runs on the interval and answers kicks from here on. */
  start(): void;
  /** No more runs; waits for the current one. */
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures: base · 2^(attempts−1), capped. */
export function retryDelayMs(attempts: number, o: Pick<OutboxOptions, 'retryBaseMs' | 'retryCapMs'>) {
  return Math.min(o.retryCapMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A provider's failure in a few words, for `last_error` and the log: the providers' errors name no
 * number or address (twilio-sms-provider.ts, smtp-mailer.ts), and whatever looks like one is cut
 * out anyway.
 */
export function describeFailure(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (
    text
      .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g, '[address]')
      .replace(/\+?\d[\d\s().-]{5,}\d/g, '[number]')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200) || 'error'
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DeliveryUncertainError(`the provider did not answer within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Recipient =
  | { channel: 'sms'; to: string; mobile: string }
  | { channel: 'email'; to: string }
  | { skip: string };

export function createOutboxSender(deps: OutboxSenderDeps): OutboxSender {
  const o = { ...OUTBOX_DEFAULTS, ...deps.options };
  const { db, log } = deps;
  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let again = false;

  /** Where the message goes, read now (the outbox keeps no number or address). */
  async function recipientOf(m: OutboxRow): Promise<Recipient> {
    if (m.channel === 'sms') {
      const phone = await findUserPhone(db, m.userId);
      if (!phone || !findPhoneRegion(phone.region as PhoneRegion))
        return { skip: 'no mobile on the account' };
      const mobile = deps.vault.decrypt(phone.mobileEnc);
      return { channel: 'sms', to: toE164(phone.region as PhoneRegion, mobile), mobile };
    }
    const personal = await findStepRow(db, m.applicationId, 'personal');
    const raw = personal?.answers.email;
    const email = typeof raw === 'string' ? normalizeEmail(raw) : '';
    if (!email || !(await loadEmailVerifier(deps.vault, db, m.applicationId))(email))
      return { skip: 'no verified email' };
    return { channel: 'email', to: email };
  }

  async function send(m: OutboxRow, to: Exclude<Recipient, { skip: string }>): Promise<string | null> {
    // issue #15: the `opened` notice names the account number, read now (the outbox keeps none)
    const opened = m.template === 'opened' ? await findOpenedAccount(db, m.applicationId) : null;
    const service = await deps.content.serviceInfo(m.lang as Language);
    const notice = composeNotice(m.lang as Language, m.template as NoticeTemplate, {
      tel: service.tel,
      tel_hk: service.tel_hk,
      ...(opened ? { account_number: opened.accountNumber, sell_only: opened.sellOnly } : {}),
    });
    const receipt =
      to.channel === 'sms'
        ? await withTimeout(
            deps.sms.send({
              to: to.to,
              mobile: to.mobile,
              body: notice.sms,
              code: '',
              idempotencyKey: m.id,
            }),
            o.sendTimeoutMs,
          )
        : await withTimeout(
            deps.mailer.send({
              to: to.to,
              subject: notice.subject,
              text: notice.text,
              code: '',
              idempotencyKey: m.id,
            }),
            o.sendTimeoutMs,
          );
    return receipt?.providerMessageId ?? null;
  }

  /** Whether a second send on this channel with the same key is harmless. */
  const idempotent = (channel: string) =>
    Boolean(channel === 'sms' ? deps.sms.idempotencyKeys : deps.mailer.idempotencyKeys);

  /** One claimed message: sent and marked, or scheduled again, or closed. Never throws. */
  async function deliver(m: OutboxRow, result: OutboxRunResult): Promise<void> {
    const about = { outbox: m.id, channel: m.channel, template: m.template, attempt: m.attempts };
    try {
      if (m.attempts > o.maxAttempts) {
        // not reached through the sender (it closes a message at its last attempt); kept as a bound
        await closeMessage(db, m, 'failed', deps.now(), 'refused', 'no attempts left');
        result.failed++;
        return;
      }
      let providerMessageId: string | null;
      try {
        const to = await recipientOf(m);
        if ('skip' in to) {
          await closeMessage(db, m, 'skipped', deps.now(), 'no_recipient', to.skip);
          log.info({ ...about, reason: to.skip }, 'notification skipped');
          result.skipped++;
          return;
        }
        providerMessageId = await send(m, to);
      } catch (err) {
        const error = describeFailure(err);
        const uncertain = checkIsDeliveryUncertain(err);
        const next = uncertain
          ? outboxStatusAfterUncertain({
              providerIdempotent: idempotent(m.channel),
              attempts: m.attempts,
              maxAttempts: o.maxAttempts,
            })
          : m.attempts >= o.maxAttempts
            ? 'failed'
            : 'pending';
        const kind = uncertain ? 'no_answer' : 'refused';
        if (next === 'unknown') {
          // the provider may have taken it and would send a second copy: a person decides
          await closeMessage(db, m, 'unknown', deps.now(), kind, error);
          log.warn({ ...about, error }, 'notification outcome unknown; left for operations');
          result.uncertain++;
        } else if (next === 'failed') {
          await closeMessage(db, m, 'failed', deps.now(), kind, error);
          log.error({ ...about, error }, 'notification failed for good');
          result.failed++;
        } else {
          const at = new Date(deps.now().getTime() + retryDelayMs(m.attempts, o));
          await scheduleMessageRetry(db, m, at, kind, error);
          log.warn(
            { ...about, error, retryAt: at.toISOString() },
            'notification not sent; tried again later',
          );
          result.retried++;
        }
        return;
      }
      if (await markMessageSent(db, m, deps.now(), providerMessageId?.slice(0, 200) ?? null)) result.sent++;
      else log.warn(about, 'notification sent after its claim was settled');
    } catch (err) {
      // the database refused a mark: the row stays `sending` until its lease ends, then is settled
      // as interrupted (sent again only through a provider with idempotency keys)
      log.error({ ...about, err: describeFailure(err) }, 'notification outcome not recorded');
    }
  }

  /** Messages whose process stopped while they were `sending`, past their lease. */
  async function settleInterrupted(result: OutboxRunResult): Promise<void> {
    for (const channel of NOTICE_CHANNELS) {
      const moved = await settleInterruptedMessages(
        db,
        channel,
        { providerIdempotent: idempotent(channel), maxAttempts: o.maxAttempts },
        deps.now(),
      );
      for (const m of moved) {
        if (m.status === 'unknown') result.uncertain++;
        else if (m.status === 'failed') result.failed++;
        log.warn(
          { outbox: m.id, channel, attempt: m.attempts, now: m.status },
          'notification interrupted while sending',
        );
      }
    }
  }

  async function runOnce(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0, skipped: 0, uncertain: 0 };
    if (stopped) return result;
    await settleInterrupted(result);
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const now = deps.now();
      const claimed = await claimDueMessages(db, now, new Date(now.getTime() + o.leaseMs), o.batchSize);
      if (claimed.length === 0) break;
      // after the claim's commit: the providers are asked holding no lock and no connection
      await Promise.all(claimed.map((m) => deliver(m, result)));
      if (claimed.length < o.batchSize) break;
    }
    return result;
  }

  function run(): void {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = (async () => {
      do {
        again = false;
        try {
          const r = await runOnce();
          if (r.sent + r.retried + r.failed + r.skipped + r.uncertain > 0)
            log.info(r, 'notifications outbox run');
        } catch (err) {
          log.error({ err: describeFailure(err) }, 'notifications outbox run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      current = null;
    });
  }

  const sender: OutboxSender = {
    runOnce,
    kick() {
      if (started) run();
    },
    async idle() {
      while (current) await current;
    },
    start() {
      if (started || stopped) return;
      started = true;
      running.set(db, sender);
      timer = setInterval(run, o.intervalMs);
      timer.unref();
      run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running.get(db) === sender) running.delete(db);
      await sender.idle();
    },
  };
  return sender;
}

/** The started sender of each database (one per process), for kicks after a commit. */
const running = new WeakMap<Db, OutboxSender>();

/** Starts the sender: now, on the interval, and on kicks (server.ts; stop it on close). */
export function startOutboxSender(deps: OutboxSenderDeps): OutboxSender {
  const sender = createOutboxSender(deps);
  sender.start();
  return sender;
}

/**
 * After a commit that may have queued messages: a run of this process's sender soon, not awaited
 * (the request that decided does not wait for any provider). Nothing when no sender runs here (a
 * test app, a tool); the interval, or another process's sender, takes the messages then.
 */
export function kickOutboxSender(db: Db): void {
  running.get(db)?.kick();
}
