// The tax step (issue #6 step 6) on the generic step call, and its prefill call (tax_prefill):
// CRS residencies, reasons A/B/C, US persons refused, the TIN from the sealed ID number, the W-8BEN.
import { translateError } from '@hk/domain';
import { describe, expect } from 'vitest';
import { post } from './application-helpers';
import {
  type Applicant,
  applicantWithId,
  CN_ADDRESS,
  confirmBeforeTax,
  ErrorCode,
  type Lang,
  saveStep,
  snapshot,
} from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

const FATCA = { us_citizen: false, us_green_card: false, us_born: false };
const TAX_SG = { tax_residencies: [{ country: 'SG', tin: 'S1234567D' }], ...FATCA };

async function prefill(t: TestApp, user: { token: string }) {
  const { json, res } = await post(t, '/v9/OpenAccountHk/tax_prefill', {}, { token: user.token });
  expect(res.statusCode).toBeLessThan(500);
  return json;
}
async function info(t: TestApp, user: { token: string }) {
  return (await post(t, '/v9/OpenAccountHk/step_info/tax', {}, { token: user.token })).json;
}
async function ready(t: TestApp, kind: 'hk' | 'cn' = 'hk', markets = ['HK']): Promise<Applicant> {
  const user = await applicantWithId(t, kind);
  await confirmBeforeTax(t, user, { markets, ...(kind === 'cn' ? { address: CN_ADDRESS } : {}) });
  return user;
}

describe.each(DB_KINDS)('the tax step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('each bad input is refused at its field, in the language asked, and nothing is written', async () => {
    const user = await ready(t);
    const six = ['GB', 'SG', 'JP', 'FR', 'DE', 'AU'].map((country) => ({ country, tin: 'T12345' }));
    const cases: [Record<string, unknown>, string, string, Lang][] = [
      [{ ...TAX_SG, tax_residencies: [] }, 'tax_residencies', 'tax_residency_required', 'zh-CN'],
      [{ ...TAX_SG, tax_residencies: 'SG' }, 'tax_residencies', 'tax_residency_required', 'en'],
      [{ ...TAX_SG, tax_residencies: six }, 'tax_residencies', 'tax_residency_too_many', 'zh-HK'],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'XX', tin: 'T1' }] },
        'tax_residencies',
        'tax_residency_required',
        'en',
      ],
      [
        {
          ...TAX_SG,
          tax_residencies: [
            { country: 'SG', tin: 'T1' },
            { country: 'sg', tin: 'T2' },
          ],
        },
        'tax_residencies',
        'tax_residency_duplicate',
        'en',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'SG' }] },
        'tax_residencies',
        'tin_or_reason_required',
        'zh-CN',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'SG', tin: 'S1', tin_reason: 'A' }] },
        'tax_residencies',
        'tin_or_reason_required',
        'en',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'SG', tin_reason: 'D' }] },
        'tax_residencies',
        'tin_or_reason_required',
        'en',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'SG', tin_reason: 'B' }] },
        'tax_residencies',
        'tin_reason_b_explanation_required',
        'zh-HK',
      ],
      [
        {
          ...TAX_SG,
          tax_residencies: [{ country: 'SG', tin_reason: 'B', tin_reason_explanation: 'x'.repeat(201) }],
        },
        'tax_residencies',
        'tin_reason_b_explanation_too_long',
        'en',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'HK', tin: 'A1234567' }] },
        'tax_residencies',
        'tin_format',
        'en',
      ],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'CN', tin: '12345' }] },
        'tax_residencies',
        'tin_format',
        'zh-CN',
      ],
      [{ ...TAX_SG, us_citizen: undefined }, 'us_citizen', 'us_person_answer_required', 'en'],
      [{ ...TAX_SG, us_green_card: 'perhaps' }, 'us_green_card', 'us_person_answer_required', 'en'],
      [{ ...TAX_SG, us_born: undefined }, 'us_born', 'us_person_answer_required', 'zh-HK'],
      [{ ...TAX_SG, citizenship: 'UK' }, 'citizenship', 'citizenship_invalid', 'en'],
      [
        { ...TAX_SG, tax_residencies: [{ country: 'SG', tin_from_id: true }] },
        'tax_residencies.0.tin',
        'tin_from_id_unavailable',
        'zh-CN',
      ],
    ];
    const before = await snapshot(t, user, 'tax');
    for (const [answers, field, key, lang] of cases) {
      const { json } = await saveStep(t, user, 'tax', { confirm: true, answers }, lang);
      expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields[field], `${key}: ${JSON.stringify(json.data.fields)}`).toBe(
        translateError(lang, key),
      );
    }
    expect(await snapshot(t, user, 'tax')).toEqual(before);
  });

  run('1 to 5 residencies, a TIN or reason A/B/C each, B with its explanation', async () => {
    const user = await ready(t);
    const five = [
      { country: 'SG', tin: 'S1234567D' },
      { country: 'GB', tin: 'QQ 12 34 56 C' },
      { country: 'AE', tin_reason: 'A' },
      { country: 'JP', tin_reason: 'B', tin_reason_explanation: '  My number card not yet issued  ' },
      { country: 'FR', tin_reason: 'C' },
    ];
    const saved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: five },
    });
    expect(saved.json).toMatchObject({
      status: 0,
      data: { step: 'tax', confirmed: true, next_step: 'declarations' },
    });
    const got = await info(t, user);
    expect(got.data.answers.tax_residencies).toEqual([
      { country: 'SG', tin_masked: 'S1*****7D' },
      { country: 'GB', tin_masked: 'QQ********* C' },
      { country: 'AE', tin_reason: 'A' },
      { country: 'JP', tin_reason: 'B', tin_reason_explanation: 'My number card not yet issued' },
      { country: 'FR', tin_reason: 'C' },
    ]);
    expect(JSON.stringify(got)).not.toContain('S1234567D');
    // one residency is enough
    const one = await saveStep(t, user, 'tax', { confirm: true, answers: TAX_SG });
    expect(one.json.status).toBe(0);
  });

  run('a US person cannot open online, and is told so in their language', async () => {
    const user = await ready(t);
    const cases: Record<string, unknown>[] = [
      { ...TAX_SG, us_citizen: true },
      { ...TAX_SG, us_green_card: true },
      { ...TAX_SG, us_born: true },
      { ...TAX_SG, tax_residencies: [...TAX_SG.tax_residencies, { country: 'US', tin: '123-45-6789' }] },
      { ...TAX_SG, citizenship: 'US' },
    ];
    const before = await snapshot(t, user, 'tax');
    for (const answers of cases) {
      const { json } = await saveStep(t, user, 'tax', { confirm: true, answers }, 'zh-HK');
      expect(json.status).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields.us_person).toBe(translateError('zh-HK', 'us_person_not_online'));
    }
    expect(await snapshot(t, user, 'tax')).toEqual(before);
  });

  run('the HKID prefills the Hong Kong TIN: shown masked, used by the server, never sent back', async () => {
    const user = await ready(t);
    const p = await prefill(t, user);
    expect(p.status).toBe(0);
    expect(p.data.tin_from_id).toEqual({
      country: 'HK',
      id_type: 'hk_id',
      tin_masked: `${user.idNumber.slice(0, 2)}****${user.idNumber.slice(-2)}`,
    });
    expect(p.data.w8ben_required).toBe(false);
    expect(p.data.w8ben).toBeNull();
    expect(JSON.stringify(p)).not.toContain(user.idNumber);

    const saved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: [{ country: 'HK', tin_from_id: true }] },
    });
    expect(saved.json.status).toBe(0);
    const got = await info(t, user);
    expect(got.data.answers.tax_residencies).toEqual([
      { country: 'HK', tin_from_id: true, tin_masked: p.data.tin_from_id.tin_masked },
    ]);
    expect(JSON.stringify(got)).not.toContain(user.idNumber);
    // sealed at rest: the ID number itself is the TIN
    const { row } = await snapshot(t, user, 'tax');
    expect(JSON.stringify(row!.answers)).not.toContain(user.idNumber);
    expect(JSON.parse(t.app.ctx.vault.decrypt(row!.sealed.tins!.sealed))).toEqual([
      { country: 'HK', tin: user.idNumber },
    ]);
    // sent back as it was shown (flag and mask), the TIN stays the sealed one
    const again = await saveStep(t, user, 'tax', {
      confirm: true,
      step_version: got.data.version,
      answers: { ...FATCA, tax_residencies: got.data.answers.tax_residencies },
    });
    expect(again.json.status).toBe(0);
    const after = await snapshot(t, user, 'tax');
    expect(JSON.parse(t.app.ctx.vault.decrypt(after.row!.sealed.tins!.sealed))).toEqual([
      { country: 'HK', tin: user.idNumber },
    ]);
  });

  run('the mainland resident ID prefills the CN TIN; a kept TIN is sent back as its mask', async () => {
    const user = await ready(t, 'cn');
    const p = await prefill(t, user);
    expect(p.data.tin_from_id).toMatchObject({ country: 'CN', id_type: 'cn_id' });
    expect(JSON.stringify(p)).not.toContain(user.idNumber);
    const saved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: {
        ...FATCA,
        tax_residencies: [
          { country: 'CN', tin_from_id: true },
          { country: 'SG', tin: 'S1234567D' },
        ],
      },
    });
    expect(saved.json.status).toBe(0);
    const got = await info(t, user);
    // the SG TIN is not typed again: its mask keeps it; a mask for another country keeps nothing
    const kept = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: got.data.answers.tax_residencies },
    });
    expect(kept.json.status).toBe(0);
    const { row } = await snapshot(t, user, 'tax');
    expect(JSON.parse(t.app.ctx.vault.decrypt(row!.sealed.tins!.sealed))).toEqual([
      { country: 'CN', tin: user.idNumber },
      { country: 'SG', tin: 'S1234567D' },
    ]);
    const moved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: [{ country: 'GB', tin_masked: 'S1*****7D' }] },
    });
    expect(moved.json.data.fields.tax_residencies).toBe(translateError('en', 'tin_or_reason_required'));
  });

  run('with the US market: the W-8BEN prefilled; an HKID holder gives a citizenship', async () => {
    const user = await ready(t, 'hk', ['HK', 'US']);
    expect((await prefill(t, user)).data.w8ben_required).toBe(true);
    const noCitizenship = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: [{ country: 'HK', tin_from_id: true }] },
    });
    expect(noCitizenship.json.data.fields.citizenship).toBe(translateError('en', 'citizenship_required'));
    const saved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, citizenship: 'CN', tax_residencies: [{ country: 'HK', tin_from_id: true }] },
    });
    expect(saved.json.status).toBe(0);
    const p = await prefill(t, user);
    expect(p.data.w8ben).toMatchObject({
      form: 'W-8BEN',
      name: 'CHAN, TAI MAN',
      citizenship: 'CN',
      permanent_address: { lines: ['Flat 12A, 88 Hennessy Road'], city: 'Wan Chai', country: 'HK' },
      foreign_tin: { country: 'HK', from_id: true },
      date_of_birth: '1988-02-29',
      treaty_country: 'HK',
      treaty_status: 'no_treaty',
      treaty_claim: null,
      dividend_withholding_percent: 30,
      missing: [],
    });
    expect(JSON.stringify(p)).not.toContain(user.idNumber);
  });

  run('a mainland applicant trading US stocks claims the China treaty: Article 9(2), 10%', async () => {
    const user = await ready(t, 'cn', ['HK', 'US']);
    const saved = await saveStep(t, user, 'tax', {
      confirm: true,
      answers: { ...FATCA, tax_residencies: [{ country: 'CN', tin_from_id: true }] },
    });
    expect(saved.json.status).toBe(0);
    const p = await prefill(t, user);
    expect(p.data.citizenship_from_id).toBe('CN');
    expect(p.data.w8ben).toMatchObject({
      citizenship: 'CN',
      permanent_address: { city: '南山区, 深圳市, 广东省', postal_code: '518057', country: 'CN' },
      treaty_country: 'CN',
      treaty_claim: { article: '9', paragraph: '2', rate_percent: 10, income: 'dividends' },
      dividend_withholding_percent: 10,
    });
  });

  run('a stale step_version is refused (2007) and overwrites nothing', async () => {
    const user = await ready(t);
    const first = await saveStep(t, user, 'tax', { confirm: false, answers: TAX_SG });
    expect(first.json.status).toBe(0);
    const version = first.json.data.version;
    const second = await saveStep(t, user, 'tax', {
      confirm: false,
      step_version: version,
      answers: { ...TAX_SG, tax_residencies: [{ country: 'GB', tin: 'QQ123456C' }] },
    });
    expect(second.json.status).toBe(0);
    const before = await snapshot(t, user, 'tax');
    const stale = await saveStep(t, user, 'tax', {
      confirm: true,
      step_version: version,
      answers: { ...TAX_SG, tax_residencies: [{ country: 'JP', tin_reason: 'C' }] },
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshot(t, user, 'tax')).toEqual(before);
    expect((await info(t, user)).data.answers.tax_residencies).toEqual([
      { country: 'GB', tin_masked: 'QQ*****6C' },
    ]);
  });

  run("another user's data is refused: each sees and changes only their own", async () => {
    const alice = await ready(t);
    const bob = await applicantWithId(t);
    expect((await saveStep(t, alice, 'tax', { confirm: true, answers: TAX_SG })).json.status).toBe(0);
    const aliceBefore = await snapshot(t, alice, 'tax');
    // Bob's prefill is his own ID; his step_info has none of Alice's answers
    const bobPrefill = await prefill(t, bob);
    expect(bobPrefill.data.tin_from_id.tin_masked).toBe(
      `${bob.idNumber.slice(0, 2)}****${bob.idNumber.slice(-2)}`,
    );
    expect((await info(t, bob)).data).toMatchObject({ version: 0, answers: {} });
    // a request cannot name another application: ids in the body are ignored, Bob writes his own
    const sneaky = await saveStep(t, bob, 'tax', {
      confirm: false,
      application_id: 'x',
      user_id: alice.userId,
      answers: { ...TAX_SG, tax_residencies: [{ country: 'HK', tin_from_id: true }] },
    });
    expect(sneaky.json.status).toBe(0);
    expect(await snapshot(t, alice, 'tax')).toEqual(aliceBefore);
    const { row } = await snapshot(t, bob, 'tax');
    expect(JSON.parse(t.app.ctx.vault.decrypt(row!.sealed.tins!.sealed))).toEqual([
      { country: 'HK', tin: bob.idNumber },
    ]);
    // no session, no data
    const anon = await post(t, '/v9/OpenAccountHk/tax_prefill', {});
    expect(anon.json.status).toBe(ErrorCode.SESSION_INVALID);
  });

  run('needs the earlier steps confirmed (2005); malformed bodies never 5xx and write nothing', async () => {
    const early = await applicantWithId(t);
    const notReady = await saveStep(t, early, 'tax', { confirm: true, answers: TAX_SG });
    expect(notReady.json.status).toBe(ErrorCode.STEP_NOT_READY);
    const user = await ready(t);
    const before = await snapshot(t, user, 'tax');
    const bodies: Record<string, unknown>[] = [
      { confirm: true, answers: 'tax' },
      { confirm: true, answers: { tax_residencies: [null, 5, 'HK'] } },
      {
        confirm: true,
        answers: { tax_residencies: [{ country: { a: 1 }, tin: ['x'], tin_from_id: 'yes' }] },
      },
      {
        confirm: true,
        answers: { ...TAX_SG, tax_residencies: [{ country: 'SG', tin: 'x'.repeat(100_000) }] },
      },
      { confirm: false, answers: { tax_residencies: [{ country: 'SG1', tin_masked: 5 }] } },
      { confirm: false, answers: { tax_residencies: { 0: { country: 'SG' } } } },
      { confirm: 'maybe', answers: TAX_SG },
      { confirm: true, step_version: -1, answers: TAX_SG },
    ];
    for (const body of bodies) {
      const { json } = await saveStep(t, user, 'tax', body);
      expect(json.status, JSON.stringify(body).slice(0, 120)).not.toBe(0);
    }
    expect(await snapshot(t, user, 'tax')).toEqual(before);
    // a user with no application: 2001 from both calls
    const { createLoggedInUser } = await import('./application-helpers');
    const stranger = await createLoggedInUser(t);
    expect((await prefill(t, stranger)).status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    expect((await saveStep(t, stranger, 'tax', { confirm: false, answers: TAX_SG })).json.status).toBe(
      ErrorCode.APPLICATION_NOT_FOUND,
    );
  });
});
