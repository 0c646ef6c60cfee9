/** One email to one address: the subject and the plain text in the user's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The verification code, kept only by the console mailer's outbox (never in production). */
  code: string;
  /**
   * The same for every attempt of one message (the outbox row's id). The SMTP mailer makes it the
   * Message-ID, so a second copy of one notification is the same message to mail stores.
   */
  idempotencyKey?: string;
}

/** A message as the dev outbox keeps it (outside production only). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string;
  sentAt: Date;
}

/** Mail sent to each address, newest first; served by GET /dev/mail outside production. */
export interface MailOutbox {
  list(email: string): OutboxMessage[];
}

/** What the mail server said when it accepted a message. */
export interface MailReceipt {
  /** The Message-ID the message was sent with, kept on the code row. */
  providerMessageId?: string;
}

export interface Mailer {
  readonly name: string;
  /**
   * True when a second send with the same `idempotencyKey` is harmless (issue #22): the outbox then
   * sends a message whose outcome is uncertain again by itself; otherwise it leaves it `unknown`.
   */
  readonly idempotencyKeys?: boolean;
  /**
   * Resolves once the mail server accepted the message; throws if it did not (a
   * `DeliveryUncertainError` when no answer came after the message went out). Never called inside
   * a database transaction or under a lock (email-code-service.ts): a slow server must hold nothing.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: mailers without a message id (console, test doubles) return nothing
  send(message: MailMessage): Promise<MailReceipt | void>;
  /** Only the console mailer outside production keeps one. */
  readonly outbox?: MailOutbox;
  /** Closes pooled connections (SMTP) when the app closes. */
  close?(): void;
}

/** What a mailer may log through: the app's logger (pino) or `console`. */
export interface MailLogger {
  info(msg: string): void;
}

/** `c***@example.com`: the first character of the local part and the domain (no personal data in logs). */
export function maskEmailForLog(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
