import type { Mailer, MailLogger, MailMessage, MailOutbox, OutboxMessage } from './mailer';
import { maskEmailForLog } from './mailer';

const OUTBOX_PER_ADDRESS = 50;
/** A bound on the dev outbox as a whole, so a long-running dev server does not grow without end. */
const OUTBOX_ADDRESSES = 5000;

/** In-memory outbox of the last 50 messages per address (dev and tests only). */
export class MemoryMailOutbox implements MailOutbox {
  private readonly byAddress = new Map<string, OutboxMessage[]>();
  constructor(private readonly now: () => Date = () => new Date()) {}

  add(message: MailMessage) {
    const key = message.to.toLowerCase();
    const list = this.byAddress.get(key) ?? [];
    list.unshift({ ...message, sentAt: this.now() });
    list.length = Math.min(list.length, OUTBOX_PER_ADDRESS);
    this.byAddress.delete(key); // re-insert: the Map keeps recently used addresses last
    this.byAddress.set(key, list);
    if (this.byAddress.size > OUTBOX_ADDRESSES) {
      const oldest = this.byAddress.keys().next().value;
      if (oldest !== undefined) this.byAddress.delete(oldest);
    }
  }

  list(email: string): OutboxMessage[] {
    return [...(this.byAddress.get(email.trim().toLowerCase()) ?? [])];
  }
}

/**
 * The default mailer outside production: writes the message to the server log (address masked,
 * code visible, like the console SMS provider) and keeps it in the dev outbox for GET /dev/mail.
 */
export function createConsoleMailer(
  log: MailLogger,
  opts: { keepOutbox: boolean; now?: () => Date },
): Mailer {
  const outbox = opts.keepOutbox ? new MemoryMailOutbox(opts.now) : undefined;
  return {
    name: 'console',
    ...(outbox ? { outbox } : {}),
    async send(message) {
      // a notification (outbox-sender.ts) carries no code
      const code = message.code ? ` — code ${message.code}` : '';
      log.info(`Mail to ${maskEmailForLog(message.to)}: ${message.subject}${code}`);
      outbox?.add(message);
    },
  };
}
