// Issue #17 items 7–10: spec §7's calls as the spec says them. The `lang` header; `mailCheck` and
// `audit` form-encoded like every call the spec lists (JSON still accepted); the partners' common
// decoder `decode_mobile_common`; `get_bank_subset` answered under POST as well as GET.
import { randomInt } from 'node:crypto';
import { errorKey, type Language, translateError } from '@hk/domain';
import { describe, expect } from 'vitest';
import { encodeMobileLink } from '../src/plugins/app/auth/mobile-link';
import { createLoggedInUser } from './application-helpers';
import { get, post } from './auth-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();
const DAY_MS = 86_400_000;

/** A signed form-encoded POST with any headers (the helpers' `post` sets only Accept-Language). */
function postWithHeaders(
  t: TestApp,
  url: string,
  params: Record<string, string>,
  headers: Record<string, string>,
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(signed(t, params) as Record<string, string>).toString(),
  });
}

const decodeFailed = (lang: Language) => translateError(lang, errorKey('MOBILE_DECODE_FAILED'));

describe.each(DB_KINDS)('spec §7 calls (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  const linkFor = (region: 'CN' | 'HK', mobile: string) =>
    encodeMobileLink(
      { region, mobile, expiresAt: new Date(t.clock.now.getTime() + DAY_MS) },
      t.config.linkKey,
    );

  /** A link whose base64url has `-` or `_` at least twice, so its standard-base64 form differs. */
  const linkWithBothAlphabets = (region: 'CN' | 'HK', mobile: string) => {
    for (;;) {
      const link = linkFor(region, mobile);
      if ((link.slice(3).match(/[-_]/g) ?? []).length >= 2) return link;
    }
  };
  const toStandardBase64 = (link: string) => {
    const bytes = Buffer.from(link.slice(3), 'base64url');
    return `v1.${bytes.toString('base64')}`;
  };

  describe('item 7: the `lang` header', () => {
    run(
      'answers in the language of the `lang` header over Accept-Language, in each of the three',
      async () => {
        for (const lang of ['en', 'zh-HK', 'zh-CN'] as const) {
          const other = lang === 'zh-CN' ? 'en' : 'zh-CN';
          const res = await postWithHeaders(
            t,
            '/v1/Services/decode_mobile',
            { mobile: 'v1.not-a-link' },
            { lang, 'accept-language': other },
          );
          expect(res.json()).toMatchObject({ status: 8020, info: decodeFailed(lang) });
        }
      },
    );

    run('the `lang` parameter still comes first; a header that names no language falls back', async () => {
      const withParam = await postWithHeaders(
        t,
        '/v1/Services/decode_mobile',
        { mobile: 'v1.not-a-link', lang: 'zh-HK' },
        { lang: 'en' },
      );
      expect(withParam.json().info).toBe(decodeFailed('zh-HK'));
      const odd = await postWithHeaders(t, '/v1/Services/decode_mobile', { mobile: 'v1.x' }, { lang: 'xx' });
      expect(odd.json().info).toBe(decodeFailed('zh-CN'));
    });
  });

  describe('item 8: mailCheck and audit form-encoded (JSON still accepted)', () => {
    run('mailCheck send, status and verify, each form-encoded', async () => {
      const user = await createLoggedInUser(t);
      await post(t, '/V9/OpenAccountHk/loginCreate', { type: 'HKMargin' }, { token: user.token });
      const email = `form.${randomInt(1e9)}@example.com`;
      const sent = await post(
        t,
        '/v9/OpenAccountHk/mailCheck',
        { action: 'send', email },
        { token: user.token },
      );
      expect(sent).toMatchObject({ status: 0, data: { action: 'send', email, verified: false } });
      const code = t.app.ctx.mailer.outbox!.list(email)[0]!.code;
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await post(
        t,
        '/v9/OpenAccountHk/mailCheck',
        { action: 'verify', email, code: wrong },
        { token: user.token, lang: 'en' },
      );
      expect(refused.status).not.toBe(0);
      const verified = await post(
        t,
        '/v9/OpenAccountHk/mailCheck',
        { action: 'verify', email, code },
        { token: user.token },
      );
      expect(verified).toMatchObject({ status: 0, data: { verified: true, email } });
      const status = await post(
        t,
        '/v9/OpenAccountHk/mailCheck',
        { action: 'status', email },
        { token: user.token, json: true },
      );
      expect(status).toMatchObject({ status: 0, data: { verified: true } });
    });

    run('audit answers the same form-encoded and as JSON', async () => {
      const user = await createLoggedInUser(t);
      await post(t, '/V9/OpenAccountHk/loginCreate', { type: 'HKMargin' }, { token: user.token });
      const form = await post(t, '/v9/OpenAccountHk/audit', {}, { token: user.token });
      const json = await post(t, '/v9/OpenAccountHk/audit', {}, { token: user.token, json: true });
      expect(form.status).toBe(0);
      expect(form.data).toEqual(json.data);
      expect((form.data as { blocking: unknown[] }).blocking.length).toBeGreaterThan(0);
    });
  });

  describe('item 9: POST /v1/Services/decode_mobile_common', () => {
    run('decodes a partner link as made (base64url), form-encoded or JSON, no-store', async () => {
      const link = linkFor('CN', '13800138000');
      const res = await postWithHeaders(t, '/v1/Services/decode_mobile_common', { mobile: link }, {});
      expect(res.json()).toEqual({ status: 0, data: { region: 'CN', mobile: '13800138000' }, info: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
      const json = await post(
        t,
        '/v1/Services/decode_mobile_common',
        { mobile: link, ext: 'campaign-7', childOpenAcctChannel: 'app' },
        { json: true },
      );
      expect(json.data).toEqual({ region: 'CN', mobile: '13800138000' });
    });

    run(
      'decodes the same link in standard base64, with `+` read as spaces, and percent-encoded again',
      async () => {
        const link = linkWithBothAlphabets('HK', '91234567');
        const standard = toStandardBase64(link);
        expect(standard).toMatch(/[+/]/);
        const formats = [
          standard,
          standard.replace(/\+/g, ' '), // a query string decoded once more
          encodeURIComponent(standard), // encoded by a second URL encoder
          encodeURIComponent(link),
          ` ${link} `,
        ];
        for (const mobile of formats) {
          const res = await post(t, '/v1/Services/decode_mobile_common', { mobile });
          expect(res, mobile).toMatchObject({ status: 0, data: { region: 'HK', mobile: '91234567' } });
        }
        // decode_mobile keeps its one documented format
        expect((await post(t, '/v1/Services/decode_mobile', { mobile: standard })).status).toBe(8020);
      },
    );

    run('a tampered, foreign, mixed-alphabet or plain-number link → 8020 in the language asked', async () => {
      const link = linkWithBothAlphabets('HK', '91234567');
      const bytes = Buffer.from(link.slice(3), 'base64url');
      bytes[14] = bytes[14]! ^ 1;
      const mixed = `v1.${link.slice(3).replace(/[-_]/, (c) => (c === '-' ? '+' : '/'))}`;
      expect(mixed.slice(3)).toMatch(/[+/]/);
      for (const mobile of [
        `v1.${bytes.toString('base64')}`,
        mixed,
        '91234567',
        'v2.abc',
        '%E0%A4%A',
        `v1.${'A'.repeat(400)}`,
      ]) {
        for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
          const res = await post(t, '/v1/Services/decode_mobile_common', { mobile }, { lang });
          expect(res, mobile).toMatchObject({ status: 8020, info: decodeFailed(lang), data: null });
        }
      }
    });

    run('missing or oversize mobile → 1002 at the field', async () => {
      for (const params of [{}, { mobile: '' }, { mobile: `v1.${'A'.repeat(600)}` }]) {
        const res = await post(t, '/v1/Services/decode_mobile_common', params);
        expect(res.status).toBe(1002);
        expect(Object.keys((res.data as { fields: object }).fields)).toEqual(['mobile']);
      }
    });
  });

  describe('item 10: get_bank_subset under POST', () => {
    run('answers POST (form or JSON) as it answers GET, in the language asked', async () => {
      for (const region of ['HK', 'CN'] as const) {
        const viaGet = await get(t, '/v9/OpenAccountHk/get_bank_subset', { region }, { lang: 'en' });
        const viaForm = await post(t, '/v9/OpenAccountHk/get_bank_subset', { region }, { lang: 'en' });
        const viaJson = await post(
          t,
          '/v9/OpenAccountHk/get_bank_subset',
          { region },
          { lang: 'en', json: true },
        );
        expect(viaForm).toMatchObject({ status: 0, data: { region } });
        expect(viaForm.data).toEqual(viaGet.data);
        expect(viaJson.data).toEqual(viaGet.data);
      }
      const hsbc = async (lang: Language) =>
        (
          (await post(t, '/v9/OpenAccountHk/get_bank_subset', { region: 'HK' }, { lang })).data as {
            items: { code: string; name: string }[];
          }
        ).items.find((b) => b.code === '004')?.name;
      expect(await hsbc('en')).toMatch(/Hongkong and Shanghai/);
      expect(await hsbc('zh-HK')).toMatch(/香港上海滙豐/);
      expect(await hsbc('zh-CN')).toMatch(/香港上海汇丰/);
    });

    run('an unknown region under POST → 1002', async () => {
      const res = await post(t, '/v9/OpenAccountHk/get_bank_subset', { region: 'XX' });
      expect(res.status).toBe(1002);
    });
  });
});
