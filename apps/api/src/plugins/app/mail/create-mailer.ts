import { type Config, hasMailDevTools } from '../../../config';
import { createConsoleMailer } from './console-mailer';
import type { Mailer, MailLogger } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** Picks the mailer named by MAIL_PROVIDER (config.mail.kind); `console` is the default outside production. */
export function createMailer(config: Config, log: MailLogger, now?: () => Date): Mailer {
  if (config.mail.kind === 'smtp') return createSmtpMailer({ url: config.mail.url, from: config.mail.from });
  return createConsoleMailer(log, { keepOutbox: hasMailDevTools(config), ...(now ? { now } : {}) });
}
