/** A text message to one phone: E.164 number (+<dial><digits>) and the body in the user's language. */
export interface SmsMessage {
  to: string;
  /** Digits of the national number, for the dev inbox look-up. */
  mobile: string;
  body: string;
  /** The verification code, kept only by the console provider's dev inbox (never in production). */
  code: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider accepted the message; throws if it did not. */
  send(message: SmsMessage): Promise<void>;
}
