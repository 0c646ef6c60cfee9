import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465. */
  url: string;
  /** The From header: `Name <address>` or an address. */
  from: string;
  /** Connection, greeting and socket time-outs (ms); a slow server delays one request only. */
  timeoutMs?: number;
}

/**
 * Mail through an SMTP server with nodemailer. Anything but the server's acceptance of the message
 * throws (the caller records the refusal); the error names no address.
 */
export function createSmtpMailer(opts: SmtpOptions): Mailer {
  const timeout = opts.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport(
    { url: opts.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
    { from: opts.from },
  );
  return {
    name: 'smtp',
    async send(message) {
      let info: { messageId?: string; rejected?: unknown[] };
      try {
        info = await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (err) {
        // nodemailer's errors may quote the recipient; keep only its code and the server's status
        const e = err as { code?: unknown; responseCode?: unknown };
        throw new Error(
          `smtp refused the message (${String(e.code ?? 'error')} ${String(e.responseCode ?? '')})`.trim(),
        );
      }
      if (info.rejected && info.rejected.length > 0) throw new Error('smtp rejected the recipient');
      return info.messageId ? { providerMessageId: info.messageId.slice(0, 200) } : {};
    },
    close() {
      transport.close();
    },
  };
}
