import { checkIsStorableText, STEPS, type StepId } from '@hk/domain';
import { STEP_FORMS } from '@hk/domain/flow/step-forms';
import { HOSTILE_TEXTS } from '@hk/domain/text-corpus';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  applicationSteps,
  applications,
  captchas,
  documents,
  sessions,
  smsCodes,
  smsRequests,
  users,
} from '../src/db/schema';
import { images, multipartBody, upload } from './application-helpers';
import { loginNewUser, post } from './auth-helpers';
import { createTestApp, DB_KINDS, findPostgres, routesOf, signed, type TestApp, useTestApp } from './helpers';
import { applicantBornOn, confirmDirectly } from './step-profile-helpers';

/**
 * Issue #2 §6: whatever a client sends, the API answers the envelope and never a 5xx; a refused
 * request writes nothing. Every route the app registers gets a battery of bad requests, signed and
 * unsigned, with and without a session.
 */

const HAN = /[\u4e00-\u9fff]/;
/** Routes whose success writes something: a bad request to them must never answer status 0. */
const WRITING = new Set([
  'POST /v9/openaccounthk/request_verify_code',
  'POST /v9/openaccounthk/check_verify_code',
  'POST /v9/openaccounthk/logincreate',
  'POST /v9/openaccounthk/id_location',
  'POST /v9/openaccounthk/id_info',
  'POST /v9/openaccounthk/upload',
  'POST /v9/openaccounthk/del_file',
  'POST /v9/openaccounthk/appoint',
  'POST /v9/openaccounthk/agreement_opened',
  'POST /v9/openaccounthk/sign',
]);
/** The fields each route reads (its contract), plus the common parameters every route reads. */
const FIELDS: Record<string, string[]> = {
  '/services/image_code': ['width', 'height', 'font_size', 'length'],
  '/services/pow_challenge': ['region', 'mobile'],
  '/v9/openaccounthk/request_verify_code': ['region', 'mobile', 'image_code', 'pow_solution'],
  '/v9/openaccounthk/check_verify_code': [
    'region',
    'mobile',
    'code',
    'pow_solution',
    'isRead',
    'inviteCode',
    'ext',
    'label',
  ],
  '/v9/openaccounthk/logincreate': ['type'],
  '/v9/openaccounthk/id_location': ['id_location', 'nationality'],
  '/v9/openaccounthk/id_info': [
    'id_location',
    'id_type',
    'chinese_name',
    'english_surname',
    'english_given_name',
    'name_matches_bank',
    'id_number',
    'gender',
    'birth_date',
  ],
  '/v9/openaccounthk/del_file': ['document_id'],
  '/v9/openaccounthk/appoint': ['slot', 'appointment_version'],
  '/v9/openaccounthk/application_pdf': ['number'],
  '/v1/services/decode_mobile': ['mobile'],
  '/v1/services/decode_mobile_common': ['mobile', 'ext', 'childOpenAcctChannel'],
  '/v9/openaccounthk/getca': ['caType'],
  '/user/login/get_region_list': ['type'],
  '/v9/openaccounthk/company_name_list': ['keyword', 'limit'],
  '/v9/openaccounthk/bank_name': ['card_number'],
  '/v9/openaccounthk/get_bank_subset': ['region'],
  '/v9/openaccounthk/submit': ['idempotency_key'],
  '/v9/openaccounthk/get_bank_country_list': ['bank_type'],
  '/user/bank/select_list': ['region'],
  '/v9/openaccounthk/agreements': ['language'],
  '/v9/openaccounthk/agreement_opened': ['language', 'id', 'sha256'],
  '/v9/openaccounthk/sign': ['language', 'image', 'strokes', 'pad', 'agreements', 'answers_hash'],
  '/dev/sms': ['mobile'],
  '/dev/captcha': ['device'],
  '/backoffice/api/session': ['username', 'password', 'totp'],
  '/backoffice/api/staff-events': ['staffId', 'limit'],
  '/backoffice/api/staff': ['username', 'displayName', 'roles', 'language', 'linkValidHours'],
  '/backoffice/api/staff-setup/start': ['token'],
  '/backoffice/api/staff-setup/finish': ['token', 'password', 'totp'],
};
const COMMON = ['token', 'lang', '_t', '_sign', 'source', 'empId', 'activity_id'];
/** A valid body per route; "every field missing" drops one field at a time from it. */
const VALID: Record<string, Record<string, unknown>> = {
  '/v9/openaccounthk/request_verify_code': { region: 'HK', mobile: '91234567' },
  '/v9/openaccounthk/check_verify_code': { region: 'HK', mobile: '91234567', code: '123456' },
  '/v9/openaccounthk/logincreate': { type: 'HKMargin' },
  '/v9/openaccounthk/id_location': { id_location: 'CN' },
  '/v9/openaccounthk/id_info': {
    id_location: 'HK',
    id_type: 'hk_id',
    english_surname: 'CHAN',
    english_given_name: 'TAI MAN',
    name_matches_bank: '1',
    id_number: 'A1234563',
    gender: 'M',
    birth_date: '1990-01-01',
  },
  '/v9/openaccounthk/del_file': { document_id: '00000000-0000-4000-8000-000000000000' },
  '/v1/services/decode_mobile': { mobile: 'v1.AAAA' },
  '/v1/services/decode_mobile_common': { mobile: 'v1.AAAA' },
};

const LONG = 'x'.repeat(10_000);
const BAD_VALUES: unknown[] = [
  ['a', 'b'],
  12345,
  -1.5e308,
  { nested: { deeper: ['x'] } },
  null,
  true,
  '港峰證券😀\u202e\u200b',
  'abc\u0000def',
  LONG,
  '',
  '   ',
  [],
  {},
];

interface Sent {
  label: string;
  route: string;
  lang: 'zh-CN' | 'en' | 'zh-HK';
  res: { statusCode: number; headers: Record<string, unknown>; body: string };
}

function toForm(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const item of v) form.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    else form.append(k, v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form.toString();
}

async function countAll(t: TestApp) {
  const { db } = t.app.ctx;
  const rows = async (q: PromiseLike<{ n: number }[]>) => (await q)[0]!.n;
  return {
    users: await rows(db.select({ n: count() }).from(users)),
    sessions: await rows(db.select({ n: count() }).from(sessions)),
    applications: await rows(db.select({ n: count() }).from(applications)),
    documents: await rows(db.select({ n: count() }).from(documents)),
    smsCodes: await rows(db.select({ n: count() }).from(smsCodes)),
    smsRequests: await rows(db.select({ n: count() }).from(smsRequests)),
    captchas: await rows(db.select({ n: count() }).from(captchas)),
  };
}

async function liveSessions(t: TestApp) {
  const rows = await t.app.ctx.db.select({ revokedAt: sessions.revokedAt }).from(sessions);
  return rows.filter((r) => r.revokedAt === null).length;
}

describe('no 5xx, always the envelope: every route under a battery of bad requests', () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let docOfB: string;
  let routes: { method: string; url: string }[];
  const sent: Sent[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    // real SMS login for both users, then an application with a photo each
    const a = await loginNewUser(t);
    const b = await loginNewUser(t);
    tokenA = a.token;
    tokenB = b.token;
    for (const token of [tokenA, tokenB]) {
      const created = await post(t, '/V9/OpenAccountHk/loginCreate', { type: 'HKMargin' }, { token });
      expect(created.status).toBe(0);
      const located = await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token });
      expect(located.status).toBe(0);
    }
    const up = await upload(t, tokenB, 'id_front', await images.jpeg(200, 120));
    expect(up.json.status).toBe(0);
    docOfB = up.json.data.document_id;

    routes = routesOf(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('finds every route of docs/api.md', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /healthz',
      'POST /services/image_code',
      'POST /services/pow_challenge',
      'POST /v9/openaccounthk/request_verify_code',
      'POST /v9/openaccounthk/check_verify_code',
      'POST /v9/openaccounthk/logout',
      'GET /user/login/get_region_list',
      'POST /app/index/getipinfo',
      'GET /v9/openaccounthk/getca',
      'GET /v9/openaccounthk/get_country_list',
      'GET /v9/openaccounthk/company_name_list',
      'POST /v9/openaccounthk/bank_name',
      'GET /v9/openaccounthk/get_bank_subset',
      'POST /v9/openaccounthk/get_bank_subset',
      'GET /v9/openaccounthk/get_bank_country_list',
      'GET /user/bank/select_list',
      'GET /app/area/query',
      'POST /v1/services/decode_mobile',
      'POST /v1/services/decode_mobile_common',
      'POST /v9/openaccounthk/logincreate',
      'POST /v9/openaccounthk/status',
      'POST /v9/openaccounthk/info',
      'POST /v9/openaccounthk/id_location',
      'POST /v9/openaccounthk/upload',
      'GET /v9/openaccounthk/file/:document_id',
      'GET /v9/openaccounthk/application_pdf',
      'POST /v9/openaccounthk/del_file',
      'POST /v9/openaccounthk/id_info',
      'POST /v9/openaccounthk/step/:step',
      'POST /v9/openaccounthk/step_info/:step',
      'POST /v9/openaccounthk/tax_prefill',
      'POST /v9/openaccounthk/appointment_status',
      'POST /v9/openaccounthk/appoint',
      'POST /v9/openaccounthk/mailcheck',
      'POST /v9/openaccounthk/risk_disclosure',
      'POST /v9/openaccounthk/livevideocheck',
      'GET /dev/sms',
      'GET /dev/captcha',
      'GET /dev/mail',
      'POST /v9/openaccounthk/agreements',
      'POST /v9/openaccounthk/agreement_opened',
      'POST /v9/openaccounthk/sign',
      'POST /v9/openaccounthk/audit',
      'POST /v9/openaccounthk/submit',
      'POST /backoffice/api/session',
      'GET /backoffice/api/session',
      'DELETE /backoffice/api/session',
      'GET /backoffice/api/staff-events',
      'GET /backoffice/api/cases',
      'GET /backoffice/api/cases/:id',
      'POST /backoffice/api/cases/:id/assign',
      'PUT /backoffice/api/cases/:id/items/:key',
      'POST /backoffice/api/cases/:id/return',
      'POST /backoffice/api/cases/:id/recommend',
      'POST /backoffice/api/cases/:id/approve',
      'POST /backoffice/api/cases/:id/decline',
      'GET /backoffice/api/cases/:id/documents/:documentId',
      'GET /backoffice/api/applications/:id/access-events',
      // issue #15: opening, records and the evidence pack (docs/opening.md, docs/evidence-pack.md)
      'GET /backoffice/api/opening',
      'POST /backoffice/api/opening/:id',
      'GET /backoffice/api/records/disposal',
      'GET /backoffice/api/records/:id',
      'POST /backoffice/api/records/:id/holds',
      'POST /backoffice/api/records/:id/holds/:holdId/release',
      'POST /backoffice/api/records/:id/evidence-pack',
      // issue #15: the identity deposit (docs/deposit.md), content and the status page (docs/content.md)
      'POST /v9/openaccounthk/remittance_info',
      'POST /v9/openaccounthk/reset_status',
      'POST /v9/openaccounthk/iponewlist',
      'POST /v9/openaccounthk/ipoabs',
      'POST /v9/openaccounthk/update_remittance',
      'POST /v9/openaccounthk/finish_remittance',
      'POST /v9/openaccounthk/bank_update_target',
      'POST /v9/serviceqr/info',
      'POST /trade/ipo/lists',
      'GET /content/images/:name',
      'GET /backoffice/api/content/ipos',
      'POST /backoffice/api/content/ipos',
      'PUT /backoffice/api/content/ipos/:id',
      'DELETE /backoffice/api/content/ipos/:id',
      'GET /backoffice/api/content/banners',
      'POST /backoffice/api/content/banners',
      'PUT /backoffice/api/content/banners/:id',
      'DELETE /backoffice/api/content/banners/:id',
      'GET /backoffice/api/content/banners/:id/image',
      'GET /backoffice/api/content/service',
      'PUT /backoffice/api/content/service',
      'GET /backoffice/api/content/service/qr',
      'GET /backoffice/api/deposits/fx-rates',
      'PUT /backoffice/api/deposits/fx-rates',
      'GET /backoffice/api/deposits/receiving-accounts',
      'POST /backoffice/api/deposits/imports',
      'GET /backoffice/api/deposits/credits',
      'POST /backoffice/api/deposits/credits/:id/match',
      'POST /backoffice/api/deposits/credits/:id/refund',
      'GET /backoffice/api/deposits/applications',
      'POST /backoffice/api/deposits/applications/:id/voucher-request',
      'GET /dev/staff-codes',
      // issue #22: the staff page and the first sign-in by a one-time link (docs/backoffice.md)
      'GET /backoffice/api/staff',
      'POST /backoffice/api/staff',
      'PUT /backoffice/api/staff/:id/roles',
      'POST /backoffice/api/staff/:id/disable',
      'POST /backoffice/api/staff/:id/enable',
      'POST /backoffice/api/staff/:id/unlock',
      'POST /backoffice/api/staff/:id/setup-link',
      'POST /backoffice/api/staff-setup/start',
      'POST /backoffice/api/staff-setup/finish',
      // issue #22: heavy staff work as jobs (docs/backoffice.md "Jobs")
      'GET /backoffice/api/jobs/:id',
      'POST /backoffice/api/jobs/:id/download',
      // issue #22: the notifications outbox for operations (docs/backoffice.md "Notifications")
      'GET /backoffice/api/outbox',
      'POST /backoffice/api/outbox/:id/retry',
    ])
      expect(keys).toContain(expected);
    expect(keys).toHaveLength(114);
  });

  it('answers every bad request below 500 with the envelope, in the request language, writing nothing', async () => {
    const before = await countAll(t);
    const liveBefore = await liveSessions(t);
    const langs = ['zh-CN', 'en', 'zh-HK'] as const;
    let n = 0;

    const send = async (
      label: string,
      route: { method: string; url: string },
      opts: {
        url?: string;
        query?: Record<string, unknown>;
        headers?: Record<string, string>;
        payload?: string | Buffer;
        token?: string;
      },
    ) => {
      const lang = langs[n++ % langs.length]!;
      const qs = opts.query ? toForm(opts.query) : '';
      const url = (opts.url ?? route.url) + (qs ? `?${qs}` : '');
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: {
          'accept-language': lang,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      });
      sent.push({ label, route: `${route.method} ${route.url}`, lang, res });
    };

    // logout's success is a write (the session is revoked): it gets its own session, used once.
    const logoutUser = await loginNewUser(t);
    const beforeLogout = await countAll(t);
    Object.assign(before, beforeLogout);

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const isLogout = route.url === '/v9/openaccounthk/logout';
      const urls =
        route.url === '/v9/openaccounthk/file/:document_id'
          ? [
              'not-a-uuid',
              '00000000-0000-0000-0000-000000000000',
              docOfB,
              docOfB.toUpperCase(),
              `${docOfB}x`,
              '%00',
              '..%2F..%2Fetc%2Fpasswd',
              encodeURIComponent('港😀'),
              'a'.repeat(5000),
              '%E0%A4%A', // not valid percent-encoding (FST_ERR_BAD_URL)
            ].map((id) => `/v9/openaccounthk/file/${id}`)
          : [route.url];
      const fields = [...(FIELDS[route.url] ?? ['anything']), ...COMMON];
      const sessionToken = isLogout ? tokenB.replace(/./, 'Z') : tokenA; // logout: a token that is no session
      for (const url of urls) {
        for (const withToken of [false, true]) {
          const token = withToken ? sessionToken : undefined;
          const sign = (p: Record<string, unknown>) => signed(t, p, token ? { token } : {});
          for (const isSigned of [true, false]) {
            const base = (p: Record<string, unknown>) => (isSigned ? sign(p) : p);
            const tag = `${key} ${url === route.url ? '' : url.slice(0, 80)} ${withToken ? 'token' : 'anon'} ${isSigned ? 'signed' : 'unsigned'}`;
            if (route.method === 'GET') {
              await send(`${tag} no query`, route, { url, token });
              await send(`${tag} common params only`, route, { url, token, query: base({}) });
              for (const field of fields)
                for (const bad of BAD_VALUES)
                  await send(`${tag} ${field}=${JSON.stringify(bad).slice(0, 30)}`, route, {
                    url,
                    token,
                    query: { ...base({}), [field]: bad },
                  });
              await send(`${tag} long query`, route, {
                url,
                token,
                query: { ...base({}), junk: 'q'.repeat(60_000) },
              });
              continue;
            }
            const form = { 'content-type': 'application/x-www-form-urlencoded' };
            const json = { 'content-type': 'application/json' };
            await send(`${tag} no body`, route, { url, token });
            await send(`${tag} empty form`, route, { url, token, headers: form, payload: '' });
            await send(`${tag} empty json`, route, { url, token, headers: json, payload: '' });
            await send(`${tag} form, nothing but common`, route, {
              url,
              token,
              headers: form,
              payload: toForm(base({})),
            });
            await send(`${tag} json {}`, route, {
              url,
              token,
              headers: json,
              payload: JSON.stringify(base({})),
            });
            await send(`${tag} json array`, route, { url, token, headers: json, payload: '[1,2,3]' });
            await send(`${tag} json string`, route, { url, token, headers: json, payload: '"hello"' });
            await send(`${tag} json null`, route, { url, token, headers: json, payload: 'null' });
            await send(`${tag} malformed json`, route, {
              url,
              token,
              headers: json,
              payload: '{"region": "HK",',
            });
            await send(`${tag} json with form type`, route, {
              url,
              token,
              headers: form,
              payload: JSON.stringify(base({ region: 'HK', mobile: '91234567' })),
            });
            await send(`${tag} form with json type`, route, {
              url,
              token,
              headers: json,
              payload: toForm(base({ region: 'HK', mobile: '91234567' })),
            });
            await send(`${tag} unknown content type`, route, {
              url,
              token,
              headers: { 'content-type': 'text/xml' },
              payload: '<a/>',
            });
            await send(`${tag} __proto__`, route, {
              url,
              token,
              headers: json,
              payload: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"_t":"${base({})._t ?? ''}"}`,
            });
            await send(`${tag} form __proto__`, route, {
              url,
              token,
              headers: form,
              payload: `${toForm(base({}))}&__proto__=x&constructor[prototype][x]=1&hasOwnProperty=1`,
            });
            await send(`${tag} json duplicated keys`, route, {
              url,
              token,
              headers: json,
              payload: `{"region":"HK","region":["CN"],"mobile":"1","mobile":{"a":1},"_t":1,"_t":"2"}`,
            });
            await send(`${tag} form duplicated keys`, route, {
              url,
              token,
              headers: form,
              payload: `${toForm(base({}))}&region=HK&region=CN&mobile=1&mobile=2&_t=1&_sign=x&lang=en&lang=zh-CN`,
            });
            // over the route's body limit: 64 kB for every call but the signature's (a PNG, ~790 kB)
            const junk = 'y'.repeat(route.url.endsWith('/sign') ? 1_000_000 : 100_000);
            for (const [what, headers, payload] of [
              ['form', form, toForm(base({ junk }))],
              ['json', json, JSON.stringify(base({ junk }))],
            ] as const)
              await send(`${tag} over-limit ${what}`, route, { url, token, headers, payload });
            if (route.url !== '/v9/openaccounthk/upload') {
              const mp = multipartBody([
                { name: 'kind', value: 'id_front' },
                { name: 'file', value: Buffer.from('x'), filename: 'a.jpg' },
              ]);
              await send(`${tag} multipart`, route, {
                url,
                token,
                query: base({}),
                headers: { 'content-type': mp.contentType },
                payload: mp.body,
              });
            } else {
              const q = base({});
              for (const parts of [
                [],
                [{ name: 'kind', value: 'passport' }],
                [{ name: 'kind', value: ['x'].join('\u0000') }],
                [{ name: 'file', value: Buffer.from('no kind first'), filename: 'a.jpg' }],
                [
                  { name: 'kind', value: 'id_front' },
                  { name: 'file', value: Buffer.from('plain text, not a photo'), filename: 'a.jpg' },
                ],
                [
                  { name: 'kind', value: 'id_front' },
                  { name: 'file', value: Buffer.alloc(0), filename: 'a.jpg' },
                ],
                [{ name: 'kind', value: 'k'.repeat(5000) }],
              ]) {
                const mp = multipartBody(parts);
                await send(`${tag} multipart ${JSON.stringify(parts).slice(0, 60)}`, route, {
                  url,
                  token,
                  query: q,
                  headers: { 'content-type': mp.contentType },
                  payload: mp.body,
                });
              }
              await send(`${tag} truncated multipart`, route, {
                url,
                token,
                query: q,
                headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
                payload: '--zzz\r\nContent-Disposition: form-data; name="kind"\r\n\r\nid_fr',
              });
              await send(`${tag} multipart without boundary`, route, {
                url,
                token,
                query: q,
                headers: { 'content-type': 'multipart/form-data' },
                payload: 'x',
              });
            }
            // every required field missing, one at a time, from a valid body
            const valid = VALID[route.url];
            if (valid)
              for (const drop of Object.keys(valid)) {
                const { [drop]: _gone, ...rest } = valid;
                await send(`${tag} without ${drop}`, route, {
                  url,
                  token,
                  headers: form,
                  payload: toForm(base(rest)),
                });
              }
            // wrong types, field by field, as JSON and as form
            for (const field of fields)
              for (const bad of BAD_VALUES) {
                const body = { ...(valid ?? {}), [field]: bad };
                if (field === '_t' || field === '_sign' || field === 'token') {
                  // on an empty body: a valid body with an ignored junk token would be a real request
                  const s = base({});
                  s[field] = bad;
                  await send(`${tag} json ${field}=${JSON.stringify(bad).slice(0, 30)}`, route, {
                    url,
                    token,
                    headers: json,
                    payload: JSON.stringify(s),
                  });
                  continue;
                }
                // a valid body with one bad field must still be refused, except for fields that
                // are optional and accept any text (they would make the request valid)
                await send(`${tag} json ${field}=${JSON.stringify(bad).slice(0, 30)}`, route, {
                  url,
                  token,
                  headers: json,
                  payload: JSON.stringify(base({ [field]: bad })),
                });
                if (valid && !WRITING.has(key))
                  await send(`${tag} form ${field}=${JSON.stringify(bad).slice(0, 30)}`, route, {
                    url,
                    token,
                    headers: form,
                    payload: toForm(base(body)),
                  });
              }
            // del_file of another user's photo, with a valid sign
            if (route.url === '/v9/openaccounthk/del_file')
              for (const id of [docOfB, docOfB.toUpperCase(), ` ${docOfB}`])
                await send(`${tag} another user's document`, route, {
                  url,
                  token,
                  headers: form,
                  payload: toForm(base({ document_id: id })),
                });
          }
        }
      }
      if (isLogout) {
        // the logout user's own session: revoked once (the only write of the sweep), then 1001
        for (let i = 0; i < 2; i++)
          await send(`${key} real logout ${i}`, route, {
            token: logoutUser.token,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(signed(t, { junk: [1, { a: 2 }] }, { token: logoutUser.token })),
          });
      }
    }

    // --- the answers ---
    const problems: string[] = [];
    for (const s of sent) {
      const where = `${s.label} [${s.lang}] → HTTP ${s.res.statusCode}`;
      if (s.res.statusCode >= 500) {
        problems.push(`${where}: 5xx ${s.res.body.slice(0, 200)}`);
        continue;
      }
      let body: { status?: unknown; data?: unknown; info?: unknown };
      try {
        body = JSON.parse(s.res.body);
      } catch {
        problems.push(`${where}: not JSON: ${s.res.body.slice(0, 100)}`);
        continue;
      }
      if (
        typeof body.status !== 'number' ||
        !('data' in body) ||
        typeof body.info !== 'string' ||
        !body.info
      ) {
        problems.push(`${where}: not the envelope: ${s.res.body.slice(0, 200)}`);
        continue;
      }
      // a `lang` parameter (even junk, which means the default zh-CN) overrides Accept-Language
      const ownLang = s.label.includes(' lang=') || s.label.includes('duplicated keys');
      if (body.status !== 0 && !ownLang) {
        if (s.lang === 'en' && HAN.test(body.info))
          problems.push(`${where}: info not in English: ${body.info}`);
        if (s.lang !== 'en' && !HAN.test(body.info))
          problems.push(`${where}: info not in Chinese: ${body.info}`);
        // the staff API answers its failures with their HTTP class (401, 403, 423, 429; errors.ts)
        const staffStatuses = s.route.includes('/backoffice/api/') ? [401, 403, 423, 429] : [];
        if (s.res.statusCode !== 200 && ![400, 404, 413, 415, ...staffStatuses].includes(s.res.statusCode))
          problems.push(`${where}: unexpected HTTP status`);
      }
      if (body.status === 0) {
        if (WRITING.has(s.route)) problems.push(`${where}: a bad request to a writing route succeeded`);
        if (s.route.includes('logout') && !s.label.includes('real logout 0'))
          problems.push(`${where}: logout succeeded without its session`);
        if (s.route.includes('/file/'))
          problems.push(`${where}: another user's photo or a bad id was served`);
      }
      if (
        s.label.includes('over-limit') &&
        body.status !== 0 &&
        s.res.statusCode !== 413 &&
        s.res.statusCode !== 200
      )
        problems.push(`${where}: a body over the limit not 413`);
    }
    expect(problems.slice(0, 30)).toEqual([]);

    // bodies over the limit are refused as too large on every POST route, signed or not
    const big = sent.filter((s) => s.label.includes('over-limit'));
    expect(big.length).toBeGreaterThan(50);
    for (const s of big) expect([s.label, s.res.statusCode]).toEqual([s.label, 413]);

    // one zh-CN and one en answer, checked word for word
    const zh = sent.find((s) => s.lang === 'zh-CN' && s.res.statusCode === 413)!;
    expect(JSON.parse(zh.res.body).info).toMatch(HAN);
    const en = sent.find((s) => s.lang === 'en' && s.res.statusCode === 413)!;
    expect(JSON.parse(en.res.body).info).toMatch(/^[\x20-\x7e]+$/);

    // nothing written: only the one real logout revoked a session
    expect(await countAll(t)).toEqual(before);
    expect(await liveSessions(t)).toBe(liveBefore);
    // B's photo is still there and still B's
    const mine = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${docOfB}?${toForm(
        (() => {
          const p = signed(t, {}, { token: tokenB });
          delete p.token;
          return p;
        })(),
      )}`,
      headers: { authorization: `Bearer ${tokenB}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(sent.length).toBeGreaterThan(2000);
  }, 180_000);
});

// --- issue #12: hostile text in every field of every route, on both databases ---

const pgUrl = await findPostgres();

/**
 * The corpus (packages/domain/src/text-corpus.ts) and what else a typed field must survive: a
 * string over any field's limit and a flood of combining marks over a whole field. Legitimate
 * right-to-left text (an Arabic name) is accepted, so it is not sent here (typed-text.test.ts).
 */
const HOSTILE = [...HOSTILE_TEXTS.map(([, value]) => value), 'x'.repeat(5_000), `Z${'\u0336'.repeat(400)}`];
const STORE_BREAKING = HOSTILE.filter((v) => !checkIsStorableText(v));
const STORABLE = HOSTILE.filter((v) => checkIsStorableText(v));

/** Each answer field of a step's form: a top-level name, or a list's row field (`tax_residencies.tin`). */
function answerFieldsOf(stepId: StepId): { field: string; inRow?: string }[] {
  const form = STEP_FORMS[stepId]!;
  type Def = {
    type: string;
    shape?: Record<string, unknown>;
    innerType?: unknown;
    in?: unknown;
    element?: unknown;
  };
  const defOf = (x: unknown) => (x as { _zod: { def: Def } })._zod.def;
  const unwrap = (x: unknown): Def => {
    const d = defOf(x);
    if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default') return unwrap(d.innerType);
    if (d.type === 'pipe') return unwrap(d.in);
    return d;
  };
  const ctx = { today: '2026-06-01', facts: { markets: ['HKMargin'], answers: {} }, documentCounts: {} };
  const out = new Map<string, { field: string; inRow?: string }>();
  for (const schema of [form.draftInput ?? form.draft, form.schema(ctx)]) {
    const shape = unwrap(schema).shape ?? {};
    for (const [field, child] of Object.entries(shape)) {
      out.set(field, { field });
      const inner = unwrap(child);
      const row = inner.type === 'array' ? unwrap(inner.element) : undefined;
      for (const sub of Object.keys(row?.shape ?? {})) out.set(`${field}.${sub}`, { field, inRow: sub });
    }
  }
  return [...out.values()];
}

describe.each(DB_KINDS)(
  'hostile text in every field of every route, never a 5xx, nothing written (%s)',
  (kind) => {
    const { t, test: run } = useTestApp(kind, pgUrl);

    run(
      'answers the envelope below 500 and refuses each string; no row written',
      async () => {
        const user = await applicantBornOn(t);
        // every step with a form confirmed as it stands: a confirmation of any of them reaches its parse
        const formSteps = STEPS.map((s) => s.id).filter((id) => STEP_FORMS[id]);
        await confirmDirectly(t, user, formSteps);
        const { db } = t.app.ctx;
        const rows = async () => ({
          ...(await countAll(t)),
          steps: (
            await db
              .select({ step: applicationSteps.step, version: applicationSteps.version })
              .from(applicationSteps)
          )
            .map((r) => `${r.step}@${r.version}`)
            .sort(),
          events: (await db.select({ n: count() }).from(applicationEvents))[0]!.n,
        });
        const before = await rows();
        const problems: string[] = [];
        let sent = 0;
        const check = (what: string, res: { statusCode: number; body: string }) => {
          sent++;
          if (res.statusCode >= 500)
            return problems.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
          const body = JSON.parse(res.body) as { status?: unknown; info?: unknown };
          if (typeof body.status !== 'number' || typeof body.info !== 'string')
            return problems.push(`${what}: not the envelope`);
          if (body.status === 0) problems.push(`${what}: accepted`);
        };
        const json = (url: string, payload: Record<string, unknown>, method: 'POST' | 'GET' = 'POST') =>
          method === 'GET'
            ? t.app.inject({
                method,
                // the token travels in the header only (decision 005)
                url: `${url}?${toForm({ ...signed(t, payload, { token: user.token }), token: undefined })}`,
                headers: { authorization: `Bearer ${user.token}` },
              })
            : t.app.inject({
                method,
                url,
                headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
                payload: JSON.stringify(signed(t, payload, { token: user.token })),
              });

        // What PostgreSQL cannot store (NUL, lone surrogates) goes into every field, as a draft and as
        // a confirmation; the rest of the corpus in turns (each field a third of it, each string a
        // third of the fields). text-coverage.test.ts puts every string into every field's schema.
        const picks = (n: number) => [
          ...STORE_BREAKING.map((value) => ({ value, both: true })),
          ...STORABLE.filter((_, i) => i % 3 === n % 3).map((value) => ({ value, both: false })),
        ];
        const label = (value: string) => JSON.stringify(value).slice(0, 24);
        let n = 0;
        // the steps with a form (STEP_FORMS names every step: null for those passed by calls of their own)
        for (const stepId of (Object.keys(STEP_FORMS) as StepId[]).filter((id) => STEP_FORMS[id]))
          for (const { field, inRow } of answerFieldsOf(stepId)) {
            n++;
            for (const [i, { value, both }] of picks(n).entries())
              for (const confirm of both ? [false, true] : [i % 2 === 1]) {
                // the free lines of an address abroad are the one multi-line field: a line break is text there
                if (/detail$/.test(field) && value.includes('\n')) continue;
                const answers = inRow ? { [field]: [{ country: 'SG', [inRow]: value }] } : { [field]: value };
                const res = await json(`/v9/OpenAccountHk/step/${stepId}`, { confirm, answers });
                const where = inRow ? `${field}[].${inRow}` : field;
                check(`step ${stepId} ${where} ${label(value)} ${confirm ? 'confirm' : 'draft'}`, res);
              }
          }

        // every other route: each field it reads, and the free common parameters of spec §7
        const FREE_COMMON = ['source', 'empId', 'activity_id', 'broker', 'version', 'open_type'];
        // a URL carries no lone surrogate (URLSearchParams sends U+FFFD): raw bytes are probed below
        const inUrl = (value: string) => value.includes('\u0000') || checkIsStorableText(value);
        for (const route of routesOf(t)) {
          // the step call above; dev tools, health and the area list are outside the signed API and
          // take no typed text; logout's session is the sweep's own
          if (/\/step\/|^\/dev\/|^\/healthz$|\/logout$|^\/app\/area\//.test(route.url)) continue;
          const url = route.url.replace(':document_id', '00000000-0000-4000-8000-000000000000');
          const method = route.method as 'GET' | 'POST';
          const writes = WRITING.has(`${route.method} ${route.url}`);
          for (const field of FIELDS[route.url] ?? []) {
            n++;
            for (const { value } of picks(n)) {
              if (method === 'GET' && !inUrl(value)) continue;
              const res = await json(url, { ...(VALID[route.url] ?? {}), [field]: value }, method);
              const what = `${route.method} ${url} ${field} ${label(value)}`;
              // a read may ignore a field it does not need; a write must refuse
              if (writes) check(what, res);
              else if (res.statusCode >= 500) problems.push(`${what}: HTTP ${res.statusCode}`);
            }
          }
          // one check serves every common parameter: each route gets them in turns
          n++;
          for (const [i, { value }] of picks(n).entries()) {
            if (method === 'GET' && !inUrl(value)) continue;
            const common = FREE_COMMON[(n + i) % FREE_COMMON.length]!;
            check(
              `${route.method} ${url} ${common} ${label(value)}`,
              await json(url, { [common]: value }, method),
            );
          }
          if (method === 'GET')
            // raw bytes: a NUL and an override are refused; bytes that are not UTF-8 (an encoded
            // surrogate, an overlong NUL) never decode to what the database refuses
            for (const [raw, refused] of [
              ['%00', true],
              ['%E2%80%AE', true],
              ['%ED%A0%80', false],
              ['%C0%80', false],
            ] as const) {
              const res = await t.app.inject({
                method,
                url: `${url}?${toForm({ ...signed(t, {}, { token: user.token }), token: undefined })}&source=x${raw}y`,
                headers: { authorization: `Bearer ${user.token}` },
              });
              if (refused) check(`${route.method} ${url} source=${raw}`, res);
              else if (res.statusCode >= 500)
                problems.push(`${route.method} ${url} source=${raw}: HTTP ${res.statusCode}`);
            }
        }
        expect(problems.slice(0, 30)).toEqual([]);
        expect(await rows()).toEqual(before);
        expect(sent).toBeGreaterThan(1000);
      },
      120_000,
    );
  },
);
