import { type Config, hasDevTools } from '../../../config';
import { createConsoleSmsProvider } from './console-sms-provider';
import type { SmsLogger, SmsProvider } from './sms-provider';
import { createTwilioSmsProvider } from './twilio-sms-provider';

/** Picks the provider named by SMS_PROVIDER (config.sms.kind); `console` is the default. */
export function createSmsProvider(config: Config, log: SmsLogger): SmsProvider {
  if (config.sms.kind === 'twilio') return createTwilioSmsProvider(config.sms);
  return createConsoleSmsProvider(log, { keepInbox: hasDevTools(config) });
}
