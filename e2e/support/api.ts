import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';

// Brings an application to the step a journey tests THROUGH THE REAL API (never by writing the
// database): the browser logs in (so the session is the page's), then these calls are made with
// the page's token, signed like the web app signs them (spec §7, docs/api/auth.md § Signing).

const SIGN_SECRET = process.env.SIGN_SECRET ?? 'hk-open-account-h5';

interface Envelope<T> {
  status: number;
  data: T;
  info: string;
}

/** The session token the web app stored after login (hk_open_user, spec §3). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('hk_open_user');
    return raw ? (JSON.parse(raw) as { value?: { token?: string } }).value?.token : undefined;
  });
  if (!token) throw new Error('no session stored in the page: log in first');
  return token;
}

function common(token: string, lang: string) {
  const t = String(Date.now());
  return {
    token,
    broker: 'HPS',
    version: 'hk9.0',
    open_type: 'NewAccount',
    lang,
    _t: t,
    _sign: createHash('sha256').update(`${token}:${t}:${SIGN_SECRET}`).digest('hex'),
  };
}

/** POST a signed JSON call with the page's session; fails the journey on a non-zero status. */
export async function apiCall<T = unknown>(
  page: Page,
  path: string,
  body: Record<string, unknown> = {},
  opts: { lang?: string; allowStatus?: number[] } = {},
): Promise<Envelope<T>> {
  const token = await tokenOf(page);
  const response = await page.request.post(path, {
    data: { ...body, ...common(token, opts.lang ?? 'en') },
    headers: { authorization: `Bearer ${token}` },
  });
  const json = (await response.json()) as Envelope<T>;
  if (json.status !== 0 && !(opts.allowStatus ?? []).includes(json.status))
    throw new Error(`${path} answered ${json.status}: ${json.info} ${JSON.stringify(json.data)}`);
  return json;
}

async function upload(page: Page, kind: string, file: string, mimeType = 'image/jpeg') {
  const token = await tokenOf(page);
  const query = new URLSearchParams(common(token, 'en'));
  query.delete('token');
  const response = await page.request.post(`/v9/OpenAccountHk/upload?${query}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { kind, file: { name: file.split('/').pop()!, mimeType, buffer: fs.readFileSync(file) } },
  });
  const json = (await response.json()) as Envelope<{ document_id: string }>;
  if (json.status !== 0) throw new Error(`upload ${kind} answered ${json.status}: ${json.info}`);
  return json.data;
}

export interface IdentityForApi {
  location: 'HK' | 'CN';
  front: string;
  back: string;
  chineseName: string;
  surname: string;
  givenName: string;
  idNumber: string;
  gender: 'M' | 'F';
  birthDate: string;
}

/** The ID step: location, both photos, confirmed details. */
export async function completeIdentityStep(page: Page, id: IdentityForApi) {
  await apiCall(page, '/v9/OpenAccountHk/id_location', { id_location: id.location });
  await upload(page, 'id_front', id.front);
  await upload(page, 'id_back', id.back);
  await apiCall(page, '/v9/OpenAccountHk/id_info', {
    id_type: id.location === 'HK' ? 'hk_id' : 'cn_id',
    id_location: id.location,
    chinese_name: id.chineseName,
    english_surname: id.surname,
    english_given_name: id.givenName,
    name_matches_bank: true,
    id_number: id.idNumber,
    gender: id.gender,
    birth_date: id.birthDate,
  });
}

/** Confirms one step of the generic step call with its answers. */
export async function confirmStep(page: Page, step: string, answers: Record<string, unknown>) {
  return apiCall<{ next_step: string | null }>(page, `/v9/OpenAccountHk/step/${step}`, {
    confirm: true,
    answers,
  });
}

/** A date in Hong Kong (YYYY-MM-DD), `days` from today (negative: before). */
function hongKongDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * The address step: a Hong Kong residential address (also the correspondence one), a utility bill
 * issued a week ago with one photo (`proofImage`, any JPEG), confirmed. `answers` overrides fields.
 */
export async function completeAddressStep(
  page: Page,
  proofImage: string,
  answers: Record<string, unknown> = {},
) {
  await upload(page, 'address_proof', proofImage);
  return confirmStep(page, 'address', {
    region: 'HK',
    district: 'wan_chai',
    detail: 'Flat 12A, 88 Hennessy Road',
    correspondence_same: true,
    proof_type: 'utility_bill',
    proof_issued_on: hongKongDate(-7),
    proof_confirmed: true,
    ...answers,
  });
}

export { upload as uploadDocument };
