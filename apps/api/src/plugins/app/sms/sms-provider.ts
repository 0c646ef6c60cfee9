/** A text message to one phone: E.164 number (+<dial><digits>) and the body in the user's language. */
export interface SmsMessage {
  to: string;
  /** Digits of the national number, for the dev inbox look-up. */
  mobile: string;
  body: string;
  /** The verification code, kept only by the console provider's dev inbox (never in production). */
  code: string;
  /**
   * The same for every attempt of one message (the outbox row's id): a provider whose
   * `idempotencyKeys` is true delivers a message at most once per key.
   */
  idempotencyKey?: string;
}

/** A message as the dev inbox keeps it (outside production only). */
export interface InboxMessage {
  to: string;
  body: string;
  code: string;
  sentAt: Date;
}

/** Messages sent to each mobile, newest first; served by GET /dev/sms outside production. */
export interface SmsInbox {
  list(mobile: string): InboxMessage[];
}

/** What the provider said when it accepted a message. */
export interface SmsReceipt {
  /** The provider's id of the message (Twilio's `sid`), kept on the code row. */
  providerMessageId?: string;
}

export interface SmsProvider {
  readonly name: string;
  /**
   * True when a second send with the same `idempotencyKey` cannot reach the phone twice (issue
   * #22): the outbox then sends a message whose outcome is uncertain again by itself; otherwise it
   * leaves it `unknown` for operations. Neither Twilio's Messages API nor the console has one.
   */
  readonly idempotencyKeys?: boolean;
  /**
   * Resolves once the provider accepted the message; throws if it did not: a
   * `DeliveryUncertainError` (lib/delivery.ts) when the request went out and no answer came back.
   * Never called inside a database transaction (sms-code-service.ts): a slow provider must hold
   * nothing.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: providers without a message id (console, test doubles) return nothing
  send(message: SmsMessage): Promise<SmsReceipt | void>;
  /** Only the console provider outside production keeps one. */
  readonly inbox?: SmsInbox;
}

/** What a provider may log through: the app's logger (pino) or `console`. */
export interface SmsLogger {
  info(msg: string): void;
}

/**
 * `+852****5678`: the dial code and the last 4 digits only (no personal data in logs). The code
 * in the body is logged on purpose by the console provider (issue #2: "SMS codes written to the
 * server log"); it is useless without the number.
 */
export function maskPhoneForLog(message: Pick<SmsMessage, 'to' | 'mobile'>): string {
  const dial = message.to.slice(0, Math.max(1, message.to.length - message.mobile.length));
  return `${dial}****${message.mobile.slice(-4)}`;
}
