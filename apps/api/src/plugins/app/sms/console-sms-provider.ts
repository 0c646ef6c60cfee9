import type { InboxMessage, SmsInbox, SmsLogger, SmsMessage, SmsProvider } from './sms-provider';
import { maskPhoneForLog } from './sms-provider';

const INBOX_PER_MOBILE = 50;
/** A bound on the dev inbox as a whole, so a long-running dev server does not grow without end. */
const INBOX_MOBILES = 5000;

/** In-memory inbox of the last 50 messages per mobile (dev and tests only). */
export class MemorySmsInbox implements SmsInbox {
  private readonly byMobile = new Map<string, InboxMessage[]>();
  constructor(private readonly now: () => Date = () => new Date()) {}

  add(message: SmsMessage) {
    const list = this.byMobile.get(message.mobile) ?? [];
    list.unshift({ to: message.to, body: message.body, code: message.code, sentAt: this.now() });
    list.length = Math.min(list.length, INBOX_PER_MOBILE);
    this.byMobile.delete(message.mobile); // re-insert: the Map keeps recently used mobiles last
    this.byMobile.set(message.mobile, list);
    if (this.byMobile.size > INBOX_MOBILES) {
      const oldest = this.byMobile.keys().next().value;
      if (oldest !== undefined) this.byMobile.delete(oldest);
    }
  }

  list(mobile: string): InboxMessage[] {
    return [...(this.byMobile.get(mobile) ?? [])];
  }
}

/**
 * The default provider: writes the message to the server log (number masked, code visible, as
 * issue #2 asks) and, outside production, keeps it in the dev inbox for GET /dev/sms.
 */
export function createConsoleSmsProvider(
  log: SmsLogger,
  opts: { keepInbox: boolean; now?: () => Date },
): SmsProvider {
  const inbox = opts.keepInbox ? new MemorySmsInbox(opts.now) : undefined;
  return {
    name: 'console',
    ...(inbox ? { inbox } : {}),
    async send(message) {
      log.info(`SMS to ${maskPhoneForLog(message)}: ${message.body}`);
      inbox?.add(message);
    },
  };
}
