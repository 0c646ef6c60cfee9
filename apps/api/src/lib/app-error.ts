import { ErrorCode, type ErrorCodeName } from '@hk/domain';

/**
 * A business outcome the client must see: thrown from services, turned into the envelope
 * `{status, data, info}` by the error handler. `fields` maps a form field to an `errors` key.
 */
export class AppError extends Error {
  readonly code: ErrorCodeName;
  readonly fields: Record<string, string> | undefined;
  constructor(code: ErrorCodeName, fields?: Record<string, string>) {
    super(code);
    this.code = code;
    this.fields = fields;
  }
  get status(): number {
    return ErrorCode[this.code];
  }
}
