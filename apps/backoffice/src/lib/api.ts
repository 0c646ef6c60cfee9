import { STAFF_API_PREFIX, STAFF_CSRF_HEADER } from '@hk/domain/staff/contracts';
import * as z from 'zod/mini';
import { currentLanguage, i18n } from './i18n';

const TIMEOUT_MS = 15_000;

/**
 * A refused call: the HTTP status (0 when the server was not reached), the envelope's status
 * (-1 without one) and its message, already in the staff member's language (the server
 * translates it; a network failure is translated here).
 */
export class StaffApiError extends Error {
  readonly httpStatus: number;
  readonly status: number;
  /** A refused form's messages by field (1002 `data.fields`), each already in the person's language. */
  readonly fields: Record<string, string>;
  constructor(httpStatus: number, status: number, info: string, fields: Record<string, string> = {}) {
    super(info);
    this.httpStatus = httpStatus;
    this.status = status;
    this.fields = fields;
  }
}

const EnvelopeSchema = z.object({ status: z.number(), data: z.unknown(), info: z.optional(z.string()) });
const FieldsSchema = z.object({ fields: z.record(z.string(), z.string()) });

// The session's CSRF token lives in memory only (never localStorage): a script reading storage
// gets nothing, and a reload asks the server again (GET /session answers it).
let csrfToken: string | null = null;
let onSessionEnded: () => void = () => {};

export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

/** Called once when a call answers 401 while a session was held: the session ended on the server. */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CallOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses the envelope's `data`; the same schema the server answers with. */
  schema: S;
  /** The sign-in call: its 401 is a wrong password or code, not the end of a session. */
  isSignIn?: boolean;
}

/** One call to the console's API (`path` below /backoffice/api): the envelope's data, or a StaffApiError. */
export async function callStaffApi<S extends z.ZodMiniType>(
  path: string,
  { method = 'GET', body, schema, isSignIn = false }: CallOptions<S>,
): Promise<z.infer<S>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    // the server answers in the language chosen here, not the account's saved one
    lang: currentLanguage(),
  };
  // a file upload (multipart, the browser writes its boundary) travels as it is; anything else as JSON
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (STATE_CHANGING.has(method) && csrfToken) headers[STAFF_CSRF_HEADER] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`${STAFF_API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new StaffApiError(0, -1, i18n.t('common:network_error'));
  }
  let envelope: z.infer<typeof EnvelopeSchema> | null = null;
  try {
    const parsed = z.safeParse(EnvelopeSchema, await res.json());
    if (parsed.success) envelope = parsed.data;
  } catch {}
  if (res.status === 401 && !isSignIn && csrfToken !== null) {
    csrfToken = null;
    onSessionEnded();
  }
  if (!res.ok || !envelope || envelope.status !== 0) {
    const fields = z.safeParse(FieldsSchema, envelope?.data);
    throw new StaffApiError(
      res.status,
      envelope?.status ?? -1,
      envelope?.info || i18n.t('common:unexpected_answer', { status: res.status }),
      fields.success ? fields.data.fields : {},
    );
  }
  const data = z.safeParse(schema, envelope.data);
  if (!data.success)
    throw new StaffApiError(res.status, -1, i18n.t('common:unexpected_answer', { status: res.status }));
  return data.data;
}

/**
 * A call that answers a file (issue #15: the evidence pack): its bytes as a Blob, or a
 * StaffApiError read from the envelope the server answers instead. State-changing calls carry the
 * CSRF token as callStaffApi's do.
 */
export async function fetchStaffFile(path: string, method: 'GET' | 'POST' = 'GET'): Promise<Blob> {
  const headers: Record<string, string> = { 'accept-language': currentLanguage(), lang: currentLanguage() };
  if (STATE_CHANGING.has(method) && csrfToken) headers[STAFF_CSRF_HEADER] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`${STAFF_API_PREFIX}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      // a pack of a long application is built and zipped on the server: longer than a usual call
      signal: AbortSignal.timeout(TIMEOUT_MS * 8),
    });
  } catch {
    throw new StaffApiError(0, -1, i18n.t('common:network_error'));
  }
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('json')) return res.blob();
  let envelope: z.infer<typeof EnvelopeSchema> | null = null;
  try {
    const parsed = z.safeParse(EnvelopeSchema, await res.json());
    if (parsed.success) envelope = parsed.data;
  } catch {}
  if (res.status === 401 && csrfToken !== null) {
    csrfToken = null;
    onSessionEnded();
  }
  throw new StaffApiError(
    res.status,
    envelope?.status ?? -1,
    envelope?.info || i18n.t('common:unexpected_answer', { status: res.status }),
  );
}
