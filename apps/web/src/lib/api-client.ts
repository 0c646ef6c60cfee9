import {
  API_VERSION_TAG,
  computeSign,
  ErrorCode,
  type ErrorCodeName,
  normalizeMobile,
  OPEN_TYPE,
} from '@hk/domain';
import { getDeviceId } from './device';
import { entryParam } from './entry-params';
import { currentLanguage, i18n, loadNamespaces } from './i18n';
import { learnServerTime, serverNow } from './server-clock';
import { getToken } from './session';

export const BROKER_ID = 'HPS';
const TIMEOUT_MS = 10_000;

/** A non-zero envelope status (or a network failure: status -1) with its translated message. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(status: number, info: string, fields: Record<string, string> = {}) {
    super(info);
    this.status = status;
    this.fields = fields;
  }
  is(name: ErrorCodeName): boolean {
    return this.status === ErrorCode[name];
  }
}

type Params = Record<string, string | number | boolean | readonly string[] | undefined | null>;

/**
 * Whose token a request carries. By default the stored session's; `{ token }` makes one call with
 * another token (a hand-off link's, before the person chose it) without storing it: the call is
 * signed over that token, and its 1001 does not log the stored session out.
 */
export interface CallAs {
  token?: string;
  /**
   * The login call itself (check_verify_code): spec §8 gives its status 1 the meaning "an existing
   * user", so neither 1 nor 1001 from it logs anyone out.
   */
  isLogin?: boolean;
}

/** spec §4, §8: on a general call these statuses log the person out and go to /login. */
const SESSION_END_STATUSES: readonly number[] = [1, ErrorCode.SESSION_INVALID];

let onSessionInvalid: () => void = () => {};
/** spec §4: status 1 or 1001 logs the user out and goes to /login; the router registers how. */
export function setSessionInvalidHandler(handler: () => void) {
  onSessionInvalid = handler;
}

function tokenFor(as: CallAs | undefined): string | undefined {
  return as?.token !== undefined ? as.token || undefined : getToken();
}

/**
 * spec §7 common parameters, `_t` and `_sign` = sha256(`<token|mobile|''>:<_t>:<secret>`). `_t` is
 * the server's time as this device knows it (lib/server-clock.ts), not the local clock.
 */
export function commonParams(extra: Params = {}, as?: CallAs): Record<string, string> {
  const token = tokenFor(as);
  const t = String(serverNow());
  const mobile = typeof extra.mobile === 'string' ? normalizeMobile(extra.mobile) : '';
  const out: Record<string, string> = {
    broker: BROKER_ID,
    source: entryParam('source'),
    empId: entryParam('empId'),
    version: API_VERSION_TAG,
    activity_id: entryParam('activity_id') || entryParam('inviteActivityId'),
    open_type: OPEN_TYPE,
    lang: currentLanguage(),
    _t: t,
    _sign: computeSign(token || mobile || '', t, __SIGN_SECRET__),
  };
  if (token) out.token = token;
  return out;
}

/** A language tag only: anything else in a link would make every request throw in `fetch`. */
const LANG_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;

function langHeader(): { lang?: string } {
  const lang = entryParam('lang');
  return LANG_TAG.test(lang) ? { lang } : {};
}

function headers(as?: CallAs): Record<string, string> {
  const h: Record<string, string> = {
    // spec §7: the entry query's `lang`, as a header of its own on every request
    ...langHeader(),
    'X-Requested-With': 'XMLHttpRequest',
    Agent: 'mobile',
    'Accept-Language': currentLanguage(),
    'Device-Id': getDeviceId(),
    Channel: 'h5',
    version: '99',
  };
  const token = tokenFor(as);
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

function toForm(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) form.append(k, item);
    else form.append(k, String(v));
  }
  return form;
}

/**
 * What checks an answer: a domain contract (a zod schema), a hand check held to one by tests (the
 * start-up calls, decision 026: /login's first load does without zod), or a function loading one
 * (the login form's calls: zod arrives with the first of them, not with the page).
 */
export interface Check<T> {
  parse(json: unknown): T;
}
export type Checker<T> = Check<T> | (() => Promise<Check<T>>);

async function checkerOf<T>(checker: Checker<T>): Promise<Check<T>> {
  return typeof checker === 'function' ? checker() : checker;
}

/** Anything answers: the envelope's status alone is read. */
const ANY: Check<unknown> = { parse: (json) => json };

/**
 * spec §8 network error, offline too: the `errors` catalogue loads at its first use (decision 026),
 * and when it cannot (no network) the message is this, the catalogue's own `network_error` (a test
 * holds them equal).
 */
export const NETWORK_ERROR_MESSAGE: Record<ReturnType<typeof currentLanguage>, string> = {
  'zh-CN': '网络错误，请重试',
  'zh-HK': '網絡錯誤，請重試',
  en: 'Network error, please try again',
};

async function networkError() {
  try {
    await loadNamespaces('errors');
  } catch {}
  return new ApiError(
    -1,
    i18n.exists('errors:network_error')
      ? i18n.t('network_error', { ns: 'errors' })
      : NETWORK_ERROR_MESSAGE[currentLanguage()],
  );
}

async function handleEnvelope<T>(json: unknown, checker: Checker<T>, as?: CallAs): Promise<T> {
  const env = json as { status?: unknown; info?: unknown; data?: { fields?: Record<string, string> } | null };
  if (typeof env?.status !== 'number') throw await networkError();
  if (env.status !== 0) {
    // A token tried on the side (CallAs) being refused says nothing about the stored session.
    if (SESSION_END_STATUSES.includes(env.status) && as?.token === undefined && !as?.isLogin)
      onSessionInvalid();
    throw new ApiError(env.status, String(env.info ?? ''), env.data?.fields ?? {});
  }
  return (await checkerOf(checker)).parse(json);
}

/** One round trip: its JSON envelope (if the answer was JSON), its `Date` header, and its timing. */
interface Attempt<R> {
  result: R;
  json: unknown;
  date: string | null;
  sentAt: number;
  receivedAt: number;
}

function isStaleTimestamp(json: unknown): boolean {
  return (json as { status?: unknown } | null)?.status === ErrorCode.STALE_TIMESTAMP;
}

/**
 * Runs `attempt`, learning the server's time from its answer. A stale-timestamp answer (1004: this
 * device's clock is more than 5 minutes off) is retried exactly once, with a `_t` taken after the
 * offset was corrected from that very answer. Retrying a POST is safe here: the server checks `_t`
 * before the payload and before anything is counted or stored (docs/api/auth.md § Signing).
 */
async function withServerClock<R>(attempt: () => Promise<Attempt<R>>): Promise<Attempt<R>> {
  const first = await attempt();
  if (!isStaleTimestamp(first.json)) {
    learnServerTime(first.date, first.sentAt, first.receivedAt);
    return first;
  }
  learnServerTime(first.date, first.sentAt, first.receivedAt, { force: true });
  const second = await attempt();
  learnServerTime(second.date, second.sentAt, second.receivedAt);
  return second;
}

async function fetchAttempt(build: () => { url: string; init: RequestInit }): Promise<Attempt<Response>> {
  const { url, init } = build();
  const sentAt = Date.now();
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw await networkError();
  }
  const receivedAt = Date.now();
  const date = res.headers.get('date');
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw await networkError();
  }
  return { result: res, json, date, sentAt, receivedAt };
}

async function request<T>(
  build: () => { url: string; init: RequestInit },
  schema: Checker<T>,
  as?: CallAs,
): Promise<T> {
  const { json } = await withServerClock(() => fetchAttempt(build));
  return handleEnvelope(json, schema, as);
}

/**
 * POST, form-encoded (spec §7: every call unless its body is FormData). Resolves to the whole
 * envelope parsed by `schema`.
 */
export function apiPost<T>(path: string, body: Params, schema: Checker<T>, as?: CallAs): Promise<T> {
  return request(
    () => ({
      url: path,
      init: {
        method: 'POST',
        headers: { ...headers(as), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: toForm({ ...body, ...commonParams(body, as) }),
      },
    }),
    schema,
    as,
  );
}

/**
 * POST with a JSON body: only the product's own step calls, whose answers nest (lists of objects,
 * strokes) beyond what a form can say (docs/api.md § Bodies); common parameters alongside.
 */
export function apiPostJson<T>(path: string, body: Record<string, unknown>, schema: Checker<T>): Promise<T> {
  return request(
    () => ({
      url: path,
      init: {
        method: 'POST',
        headers: { ...headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, ...commonParams() }),
      },
    }),
    schema,
  );
}

export function apiGet<T>(path: string, query: Params, schema: Checker<T>): Promise<T> {
  return request(() => {
    const params = { ...query, ...commonParams(query) };
    delete params.token; // the token travels in the Authorization header, never in a URL
    return { url: `${path}?${toForm(params)}`, init: { method: 'GET', headers: headers() } };
  }, schema);
}

/** Common parameters for a URL: without the token, which travels in the Authorization header. */
function queryParams(): URLSearchParams {
  const params = commonParams();
  delete params.token;
  return toForm(params);
}

/**
 * Multipart upload with progress (0–100). Common parameters go in the query string, built afresh
 * for each attempt so a retry after 1004 carries the corrected `_t`.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  schema: Checker<T>,
  onProgress?: (percent: number) => void,
): Promise<T> {
  const { json } = await withServerClock(() => xhrAttempt(path, form, onProgress));
  return handleEnvelope(json, schema);
}

function xhrAttempt(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<Attempt<null>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?${queryParams()}`);
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.timeout = 60_000;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    const sentAt = Date.now();
    xhr.onload = () => {
      resolve({
        result: null,
        json: xhr.response,
        date: xhr.getResponseHeader('date'),
        sentAt,
        receivedAt: Date.now(),
      });
    };
    const fail = () => void networkError().then(reject);
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.send(form);
  });
}

/** An owner-only file (ID photo) as a blob URL; the caller revokes it. */
export async function apiFetchObjectUrl(path: string): Promise<string> {
  const { result, json } = await withServerClock(async (): Promise<Attempt<Response>> => {
    const sentAt = Date.now();
    let res: Response;
    try {
      res = await fetch(`${path}?${queryParams()}`, { headers: headers(), credentials: 'same-origin' });
    } catch {
      throw await networkError();
    }
    const receivedAt = Date.now();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    const json = isJson || !res.ok ? await res.json().catch(() => null) : undefined;
    return { result: res, json, date: res.headers.get('date'), sentAt, receivedAt };
  });
  if (json !== undefined) {
    await handleEnvelope(json, ANY);
    throw await networkError();
  }
  return URL.createObjectURL(await result.blob());
}
