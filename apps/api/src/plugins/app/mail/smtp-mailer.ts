import nodemailer from 'nodemailer';
import { DeliveryUncertainError } from '../../../lib/delivery';
import type { Mailer } from './mailer';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465. */
  url: string;
  /** The From header: `Name <address>` or an address. */
  from: string;
  /** Connection, greeting and socket time-outs (ms); a slow server delays one request only. */
  timeoutMs?: number;
}

/** Failures before the message could have gone out: no connection, no login, a refused envelope. */
const BEFORE_SENDING = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ENOAUTH', 'ETLS', 'EENVELOPE', 'EMESSAGE']);

/** The domain of the From address (`Name <a@b.example>` or `a@b.example`), for Message-IDs. */
export function messageIdDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9.-]{1,253}$/.test(domain) && domain.includes('.') ? domain : 'localhost';
}

/**
 * Mail through an SMTP server with nodemailer. Anything but the server's acceptance of the message
 * throws (the caller records the refusal); the error names no address. A message with an
 * `idempotencyKey` (an outbox notification) is sent with the Message-ID `<key.notice@domain>`, the
 * same on every attempt: a second copy after a lost answer is the same message to the mail stores
 * that collapse duplicates by Message-ID (Gmail, Exchange's duplicate detection), which is why the
 * outbox may resend through this mailer by itself (docs/backoffice.md "Notifications").
 */
export function createSmtpMailer(opts: SmtpOptions): Mailer {
  const timeout = opts.timeoutMs ?? 10_000;
  const domain = messageIdDomain(opts.from);
  const transport = nodemailer.createTransport(
    { url: opts.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: opts.from },
  );
  return {
    name: 'smtp',
    idempotencyKeys: true,
    async send(message) {
      let info: { messageId?: string; rejected?: unknown[] };
      const key = message.idempotencyKey?.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64);
      try {
        info = await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(key ? { messageId: `<${key}.notice@${domain}>` } : {}),
        });
      } catch (err) {
        // nodemailer's errors may quote the recipient; keep only its code and the server's status
        const e = err as { code?: unknown; responseCode?: unknown; syscall?: unknown };
        const what = `(${String(e.code ?? 'error')} ${String(e.responseCode ?? '')})`.replace(' )', ')');
        // the server answered, or no connection was made: a refusal; otherwise (a time-out, a
        // connection lost) the message may have gone out and its answer was lost
        if (
          typeof e.responseCode === 'number' ||
          e.syscall === 'connect' ||
          BEFORE_SENDING.has(String(e.code))
        )
          throw new Error(`smtp refused the message ${what}`);
        throw new DeliveryUncertainError(`smtp gave no answer for the message ${what}`);
      }
      if (info.rejected && info.rejected.length > 0) throw new Error('smtp rejected the recipient');
      return info.messageId ? { providerMessageId: info.messageId.slice(0, 200) } : {};
    },
    close() {
      transport.close();
    },
  };
}
