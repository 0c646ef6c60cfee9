// The bank step (issue #7 step 3, domain and server slice) on the generic step call, and its
// look-ups: bank_name (the issuer of a mainland card) and get_bank_subset (the picker's banks).
import { translateError } from '@hk/domain';
import { HONG_KONG_BANKS, MAINLAND_BANKS } from '@hk/domain/steps/bank/bank-data';
import { cardNumber } from '@hk/domain/steps/bank/bank-test-cards';
import {
  BankCountryListResponseSchema,
  BankNameResponseSchema,
  BankSelectListResponseSchema,
  BankSubsetResponseSchema,
} from '@hk/domain/steps/bank/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationSteps, applications } from '../src/db/schema';
import { post } from './application-helpers';
import {
  type Applicant,
  applicantWithId,
  ErrorCode,
  type Lang,
  saveStep,
  snapshot,
} from './flow-step-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';
import { confirmStepsBefore } from './investment-helpers';

const pgUrl = await findPostgres();

const ICBC_CARD = cardNumber('622202', 19);
const CMB_CARD = cardNumber('622588', 16);
const CN_CARD = {
  card_number: ICBC_CARD,
  bank_code: 'ICBC',
  reserved_phone: '13812345678',
  province_code: '440000',
  city_code: '440300',
};
const HSBC_ACCOUNT = '123456789001';
const HK_ACCOUNT = { bank_code: '004', account_number: '123-456789-001', holder_name: 'Chan Tai Man' };

async function ready(t: TestApp, kind: 'hk' | 'cn' = 'hk'): Promise<Applicant> {
  const user = await applicantWithId(t, kind);
  await confirmStepsBefore(t, user, 'bank');
  return user;
}
async function info(t: TestApp, user: { token: string }) {
  const { res, json } = await post(t, '/v9/OpenAccountHk/step_info/bank', {}, { token: user.token });
  return { body: res.body, json };
}
async function bankName(
  t: TestApp,
  body: Record<string, unknown>,
  opts: { token?: string; lang?: Lang } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v9/OpenAccountHk/bank_name',
    headers: {
      'content-type': 'application/json',
      'accept-language': opts.lang ?? 'en',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    payload: JSON.stringify(signed(t, body, opts.token ? { token: opts.token } : {})),
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return { res, json: res.json() };
}
async function getList(
  t: TestApp,
  path: string,
  query: Record<string, string>,
  lang: Lang = 'en',
  sign = true,
) {
  const params = sign ? (signed(t, query) as Record<string, string>) : query;
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(params)}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return { res, json: res.json() };
}
const subset = (t: TestApp, query: Record<string, string>, lang: Lang = 'en') =>
  getList(t, '/v9/OpenAccountHk/get_bank_subset', query, lang);
async function bankTypeOf(t: TestApp, user: Applicant) {
  const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
  return app!.bankType;
}

describe.each(DB_KINDS)('the bank step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'HK ID: each bad input is refused at its field, in the language asked, and nothing is written',
    async () => {
      const user = await ready(t, 'hk');
      const cases: [Record<string, unknown>, string, string, Lang][] = [
        [{ ...HK_ACCOUNT, bank_code: undefined }, 'bank_code', 'bank_code_required', 'zh-CN'],
        [{ ...HK_ACCOUNT, bank_code: '999' }, 'bank_code', 'bank_code_required', 'en'],
        [{ ...HK_ACCOUNT, bank_code: 'ICBC' }, 'bank_code', 'bank_code_required', 'zh-HK'],
        [{ ...HK_ACCOUNT, account_number: '' }, 'account_number', 'bank_account_number_required', 'en'],
        [{ ...HK_ACCOUNT, account_number: 12345 }, 'account_number', 'bank_account_number_required', 'en'],
        [
          { ...HK_ACCOUNT, account_number: '12345678X01' },
          'account_number',
          'bank_account_number_invalid',
          'zh-CN',
        ],
        [
          { ...HK_ACCOUNT, account_number: '123456789' },
          'account_number',
          'bank_account_number_invalid',
          'en',
        ],
        [
          { ...HK_ACCOUNT, account_number: '1234567890123' },
          'account_number',
          'bank_account_number_invalid',
          'zh-HK',
        ],
        [{ ...HK_ACCOUNT, holder_name: ' ' }, 'holder_name', 'bank_holder_name_required', 'en'],
        [
          { ...HK_ACCOUNT, holder_name: 'CHAN SIU MING' },
          'holder_name',
          'bank_holder_name_mismatch',
          'zh-HK',
        ],
        [{ ...HK_ACCOUNT, holder_name: '陳大文' }, 'holder_name', 'bank_holder_name_mismatch', 'zh-CN'],
        // an HK applicant gives an HK account: a mainland card's fields are not that
        [CN_CARD, 'account_number', 'bank_account_number_required', 'en'],
      ];
      const before = await snapshot(t, user, 'bank');
      for (const [answers, field, key, lang] of cases) {
        const { json } = await saveStep(t, user, 'bank', { confirm: true, answers }, lang);
        expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], `${key}: ${JSON.stringify(json.data.fields)}`).toBe(
          translateError(lang, key),
        );
      }
      expect(await snapshot(t, user, 'bank')).toEqual(before);
      expect(await bankTypeOf(t, user)).toBe(0);
    },
  );

  run(
    'HK ID: confirmed, the account number is sealed at rest and only its mask is ever sent back',
    async () => {
      const user = await ready(t, 'hk');
      const saved = await saveStep(t, user, 'bank', { confirm: true, answers: HK_ACCOUNT });
      expect(saved.json.status, JSON.stringify(saved.json)).toBe(0);
      expect(saved.json.data.confirmed).toBe(true);
      expect(saved.res.body).not.toContain(HSBC_ACCOUNT);
      const { json, body } = await info(t, user);
      expect(body).not.toContain(HSBC_ACCOUNT);
      expect(body).not.toContain('456789');
      expect(json.data.answers).toEqual({
        bank_type: 2,
        bank_code: '004',
        holder_name: 'Chan Tai Man',
        number_masked: '**** **** 9001',
      });
      expect(json.data.sealed).toEqual({ card_number: '**** **** 9001' });
      const { row } = await snapshot(t, user, 'bank');
      expect(JSON.stringify(row!.answers)).not.toContain(HSBC_ACCOUNT);
      expect(JSON.stringify(row!.sealed)).not.toContain(HSBC_ACCOUNT);
      expect(t.app.ctx.vault.decrypt(row!.sealed.card_number!.sealed)).toBe(HSBC_ACCOUNT);
      // spec §4 bank_type, on the application and in the status response
      expect(await bankTypeOf(t, user)).toBe(2);
      const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(status.json.data.bank_type).toBe(2);
      // confirmed again without typing the number: the mask sent back keeps the sealed one
      const again = await saveStep(t, user, 'bank', {
        confirm: true,
        step_version: json.data.version,
        answers: { bank_code: '004', holder_name: 'CHAN TAI MAN', number_masked: '**** **** 9001' },
      });
      expect(again.json.status, JSON.stringify(again.json)).toBe(0);
      const after = await snapshot(t, user, 'bank');
      expect(t.app.ctx.vault.decrypt(after.row!.sealed.card_number!.sealed)).toBe(HSBC_ACCOUNT);
      // a mask of no kept number is not a number
      const wrong = await saveStep(t, user, 'bank', {
        confirm: true,
        answers: { bank_code: '004', holder_name: 'CHAN TAI MAN', number_masked: '**** **** 9999' },
      });
      expect(wrong.json.data.fields.account_number).toBe(
        translateError('en', 'bank_account_number_required'),
      );
    },
  );

  run('mainland ID: a debit card with Luhn, its bank, the reserved phone and location', async () => {
    const user = await ready(t, 'cn');
    const bad = `${ICBC_CARD.slice(0, -1)}${(Number(ICBC_CARD.at(-1)) + 1) % 10}`;
    const cases: [Record<string, unknown>, string, string, Lang][] = [
      [{ ...CN_CARD, card_number: '' }, 'card_number', 'bank_card_number_required', 'zh-CN'],
      [{ ...CN_CARD, card_number: '622202123456789' }, 'card_number', 'bank_card_number_invalid', 'en'],
      [{ ...CN_CARD, card_number: `${ICBC_CARD}1` }, 'card_number', 'bank_card_number_invalid', 'zh-HK'],
      [{ ...CN_CARD, card_number: bad }, 'card_number', 'bank_card_number_checksum', 'zh-CN'],
      [{ ...CN_CARD, bank_code: 'XYZ' }, 'bank_code', 'bank_code_required', 'en'],
      [{ ...CN_CARD, bank_code: 'CMB' }, 'bank_code', 'bank_card_bank_mismatch', 'zh-CN'],
      [{ ...CN_CARD, reserved_phone: '' }, 'reserved_phone', 'bank_phone_required', 'en'],
      [{ ...CN_CARD, reserved_phone: '91234567' }, 'reserved_phone', 'bank_phone_invalid', 'zh-HK'],
      [{ ...CN_CARD, province_code: undefined }, 'province_code', 'bank_location_required', 'en'],
      [{ ...CN_CARD, city_code: '110100' }, 'province_code', 'bank_location_invalid', 'zh-CN'],
      [
        { ...CN_CARD, province_code: '810000', city_code: '810100' },
        'province_code',
        'bank_location_invalid',
        'en',
      ],
      // a mainland applicant gives a mainland card: an HK account is not that
      [HK_ACCOUNT, 'card_number', 'bank_card_number_required', 'en'],
    ];
    const before = await snapshot(t, user, 'bank');
    for (const [answers, field, key, lang] of cases) {
      const { json } = await saveStep(t, user, 'bank', { confirm: true, answers }, lang);
      expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields[field], `${key}: ${JSON.stringify(json.data.fields)}`).toBe(
        translateError(lang, key),
      );
    }
    expect(await snapshot(t, user, 'bank')).toEqual(before);

    // typed in groups of four, as the screen shows it
    const grouped = ICBC_CARD.replace(/(.{4})/g, '$1 ');
    const saved = await saveStep(t, user, 'bank', {
      confirm: true,
      answers: { ...CN_CARD, card_number: grouped },
    });
    expect(saved.json.status, JSON.stringify(saved.json)).toBe(0);
    const { json, body } = await info(t, user);
    expect(body).not.toContain(ICBC_CARD);
    expect(body).not.toContain(ICBC_CARD.slice(4, 12));
    const mask = `6222 **** **** ***${ICBC_CARD.slice(-4, -3)} ${ICBC_CARD.slice(-3)}`;
    // the bank-reserved phone too: sealed at rest, its middle 4 digits masked in every response
    expect(saved.res.body).not.toContain('13812345678');
    expect(body).not.toContain('13812345678');
    expect(json.data.answers).toEqual({
      ...CN_CARD,
      card_number: undefined,
      reserved_phone: undefined,
      bank_type: 1,
      number_masked: mask,
      reserved_phone_masked: '138****5678',
    });
    expect(json.data.sealed).toEqual({ card_number: mask, reserved_phone: '138****5678' });
    const { row } = await snapshot(t, user, 'bank');
    expect(t.app.ctx.vault.decrypt(row!.sealed.card_number!.sealed)).toBe(ICBC_CARD);
    expect(t.app.ctx.vault.decrypt(row!.sealed.reserved_phone!.sealed)).toBe('13812345678');
    expect(JSON.stringify(row!.answers)).not.toContain('13812345678');
    expect(JSON.stringify(row!.sealed)).not.toContain('13812345678');
    expect(await bankTypeOf(t, user)).toBe(1);

    // confirmed again with both fields left empty and their masks sent back: both sealed values kept
    const { card_number: _, reserved_phone: __, ...rest } = CN_CARD;
    const again = await saveStep(t, user, 'bank', {
      confirm: true,
      step_version: json.data.version,
      answers: {
        ...rest,
        card_number: '',
        reserved_phone: '',
        number_masked: mask,
        reserved_phone_masked: '138****5678',
      },
    });
    expect(again.json.status, JSON.stringify(again.json)).toBe(0);
    const kept = await snapshot(t, user, 'bank');
    expect(t.app.ctx.vault.decrypt(kept.row!.sealed.card_number!.sealed)).toBe(ICBC_CARD);
    expect(t.app.ctx.vault.decrypt(kept.row!.sealed.reserved_phone!.sealed)).toBe('13812345678');
    // another phone's mask keeps nothing: the phone is asked for
    const wrong = await saveStep(t, user, 'bank', {
      confirm: true,
      answers: { ...rest, number_masked: mask, reserved_phone_masked: '139****5678' },
    });
    expect(wrong.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(wrong.json.data.fields.reserved_phone).toBe(translateError('en', 'bank_phone_required'));
    expect(await snapshot(t, user, 'bank')).toEqual(kept);
  });

  run(
    'a row saved before the phone was sealed (the phone in clear in its answers) loses it at its next save',
    async () => {
      const user = await ready(t, 'cn');
      expect((await saveStep(t, user, 'bank', { confirm: true, answers: CN_CARD })).json.status).toBe(0);
      const { row } = await snapshot(t, user, 'bank');
      // the shape the step had before: the phone among the answers, nothing sealed for it
      const { reserved_phone: _, ...sealedBefore } = row!.sealed;
      await t.app.ctx.db
        .update(applicationSteps)
        .set({ answers: { ...row!.answers, reserved_phone: '13812345678' }, sealed: sealedBefore })
        .where(
          and(eq(applicationSteps.applicationId, row!.applicationId), eq(applicationSteps.step, 'bank')),
        );
      // confirmed again (the number kept by its mask, the phone typed): no 5xx, the clear phone is gone
      const { card_number: __, ...rest } = CN_CARD;
      const again = await saveStep(t, user, 'bank', {
        confirm: true,
        answers: { ...rest, number_masked: row!.answers.number_masked },
      });
      expect(again.json.status, JSON.stringify(again.json)).toBe(0);
      const after = await snapshot(t, user, 'bank');
      expect(after.row!.answers).not.toHaveProperty('reserved_phone');
      expect(JSON.stringify(after.row!.answers)).not.toContain('13812345678');
      expect(t.app.ctx.vault.decrypt(after.row!.sealed.reserved_phone!.sealed)).toBe('13812345678');
    },
  );

  run('a draft keeps what is typed, the number sealed; a stale step_version is refused (2007)', async () => {
    const user = await ready(t, 'cn');
    const first = await saveStep(t, user, 'bank', {
      confirm: false,
      answers: { card_number: CMB_CARD, bank_code: 'CMB' },
    });
    expect(first.json.status, JSON.stringify(first.json)).toBe(0);
    expect(first.res.body).not.toContain(CMB_CARD);
    const version = first.json.data.version;
    const second = await saveStep(t, user, 'bank', {
      confirm: false,
      step_version: version,
      answers: { reserved_phone: '13912345678' },
    });
    expect(second.json.status).toBe(0);
    expect(second.res.body).not.toContain('13912345678');
    const before = await snapshot(t, user, 'bank');
    expect(t.app.ctx.vault.decrypt(before.row!.sealed.card_number!.sealed)).toBe(CMB_CARD);
    // a draft's phone is sealed as well, never in the answers in clear
    expect(t.app.ctx.vault.decrypt(before.row!.sealed.reserved_phone!.sealed)).toBe('13912345678');
    expect(before.row!.answers).toMatchObject({ reserved_phone_masked: '139****5678' });
    expect(JSON.stringify(before.row!.answers)).not.toContain('13912345678');
    const stale = await saveStep(t, user, 'bank', {
      confirm: true,
      step_version: version,
      answers: { ...CN_CARD },
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshot(t, user, 'bank')).toEqual(before);
    expect(await bankTypeOf(t, user)).toBe(0);
    // a draft of anything but the saved shape is refused at its field
    const junk = await saveStep(t, user, 'bank', { confirm: false, answers: { province_code: 'Guangdong' } });
    expect(junk.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await snapshot(t, user, 'bank')).toEqual(before);
  });

  run("another user's data is refused: each sees and changes only their own", async () => {
    const alice = await ready(t, 'hk');
    const bob = await ready(t, 'hk');
    expect((await saveStep(t, alice, 'bank', { confirm: true, answers: HK_ACCOUNT })).json.status).toBe(0);
    const aliceBefore = await snapshot(t, alice, 'bank');
    const bobInfo = await info(t, bob);
    expect(bobInfo.json.data).toMatchObject({ version: 0, answers: {}, sealed: {} });
    // Bob cannot keep Alice's number by sending its mask: there is no number of his to keep
    const sneaky = await saveStep(t, bob, 'bank', {
      confirm: true,
      user_id: alice.userId,
      answers: { bank_code: '004', holder_name: 'CHAN TAI MAN', number_masked: '**** **** 9001' },
    });
    expect(sneaky.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await snapshot(t, alice, 'bank')).toEqual(aliceBefore);
    // no session, no step and no card look-up
    const anon = await post(t, '/v9/OpenAccountHk/step_info/bank', {});
    expect(anon.json.status).toBe(ErrorCode.SESSION_INVALID);
    expect((await bankName(t, { card_number: ICBC_CARD })).json.status).toBe(ErrorCode.SESSION_INVALID);
  });

  run('needs the earlier steps confirmed (2005)', async () => {
    const early = await applicantWithId(t, 'hk');
    const before = await snapshot(t, early, 'bank');
    const { json } = await saveStep(t, early, 'bank', { confirm: true, answers: HK_ACCOUNT });
    expect(json.status).toBe(ErrorCode.STEP_NOT_READY);
    expect(await snapshot(t, early, 'bank')).toEqual(before);
  });

  run(
    'bank_name: the issuer of a card in the language asked; bad numbers at the field; not found',
    async () => {
      const user = await applicantWithId(t, 'cn');
      for (const [lang, name] of [
        ['zh-CN', '中国工商银行'],
        ['zh-HK', '中國工商銀行'],
        ['en', 'Industrial and Commercial Bank of China'],
      ] as const) {
        const { json, res } = await bankName(t, { card_number: ICBC_CARD }, { token: user.token, lang });
        expect(json).toEqual({
          status: 0,
          data: { bank_code: 'ICBC', bank_name: name },
          info: expect.any(String),
        });
        expect(z.safeParse(BankNameResponseSchema, json).success).toBe(true);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(
        (await bankName(t, { card_number: CMB_CARD.replace(/(.{4})/g, '$1 ') }, { token: user.token })).json
          .data,
      ).toEqual({ bank_code: 'CMB', bank_name: 'China Merchants Bank' });
      const bad = `${ICBC_CARD.slice(0, -1)}${(Number(ICBC_CARD.at(-1)) + 1) % 10}`;
      for (const [body, key, lang] of [
        [{}, 'bank_card_number_required', 'en'],
        [{ card_number: '' }, 'bank_card_number_required', 'zh-CN'],
        [{ card_number: '1234' }, 'bank_card_number_invalid', 'zh-HK'],
        [{ card_number: 'x'.repeat(5000) }, 'bank_card_number_invalid', 'en'],
        [{ card_number: ['6222'] }, 'bank_card_number_required', 'en'],
        [{ card_number: bad }, 'bank_card_number_checksum', 'zh-CN'],
        [{ card_number: cardNumber('400000', 16) }, 'bank_card_bank_unknown', 'zh-HK'],
      ] as const) {
        const { json } = await bankName(t, body, { token: user.token, lang });
        expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields.card_number, key).toBe(translateError(lang, key));
      }
    },
  );

  run(
    'get_bank_subset: the HK licensed banks (default) or the mainland banks, named in the language, cacheable',
    async () => {
      const hk = await subset(t, {}, 'zh-HK');
      expect(hk.json.status).toBe(0);
      expect(z.safeParse(BankSubsetResponseSchema, hk.json).success).toBe(true);
      expect(hk.json.data.region).toBe('HK');
      expect(hk.json.data.items).toHaveLength(HONG_KONG_BANKS.length);
      expect(hk.json.data.items.find((b: { code: string }) => b.code === '004')).toEqual({
        code: '004',
        name: '香港上海滙豐銀行有限公司',
        en: 'The Hongkong and Shanghai Banking Corporation Limited',
        zh_hans: '香港上海汇丰银行有限公司',
        zh_hant: '香港上海滙豐銀行有限公司',
        account_digits: [10, 12],
      });
      expect(hk.res.headers['cache-control']).toBe('public, max-age=3600');
      expect(hk.res.headers.vary).toContain('Accept-Language');
      const cn = await subset(t, { region: 'CN' }, 'zh-CN');
      expect(cn.json.data.items.map((b: { code: string }) => b.code)).toEqual(
        MAINLAND_BANKS.map((b) => b.code),
      );
      expect(cn.json.data.items[0]).toMatchObject({
        code: 'ICBC',
        name: '中国工商银行',
        account_digits: null,
      });
      const bad = await subset(t, { region: 'US' });
      expect(bad.json.status).toBe(ErrorCode.VALIDATION_FAILED);
      expect(bad.json.data.fields.region).toBe(translateError('en', 'invalid_value'));
    },
  );

  run(
    'get_bank_country_list: CN for a mainland card, HK for an HK account, named in the language',
    async () => {
      const path = '/v9/OpenAccountHk/get_bank_country_list';
      const both = await getList(t, path, {}, 'en');
      expect(both.json.status).toBe(0);
      expect(z.safeParse(BankCountryListResponseSchema, both.json).success).toBe(true);
      expect(both.json.data.map((c: { code: string; bank_type: number }) => [c.code, c.bank_type])).toEqual([
        ['CN', 1],
        ['HK', 2],
      ]);
      expect(both.res.headers['cache-control']).toBe('public, max-age=3600');
      expect(both.res.headers.vary).toContain('Accept-Language');
      const cn = await getList(t, path, { bank_type: '1' }, 'zh-CN');
      expect(cn.json.data).toEqual([{ code: 'CN', country: '中国', bank_type: 1 }]);
      const hk = await getList(t, path, { bank_type: '2' }, 'zh-HK');
      expect(hk.json.data).toHaveLength(1);
      expect(hk.json.data[0]).toMatchObject({ code: 'HK', bank_type: 2 });
      expect(hk.json.data[0].country).toContain('香港');
      for (const bad of ['0', '3', 'CN']) {
        const r = await getList(t, path, { bank_type: bad }, 'zh-CN');
        expect(r.json.status, bad).toBe(ErrorCode.VALIDATION_FAILED);
        expect(r.json.data.fields.bank_type).toBe(translateError('zh-CN', 'invalid_value'));
      }
      // signed like every call (spec §7 _t/_sign): an unsigned request is not answered with the list
      const unsigned = await getList(t, path, {}, 'en', false);
      expect(unsigned.json.status).not.toBe(0);
    },
  );

  run('/user/bank/select_list: the picker options by region and language, from the same data', async () => {
    const path = '/user/bank/select_list';
    const hk = await getList(t, path, {}, 'en');
    expect(hk.json.status).toBe(0);
    expect(z.safeParse(BankSelectListResponseSchema, hk.json).success).toBe(true);
    expect(hk.json.data.region).toBe('HK');
    expect(hk.json.data.options.map((o: { value: string }) => o.value)).toEqual(
      HONG_KONG_BANKS.map((b) => b.code),
    );
    expect(hk.json.data.options[1]).toEqual({
      value: '004',
      text: '004 The Hongkong and Shanghai Banking Corporation Limited',
      disabled: false,
    });
    expect(hk.res.headers['cache-control']).toBe('public, max-age=3600');
    const hant = await getList(t, path, { region: 'HK' }, 'zh-HK');
    expect(hant.json.data.options[1].text).toBe('004 香港上海滙豐銀行有限公司');
    const cn = await getList(t, path, { region: 'CN' }, 'zh-CN');
    expect(cn.json.data.options.map((o: { value: string }) => o.value)).toEqual(
      MAINLAND_BANKS.map((b) => b.code),
    );
    expect(cn.json.data.options[0]).toEqual({ value: 'ICBC', text: '中国工商银行', disabled: false });
    // the language may come as the query's `lang` (spec §7 variants with language headers)
    const en = await getList(t, path, { region: 'CN', lang: 'en' }, 'zh-CN');
    expect(en.json.data.options[0].text).toBe('Industrial and Commercial Bank of China');
    const bad = await getList(t, path, { region: 'US' }, 'zh-HK');
    expect(bad.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(bad.json.data.fields.region).toBe(translateError('zh-HK', 'invalid_value'));
  });
});
