import {
  API_VERSION_TAG,
  computeSign,
  ErrorCode,
  type ErrorCodeName,
  normalizeMobile,
  OPEN_TYPE,
  translateError,
} from '@hk/domain';
import * as z from 'zod/mini';
import { getDeviceId } from './device';
import { entryParam } from './entry-params';
import { currentLanguage } from './i18n';
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

let onSessionInvalid: () => void = () => {};
/** spec §4: status 1001 logs the user out and goes to /login; the router registers how. */
export function setSessionInvalidHandler(handler: () => void) {
  onSessionInvalid = handler;
}

/** spec §7 common parameters, `_t` and `_sign` = sha256(`<token|mobile|''>:<_t>:<secret>`). */
export function commonParams(extra: Params = {}): Record<string, string> {
  const token = getToken();
  const t = String(Date.now());
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

function headers(): Record<string, string> {
  const h: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Agent: 'mobile',
    'Accept-Language': currentLanguage(),
    'Device-Id': getDeviceId(),
    Channel: 'h5',
    version: '99',
  };
  const token = getToken();
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

function handleEnvelope<S extends z.ZodMiniType>(json: unknown, schema: S): z.infer<S> {
  const env = json as { status?: unknown; info?: unknown; data?: { fields?: Record<string, string> } | null };
  if (typeof env?.status !== 'number')
    throw new ApiError(-1, translateError(currentLanguage(), 'network_error'));
  if (env.status !== 0) {
    if (env.status === ErrorCode.SESSION_INVALID) onSessionInvalid();
    throw new ApiError(env.status, String(env.info ?? ''), env.data?.fields ?? {});
  }
  return z.parse(schema, json);
}

async function request<S extends z.ZodMiniType>(
  url: string,
  init: RequestInit,
  schema: S,
): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ApiError(-1, translateError(currentLanguage(), 'network_error'));
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(-1, translateError(currentLanguage(), 'network_error'));
  }
  return handleEnvelope(json, schema);
}

/** POST, form-encoded (spec §7 default). Resolves to the whole envelope parsed by `schema`. */
export function apiPost<S extends z.ZodMiniType>(path: string, body: Params, schema: S) {
  const params = { ...body, ...commonParams(body) };
  return request(
    path,
    {
      method: 'POST',
      headers: { ...headers(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: toForm(params),
    },
    schema,
  );
}

export function apiGet<S extends z.ZodMiniType>(path: string, query: Params, schema: S) {
  const params = { ...query, ...commonParams(query) };
  delete params.token; // the token travels in the Authorization header, never in a URL
  return request(`${path}?${toForm(params)}`, { method: 'GET', headers: headers() }, schema);
}

/** Multipart upload with progress (0–100). Common parameters go in the query string. */
export function apiUpload<S extends z.ZodMiniType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (percent: number) => void,
): Promise<z.infer<S>> {
  const params = commonParams();
  delete params.token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?${toForm(params)}`);
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.timeout = 60_000;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(handleEnvelope(xhr.response, schema));
      } catch (err) {
        reject(err);
      }
    };
    const fail = () => reject(new ApiError(-1, translateError(currentLanguage(), 'network_error')));
    xhr.onerror = fail;
    xhr.ontimeout = fail;
    xhr.send(form);
  });
}

/** An owner-only file (ID photo) as a blob URL; the caller revokes it. */
export async function apiFetchObjectUrl(path: string): Promise<string> {
  const params = commonParams();
  delete params.token;
  const res = await fetch(`${path}?${toForm(params)}`, { headers: headers(), credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const json = await res.json().catch(() => null);
    handleEnvelope(json, z.unknown());
    throw new ApiError(-1, translateError(currentLanguage(), 'network_error'));
  }
  return URL.createObjectURL(await res.blob());
}
