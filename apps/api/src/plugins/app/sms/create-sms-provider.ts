import type { Config } from '../../../config';
import type { SmsProvider } from './sms-provider';

export function createSmsProvider(_config: Config, log: { info: (...args: unknown[]) => void }): SmsProvider {
  return { name: 'console', send: async (m) => log.info(`SMS to ${m.to}: ${m.body}`) };
}
