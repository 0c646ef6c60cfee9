import { createHash, randomInt } from 'node:crypto';
import type { Language } from '@hk/domain';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { captchas, sessions, smsCodes, smsRequests, users } from '../src/db/schema';
import { signed, type TestApp } from './helpers';

export interface Envelope<T = unknown> {
  status: number;
  data: T;
  info: string;
}

export interface CallOptions {
  /** The caller's address (rate limits per IP). */
  ip?: string;
  /** Device-Id header (the client's H5_SESSION_ID). */
  device?: string;
  lang?: Language;
  /** Sent in the body and as the Bearer header, as the web client does. */
  token?: string;
  /** JSON instead of the default form encoding. */
  json?: boolean;
}

function toForm(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    form.append(k, String(v));
  }
  return form.toString();
}

function headersOf(opts: CallOptions): Record<string, string> {
  return {
    ...(opts.device !== undefined ? { 'device-id': opts.device } : {}),
    ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
  };
}

/** Every answer of the API is an envelope, and never a 5xx (issue #2 §6). */
function envelopeOf<T>(res: { statusCode: number; json(): unknown }): Envelope<T> & { http: number } {
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json() as Envelope<T>;
  expect(typeof body.status).toBe('number');
  expect(typeof body.info).toBe('string');
  return { ...body, http: res.statusCode };
}

/** A signed POST as the web client sends it (form-encoded unless `json`). */
export async function post<T = unknown>(
  t: TestApp,
  url: string,
  params: Record<string, unknown>,
  opts: CallOptions = {},
) {
  const body = signed(t, params, opts.token ? { token: opts.token } : {});
  const res = await t.app.inject({
    method: 'POST',
    url,
    // A fresh address unless the test names one: tests share an app, and the captcha rule counts per IP.
    remoteAddress: opts.ip ?? randomIp(),
    headers: {
      'content-type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...headersOf(opts),
    },
    payload: opts.json ? JSON.stringify(body) : toForm(body),
  });
  return envelopeOf<T>(res);
}

/** Messages the recording provider sent to this mobile, oldest first. */
export function sentTo(t: TestApp, mobile: string) {
  return t.sms.sent.filter((m) => m.mobile === mobile);
}

/** A signed GET: the common parameters in the query string, the token (if any) in the header. */
export async function get<T = unknown>(
  t: TestApp,
  url: string,
  query: Record<string, unknown> = {},
  opts: CallOptions = {},
) {
  const params = signed(t, query, opts.token ? { token: opts.token } : {});
  delete params.token;
  const res = await t.app.inject({
    method: 'GET',
    url: `${url}?${toForm(params)}`,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: headersOf(opts),
  });
  return envelopeOf<T>(res);
}

/** A fresh HK mobile (8 digits) or CN mobile (11 digits starting with 1). */
export function hkMobile(): string {
  return `9${randomInt(1_000_000, 9_999_999)}`;
}
export function cnMobile(): string {
  return `13${randomInt(100_000_000, 999_999_999)}`;
}
/** A valid UK mobile as its national significant number (07xxx without the trunk 0). */
export function gbMobile(): string {
  return `7400${randomInt(100_000, 999_999)}`;
}
/** A random IPv4 address in a test range. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A new captcha for the device, and its text read back through the dev route. */
export async function solveCaptcha(t: TestApp, device: string, ip?: string): Promise<string> {
  const issued = await post<string>(t, '/services/image_code', {}, { device, ...(ip ? { ip } : {}) });
  expect(issued.status).toBe(0);
  const res = await t.app.inject({ method: 'GET', url: `/dev/captcha?device=${encodeURIComponent(device)}` });
  const text = (res.json() as Envelope<{ text: string | null }>).data.text;
  expect(text).toMatch(/^[A-Z0-9]{4}$/);
  return text!;
}

export interface SmsAsk {
  region: string;
  mobile: string;
  image_code?: string;
  pow_solution?: string;
}

export function requestSms(t: TestApp, ask: SmsAsk, opts: CallOptions = {}) {
  return post<{ interval: number }>(t, '/V9/OpenAccountHk/request_verify_code', { ...ask }, opts);
}

/** Requests a code, solving the captcha first when the server asks for it. */
export async function requestSmsSolving(t: TestApp, ask: SmsAsk, opts: CallOptions = {}) {
  const device = opts.device ?? `dev-${randomInt(1e9)}`;
  let res = await requestSms(t, ask, { ...opts, device });
  if (res.status === 8001) {
    const image_code = await solveCaptcha(t, device, opts.ip);
    res = await requestSms(t, { ...ask, image_code }, { ...opts, device });
  }
  return res;
}

export interface LoginData {
  uid: string;
  token: string;
  status: number;
  region: string;
  mobile_masked: string;
  expires_in: number;
}

export function login(
  t: TestApp,
  params: { region: string; mobile: string; code: string } & Record<string, unknown>,
  opts: CallOptions = {},
) {
  return post<LoginData>(t, '/V9/OpenAccountHk/check_verify_code', params, opts);
}

/** Sends a code to a fresh HK mobile and logs in with it. */
export async function loginNewUser(t: TestApp, mobile = hkMobile(), opts: CallOptions = {}) {
  const ip = opts.ip ?? randomIp();
  const sent = await requestSmsSolving(t, { region: 'HK', mobile }, { ...opts, ip });
  expect(sent.status).toBe(0);
  const code = t.sms.lastCodeFor(mobile)!;
  const res = await login(t, { region: 'HK', mobile, code }, { ...opts, ip });
  expect(res.status).toBe(0);
  return { mobile, ...res.data };
}

export async function countAuthRows(t: TestApp) {
  const { db } = t.app.ctx;
  const n = async (
    table: typeof users | typeof sessions | typeof captchas | typeof smsCodes | typeof smsRequests,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    sessions: await n(sessions),
    captchas: await n(captchas),
    smsCodes: await n(smsCodes),
    smsRequests: await n(smsRequests),
  };
}

/** A proof-of-work challenge (`/services/pow_challenge`, decision 014). */
export interface Challenge {
  algorithm: string;
  salt: string;
  challenge: string;
  maxnumber: number;
}

/** What the browser's worker does: the number whose hash with the salt is the challenge. */
export function solvePow(c: Challenge): string {
  for (let n = 0; n <= c.maxnumber; n++)
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) return String(n);
  throw new Error('no solution');
}
