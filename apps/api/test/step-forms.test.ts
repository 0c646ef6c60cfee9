import { ErrorCode, hongKongToday, STEPS, translateError } from '@hk/domain';
import { addressForm } from '@hk/domain/steps/address/form';
import { ANNUAL_INCOME_BAND_IDS, NET_ASSET_BAND_IDS } from '@hk/domain/steps/financial/financial-bands';
import { describe, expect } from 'vitest';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import {
  applicationRow,
  createLoggedInUser,
  hkIdNumber,
  images,
  post,
  prepareIdStep,
  type TestUser,
  upload,
} from './application-helpers';
import { confirmDirect } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

/** The generic step call with a JSON body, as the step screens send it. */
async function saveStep(
  t: TestApp,
  user: TestUser,
  step: string,
  body: Record<string, unknown>,
  lang: 'zh-CN' | 'zh-HK' | 'en' = 'en',
) {
  const { signed } = await import('./helpers');
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/step/${step}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      'accept-language': lang,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  return { res, json: res.json() };
}

async function withIdentity(t: TestApp, birthDate = '1988-02-29') {
  const user = await createLoggedInUser(t);
  await prepareIdStep(t, user, { id_location: 'HK' });
  const res = await post(
    t,
    '/v9/OpenAccountHk/id_info',
    {
      id_type: 'hk_id',
      id_location: 'HK',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      name_matches_bank: '1',
      gender: 'M',
      birth_date: birthDate,
      id_number: hkIdNumber('D', String(100000 + Math.floor(Math.random() * 899999))),
    },
    { token: user.token },
  );
  expect(res.json.status).toBe(0);
  await confirmAddress(t, user);
  // the personal step (its verified email: personal-step.test.ts) sits between the account type and
  // employment: confirmed directly, so the steps after it can be confirmed through the call
  await confirmDirect(t, user, 'personal', {
    education: 'undergraduate',
    marital_status: 'single',
    residential_property: 'rented',
    email: 'chan.taiman@example.com',
  });
  return user;
}

/** The address step comes before the account type: confirmed directly (step-address.test.ts tests its form). */
async function confirmAddress(t: TestApp, user: TestUser) {
  const registry = STEPS.map((s) => (s.id === 'address' ? { ...s, answers: addressForm.draft! } : s));
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.app.ctx.now(), meta: SYSTEM_EVENT_META, steps: registry },
      app,
      'address',
      {
        answers: {
          region: 'HK',
          district: 'wan_chai',
          detail: 'Flat 12A, 88 Hennessy Road',
          correspondence_same: true,
          proof_type: 'utility_bill',
          proof_issued_on: hongKongToday(t.clock.now),
          proof_confirmed: true,
        },
        confirm: true,
      },
    );
  });
}

async function setEmployment(t: TestApp, user: TestUser, status: string) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.app.ctx.now(), meta: SYSTEM_EVENT_META },
      app,
      'employment',
      {
        answers: { status },
        confirm: true,
      },
    );
  });
}

const CASH_HK = { securities: 'cash', markets: ['HK'], futures: false };
const DECLARATIONS = {
  pep: false,
  licensed_employee: false,
  staff_relation: false,
  beneficial_owner: true,
  corporate_voting_35: false,
  hkidr_consent: true,
};
const TAX_HK = {
  tax_residencies: [{ country: 'HK', tin: 'A1234563' }],
  us_citizen: false,
  us_green_card: false,
  us_born: false,
};
const EMPLOYED = {
  status: 'employed',
  company_name: 'Harbour Trading Ltd',
  industry: 'financial',
  position: 'Analyst',
  job_level: 'staff',
  department: 'Research',
  years_of_service: '4',
};

/** The steps before tax, confirmed through the real call: cash HK, employed, a middle band. */
async function confirmThroughFinancial(t: TestApp, user: TestUser) {
  expect((await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK })).json.status).toBe(0);
  expect((await saveStep(t, user, 'employment', { confirm: true, answers: EMPLOYED })).json.status).toBe(0);
  const financial = await saveStep(t, user, 'financial', {
    confirm: true,
    answers: {
      annual_income: ANNUAL_INCOME_BAND_IDS[2],
      net_assets: NET_ASSET_BAND_IDS[2],
      income_sources: ['salary'],
      asset_classes: ['cash'],
      funds_source: 'salary',
    },
  });
  expect(financial.json.status).toBe(0);
}

describe.each(DB_KINDS)('the generic step call: account type (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'needs the ID step first (2005), then confirms and moves the progress to the account type',
    async () => {
      const early = await createLoggedInUser(t);
      await prepareIdStep(t, early, { id_location: 'HK' });
      expect(
        (await saveStep(t, early, 'account_type', { confirm: true, answers: CASH_HK })).json.status,
      ).toBe(ErrorCode.STEP_NOT_READY);

      const user = await withIdentity(t);
      const { json } = await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK });
      expect(json).toMatchObject({
        status: 0,
        // personal was confirmed by the set-up: employment is the first unfinished step
        data: { step: 'account_type', version: 1, confirmed: true, next_step: 'employment', reopened: [] },
      });
      const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
      expect(info.json.data.account_type.value).toBe('C');
      const stepInfo = await post(t, '/v9/OpenAccountHk/step_info/account_type', {}, { token: user.token });
      expect(stepInfo.json.data).toMatchObject({ version: 1, answers: CASH_HK, reopened_reason: null });
    },
  );

  run('each bad input is refused at its field, in the language asked, and nothing is written', async () => {
    const user = await withIdentity(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...CASH_HK, securities: 'loan' }, 'securities', 'securities_account_required'],
      [{ ...CASH_HK, securities: undefined }, 'securities', 'securities_account_required'],
      [{ ...CASH_HK, markets: [] }, 'markets', 'markets_required'],
      [{ ...CASH_HK, markets: ['HK', 'HK'] }, 'markets', 'markets_required'],
      [{ ...CASH_HK, markets: ['JP'] }, 'markets', 'markets_required'],
      [
        { ...CASH_HK, asset_proof_amount_cents: -5 },
        'asset_proof_amount_cents',
        'asset_proof_amount_invalid',
      ],
      [
        { ...CASH_HK, asset_proof_amount_cents: 1.5 },
        'asset_proof_amount_cents',
        'asset_proof_amount_invalid',
      ],
      [
        { ...CASH_HK, asset_proof_issued_on: '2026-02-30' },
        'asset_proof_issued_on',
        'asset_proof_date_required',
      ],
    ];
    for (const lang of ['zh-HK', 'en'] as const)
      for (const [answers, field, key] of cases) {
        const { res, json } = await saveStep(t, user, 'account_type', { confirm: true, answers }, lang);
        expect(res.statusCode, `${field} ${key}`).toBe(200);
        expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], `${field} ${key}`).toBe(translateError(lang, key));
      }
    const malformed = await saveStep(t, user, 'account_type', { confirm: true, answers: 'cash' });
    expect(malformed.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    const stepInfo = await post(t, '/v9/OpenAccountHk/step_info/account_type', {}, { token: user.token });
    expect(stepInfo.json.data.version).toBe(0);
  });

  run('spec §4: a student cannot have margin, and says so at the choice', async () => {
    const user = await withIdentity(t);
    await setEmployment(t, user, 'student');
    const margin = await saveStep(t, user, 'account_type', {
      confirm: true,
      answers: { ...CASH_HK, securities: 'margin' },
    });
    expect(margin.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(margin.json.data.fields.securities).toBe(translateError('en', 'margin_not_for_students'));
    expect((await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK })).json.status).toBe(
      0,
    );
  });

  run(
    'spec §4/§5: aged 65 or over, margin needs an asset proof over HKD 500,000 within 3 months',
    async () => {
      const user = await withIdentity(t, '1950-03-01');
      const margin = { ...CASH_HK, securities: 'margin', asset_proof_type: 'bank_statement' };
      const none = await saveStep(t, user, 'account_type', { confirm: true, answers: margin });
      expect(none.json.data.fields.asset_proof).toBe(translateError('en', 'margin_needs_asset_proof'));
      const today = hongKongToday(t.clock.now);
      expect((await upload(t, user.token, 'asset_proof', await images.jpeg())).json.status).toBe(0);
      const exactly = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...margin, asset_proof_amount_cents: 50_000_000, asset_proof_issued_on: today },
      });
      expect(exactly.json.data.fields.asset_proof_amount_cents).toBe(
        translateError('en', 'asset_proof_too_low'),
      );
      const old = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...margin, asset_proof_amount_cents: 50_000_001, asset_proof_issued_on: '2020-01-01' },
      });
      expect(old.json.data.fields.asset_proof_issued_on).toBe(translateError('en', 'asset_proof_too_old'));
      const good = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...margin, asset_proof_amount_cents: 50_000_001, asset_proof_issued_on: today },
      });
      expect(good.json.status).toBe(0);
      expect(
        (await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token })).json.data.account_type.value,
      ).toBe('M');
      // switching to cash drops the proof's answers
      const cash = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: CASH_HK,
        step_version: good.json.data.version,
      });
      expect(cash.json.status).toBe(0);
      const stepInfo = await post(t, '/v9/OpenAccountHk/step_info/account_type', {}, { token: user.token });
      expect(stepInfo.json.data.answers).toEqual(CASH_HK);
      expect(stepInfo.json.data.documents.map((d: { kind: string }) => d.kind)).toEqual(['asset_proof']);
    },
  );

  run(
    'a stale step_version is refused (2007) and overwrites nothing; a draft saves without confirming',
    async () => {
      const user = await withIdentity(t);
      const draft = await saveStep(t, user, 'account_type', { answers: { securities: 'margin' } });
      expect(draft.json.data).toMatchObject({ version: 1, confirmed: false });
      const first = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: CASH_HK,
        step_version: 1,
      });
      expect(first.json.data.version).toBe(2);
      const stale = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, markets: ['HK', 'US'] },
        step_version: 1,
      });
      expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
      const stepInfo = await post(t, '/v9/OpenAccountHk/step_info/account_type', {}, { token: user.token });
      expect(stepInfo.json.data).toMatchObject({ version: 2, answers: CASH_HK });
    },
  );

  run('steps without a form yet (2011), an unknown step (1002), a submitted application (2002)', async () => {
    const user = await withIdentity(t);
    for (const step of ['signature', 'identity'])
      expect((await saveStep(t, user, step, { confirm: true, answers: {} })).json.status, step).toBe(
        ErrorCode.STEP_NOT_AVAILABLE,
      );
    expect((await saveStep(t, user, 'nope', { answers: {} })).json.status).toBe(ErrorCode.VALIDATION_FAILED);
    const row = (await applicationRow(t, user.userId))!;
    await t.app.ctx.db.execute(
      (await import('drizzle-orm')).sql`update applications set status = 1 where id = ${row.id}`,
    );
    expect((await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK })).json.status).toBe(
      ErrorCode.APPLICATION_LOCKED,
    );
  });

  run('step info masks sealed answers and shows only the caller\u2019s own step', async () => {
    const user = await withIdentity(t);
    const other = await withIdentity(t);
    await saveStep(t, other, 'account_type', { confirm: true, answers: { ...CASH_HK, markets: ['US'] } });
    const identity = await post(t, '/v9/OpenAccountHk/step_info/identity', {}, { token: user.token });
    expect(identity.json.data.sealed.id_number).toMatch(/^D1\*+\d\d$|^D\d\*+/);
    expect(JSON.stringify(identity.json)).not.toMatch(/"id_number":"D\d{7}"/);
    const mine = await post(t, '/v9/OpenAccountHk/step_info/account_type', {}, { token: user.token });
    expect(mine.json.data).toMatchObject({ version: 0, answers: {} });
  });

  run(
    'employment: the job is asked of the employed only; a change to student reopens a margin account type',
    async () => {
      const user = await withIdentity(t);
      const employed = EMPLOYED;
      // the flow's order: the account type comes before employment (2005 until then)
      expect((await saveStep(t, user, 'employment', { confirm: true, answers: employed })).json.status).toBe(
        ErrorCode.STEP_NOT_READY,
      );
      await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, securities: 'margin' },
      });
      const missing = await saveStep(
        t,
        user,
        'employment',
        { confirm: true, answers: { status: 'employed' } },
        'zh-HK',
      );
      expect(missing.json.data.fields).toMatchObject({
        company_name: translateError('zh-HK', 'company_name_required'),
        industry: translateError('zh-HK', 'industry_required'),
        position: translateError('zh-HK', 'position_required'),
        job_level: translateError('zh-HK', 'job_level_required'),
        years_of_service: translateError('zh-HK', 'years_of_service_invalid'),
      });
      const bad = await saveStep(t, user, 'employment', {
        confirm: true,
        answers: { ...employed, industry: 'mining', years_of_service: 99 },
      });
      expect(Object.keys(bad.json.data.fields).sort()).toEqual(['industry', 'years_of_service']);
      await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, securities: 'margin' },
      });
      const saved = await saveStep(t, user, 'employment', { confirm: true, answers: employed });
      expect(saved.json.data).toMatchObject({ confirmed: true, reopened: [] });
      const student = await saveStep(t, user, 'employment', {
        confirm: true,
        answers: { ...employed, status: 'student' },
        step_version: saved.json.data.version,
      });
      expect(student.json.data.reopened).toEqual([
        { step: 'account_type', reason: 'margin_not_for_students' },
      ]);
      // a student's employer and job are not kept
      const info = await post(t, '/v9/OpenAccountHk/step_info/employment', {}, { token: user.token });
      expect(info.json.data.answers).toEqual({ status: 'student' });
      const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(status.json.data.steps.find((x: { step: string }) => x.step === 'account_type')).toEqual({
        step: 'account_type',
        confirmed: false,
        reopened_reason: 'margin_not_for_students',
      });
    },
  );

  run('financial: bands, several sources and classes, and "other" needs its words', async () => {
    const user = await withIdentity(t);
    await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK });
    await saveStep(t, user, 'employment', { confirm: true, answers: EMPLOYED });
    const good = {
      annual_income: 'hkd_300001_600000',
      net_assets: 'hkd_1000001_3000000',
      income_sources: ['salary', 'investment_return'],
      asset_classes: ['cash', 'stock'],
      funds_source: 'savings',
    };
    const bands = await import('@hk/domain/steps/financial/financial-bands');
    good.annual_income = bands.ANNUAL_INCOME_BAND_IDS[2]!;
    good.net_assets = bands.NET_ASSET_BAND_IDS[2]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, annual_income: 'lots' }, 'annual_income', 'annual_income_required'],
      [{ ...good, net_assets: undefined }, 'net_assets', 'net_assets_required'],
      [{ ...good, income_sources: [] }, 'income_sources', 'income_sources_required'],
      [{ ...good, income_sources: ['salary', 'salary'] }, 'income_sources', 'income_sources_required'],
      [{ ...good, asset_classes: ['gold'] }, 'asset_classes', 'asset_classes_required'],
      [{ ...good, funds_source: 'other' }, 'funds_source_other', 'funds_source_other_required'],
    ];
    for (const [answers, field, key] of cases) {
      const { json } = await saveStep(t, user, 'financial', { confirm: true, answers });
      expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields[field], `${field} ${key}`).toBe(translateError('en', key));
    }
    expect((await saveStep(t, user, 'financial', { confirm: true, answers: good })).json.data.confirmed).toBe(
      true,
    );
    const other = await saveStep(t, user, 'financial', {
      confirm: true,
      answers: { ...good, funds_source: 'other', funds_source_other: 'Sale of a family business' },
    });
    expect(other.json.status).toBe(0);
  });

  run(
    'investment: every product answered; no derivatives knowledge reopens a futures account type',
    async () => {
      const user = await withIdentity(t);
      await saveStep(t, user, 'account_type', { confirm: true, answers: { ...CASH_HK, futures: true } });
      await saveStep(t, user, 'employment', { confirm: true, answers: { status: 'retired' } });
      const bands = await import('@hk/domain/steps/financial/financial-bands');
      const financial = await saveStep(t, user, 'financial', {
        confirm: true,
        answers: {
          annual_income: bands.ANNUAL_INCOME_BAND_IDS[1],
          net_assets: bands.NET_ASSET_BAND_IDS[3],
          income_sources: ['pension'],
          asset_classes: ['cash', 'property'],
          funds_source: 'pension',
        },
      });
      expect(financial.json.status).toBe(0);
      expect((await saveStep(t, user, 'tax', { confirm: true, answers: TAX_HK })).json.status).toBe(0);
      expect(
        (await saveStep(t, user, 'declarations', { confirm: true, answers: DECLARATIONS })).json.status,
      ).toBe(0);
      const experience = {
        securities: 'gt5',
        bond: 'none',
        etf: '1to3',
        warrant: 'lt1',
        cbbc: 'none',
        futures_options: 'none',
      };
      const partial = await saveStep(t, user, 'investment', {
        confirm: true,
        answers: { purposes: ['hedging'], experience: { securities: 'gt5' }, derivatives_knowledge: [] },
      });
      expect(partial.json.data.fields.experience).toBe(translateError('en', 'experience_required'));
      const noPurpose = await saveStep(t, user, 'investment', {
        confirm: true,
        answers: { purposes: [], experience, derivatives_knowledge: [] },
      });
      expect(noPurpose.json.data.fields.purposes).toBe(translateError('en', 'investment_purpose_required'));
      const saved = await saveStep(t, user, 'investment', {
        confirm: true,
        answers: {
          purposes: ['capital_appreciation', 'dividend_yield'],
          experience,
          derivatives_knowledge: [],
        },
      });
      expect(saved.json.data.reopened).toEqual([
        { step: 'account_type', reason: 'futures_needs_derivatives_knowledge' },
      ]);
      // the account type cannot be confirmed again with futures until knowledge is shown
      const futures = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, futures: true },
      });
      expect(futures.json.data.fields.futures).toBe(
        translateError('en', 'futures_needs_derivatives_knowledge'),
      );
      const info = await post(t, '/v9/OpenAccountHk/step_info/investment', {}, { token: user.token });
      expect(info.json.data.answers).toEqual({
        purposes: ['capital_appreciation', 'dividend_yield'],
        experience,
        derivatives_knowledge: [],
      });
    },
  );

  run(
    'tax: CRS residencies with their TINs sealed, reasons A/B/C, and a US person cannot open online',
    async () => {
      const user = await withIdentity(t);
      await confirmThroughFinancial(t, user);
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ ...TAX_HK, tax_residencies: [] }, 'tax_residencies', 'tax_residency_required'],
        [{ ...TAX_HK, tax_residencies: [{ country: 'SG' }] }, 'tax_residencies', 'tin_or_reason_required'],
        [
          { ...TAX_HK, tax_residencies: [{ country: 'SG', tin_reason: 'B' }] },
          'tax_residencies',
          'tin_reason_b_explanation_required',
        ],
        [
          { ...TAX_HK, tax_residencies: [{ country: 'HK', tin: 'A1234567' }] },
          'tax_residencies',
          'tin_format',
        ],
        [{ ...TAX_HK, us_born: undefined }, 'us_born', 'us_person_answer_required'],
        [{ ...TAX_HK, us_green_card: true }, 'us_person', 'us_person_not_online'],
        [
          { ...TAX_HK, tax_residencies: [{ country: 'US', tin: '123456789' }] },
          'us_person',
          'us_person_not_online',
        ],
      ];
      for (const [answers, field, key] of refusals) {
        const { json } = await saveStep(t, user, 'tax', { confirm: true, answers }, 'zh-CN');
        expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], key).toBe(translateError('zh-CN', key));
      }
      const saved = await saveStep(t, user, 'tax', {
        confirm: true,
        answers: {
          ...TAX_HK,
          tax_residencies: [
            { country: 'HK', tin: 'A1234563' },
            { country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not yet issued by IRAS' },
          ],
        },
      });
      expect(saved.json.status).toBe(0);
      const info = await post(t, '/v9/OpenAccountHk/step_info/tax', {}, { token: user.token });
      expect(info.json.data.answers.tax_residencies).toEqual([
        { country: 'HK', tin_masked: 'A1****63' },
        { country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not yet issued by IRAS' },
      ]);
      expect(info.json.data.sealed).toEqual({ tins: 'HK A1****63' });
      expect(JSON.stringify(info.json)).not.toContain('A1234563');
      // at rest: sealed by the vault, never in the answers
      const { applicationSteps } = await import('../src/db/schema');
      const { and, eq } = await import('drizzle-orm');
      const app = (await applicationRow(t, user.userId))!;
      const [row] = await t.app.ctx.db
        .select()
        .from(applicationSteps)
        .where(and(eq(applicationSteps.applicationId, app.id), eq(applicationSteps.step, 'tax')));
      expect(JSON.stringify(row!.answers)).not.toContain('A1234563');
      expect(JSON.parse(t.app.ctx.vault.decrypt(row!.sealed.tins!.sealed))).toEqual([
        { country: 'HK', tin: 'A1234563' },
      ]);
      // a change of markets reopens the tax step (W-8BEN with the US market)
      const us = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, markets: ['HK', 'US'] },
      });
      expect(us.json.data.reopened).toContainEqual({ step: 'tax', reason: 'markets_changed' });
    },
  );

  run(
    'declarations: details when yes, the owner only online, the employer\u2019s consent, marketing off unless given',
    async () => {
      const user = await withIdentity(t);
      await confirmThroughFinancial(t, user);
      expect((await saveStep(t, user, 'tax', { confirm: true, answers: TAX_HK })).json.status).toBe(0);
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ ...DECLARATIONS, pep: undefined }, 'pep', 'declaration_answer_required'],
        [{ ...DECLARATIONS, pep: true }, 'pep_details', 'declaration_details_required'],
        [{ ...DECLARATIONS, staff_relation: true }, 'staff_relation_details', 'declaration_details_required'],
        [
          { ...DECLARATIONS, corporate_voting_35: true },
          'corporate_voting_details',
          'declaration_details_required',
        ],
        [{ ...DECLARATIONS, licensed_employee: true }, 'licensed_employer', 'licensed_employer_required'],
        [{ ...DECLARATIONS, beneficial_owner: false }, 'beneficial_owner', 'beneficial_owner_not_online'],
        [
          { ...DECLARATIONS, licensed_employee: true, licensed_employer: 'Harbour Peak Securities' },
          'employer_consent',
          'employer_consent_required',
        ],
      ];
      for (const [answers, field, key] of refusals) {
        const { json } = await saveStep(t, user, 'declarations', { confirm: true, answers }, 'zh-HK');
        expect(json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], key).toBe(translateError('zh-HK', key));
      }
      // without the opt-in, no marketing
      expect(
        (await saveStep(t, user, 'declarations', { confirm: true, answers: DECLARATIONS })).json.status,
      ).toBe(0);
      const before = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(before.json.data.is_marketing).toBe(0);
      // an SFC-licensed employee with the employer's consent uploaded, and the separate opt-in given
      expect((await upload(t, user.token, 'employer_consent', await images.jpeg())).json.status).toBe(0);
      const licensed = await saveStep(t, user, 'declarations', {
        confirm: true,
        answers: {
          ...DECLARATIONS,
          licensed_employee: true,
          licensed_employer: 'Harbour Peak Securities',
          direct_marketing: true,
        },
      });
      expect(licensed.json.status).toBe(0);
      const after = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(after.json.data.is_marketing).toBe(1);
    },
  );
});
