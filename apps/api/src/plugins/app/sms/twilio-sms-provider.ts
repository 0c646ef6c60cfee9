import { DeliveryUncertainError } from '../../../lib/delivery';
import type { SmsProvider } from './sms-provider';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com in production; a local server in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth sid:token,
 * form body To, From, Body. Anything but a 2xx answer throws (the caller records the refusal).
 */
function messageIdOf(body: string): string | undefined {
  try {
    const sid = (JSON.parse(body) as { sid?: unknown }).sid;
    return typeof sid === 'string' && /^[A-Za-z0-9]{1,64}$/.test(sid) ? sid : undefined;
  } catch {
    return undefined;
  }
}

/** fetch's failures that mean no request reached Twilio (no address, no connection). */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Twilio's Messages API takes no idempotency key (issue #22): `idempotencyKeys` is false, so a
 * message whose answer was lost is left `unknown` by the outbox rather than sent twice.
 */
export function createTwilioSmsProvider(opts: TwilioOptions): SmsProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    idempotencyKeys: false,
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: opts.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      }).catch((err: unknown) => {
        const code = String((err as { cause?: { code?: unknown } }).cause?.code ?? '');
        if (NOT_CONNECTED.has(code)) throw new Error(`twilio could not be reached (${code})`);
        // a time-out or a connection lost after the request went out: Twilio may have taken it
        throw new DeliveryUncertainError('twilio gave no answer');
      });
      // Read the body so the connection is reused; its content may echo the number, so it is not
      // put into the error. Only the message id (`sid`) is kept.
      const text = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`twilio answered HTTP ${res.status}`);
      return { providerMessageId: messageIdOf(text) };
    },
  };
}
