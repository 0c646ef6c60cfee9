/// <reference types="node" />
// The catalogue test (issue #13): every step's catalogue rendered in three languages, for each
// medium, over complete sample applications that take every branch. It fails on a raw code
// (snake_case, an upper-case code, minor units), a missing label, a label in Latin letters only on
// a Chinese page, and an answer (or sealed field) that the catalogue does not list.

// biome-ignore lint/style/noRestrictedImports: the test reads the screens' texts (apps/web/src/locales)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { LANGUAGES, type Language } from '../constants';
import { STEP_FORMS } from '../flow/step-forms';
import { allCatalogueKeys, FIELD_CATALOGUES, renderStepAnswers } from './catalogues';
import type { Audience, FieldCatalogue, Translate } from './field-catalogue';
import { STEPS } from './registry';
import { STEP_IDS, type StepId } from './types';

const LOCALES = path.resolve(import.meta.dirname, '../../../../apps/web/src/locales');
const texts = new Map<string, Record<string, string>>();
function translator(lang: Language): Translate {
  return (key, values) => {
    const colon = key.indexOf(':');
    const ns = key.slice(0, colon);
    const file = `${lang}/${ns}`;
    if (!texts.has(file)) {
      try {
        texts.set(file, JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')));
      } catch {
        texts.set(file, {});
      }
    }
    const found = texts.get(file)![key.slice(colon + 1)];
    return found?.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values?.[k] ?? '');
  };
}

type Application = {
  [S in StepId]?: { answers: Record<string, unknown>; sealed: Record<string, string | null> };
};

/** A Hong Kong applicant of 67: margin with an asset proof, employed, three tax residencies, an HK account. */
const HONG_KONG_MARGIN_65: Application = {
  identity: {
    answers: {
      id_location: 'HK',
      nationality: 'CN',
      id_type: 'hk_id',
      chinese_name: '陳美玲',
      english_surname: 'CHAN',
      english_given_name: 'MEI LING',
      name_matches_bank: true,
      gender: 'F',
      birth_date: '1959-03-02',
    },
    sealed: { id_number: 'A12****(3)' },
  },
  address: {
    answers: {
      region: 'HK',
      district: 'sha_tin',
      detail: 'Flat 3A, 12 Tai Po Road',
      correspondence_same: false,
      corr_region: 'OTHER',
      corr_country: 'GB',
      corr_detail: '10 Downing Street, London',
      corr_postal_code: 'SW1A 2AA',
      proof_type: 'rental_contract',
      proof_rental_months: 12,
      proof_issued_on: '2026-10-01',
      proof_confirmed: true,
    },
    sealed: {},
  },
  account_type: {
    answers: {
      securities: 'margin',
      markets: ['US', 'HK'],
      futures: true,
      asset_proof_type: 'bank_statement',
      asset_proof_amount_cents: 125_000_000,
      asset_proof_issued_on: '2026-11-01',
    },
    sealed: {},
  },
  personal: {
    answers: {
      education: 'undergraduate',
      marital_status: 'married',
      residential_property: 'owned_mortgaged',
      email: 'meiling@example.com',
    },
    sealed: {},
  },
  employment: {
    answers: {
      status: 'employed',
      company_name: '港峰贸易有限公司',
      industry: 'financial',
      position: 'Accountant',
      job_level: 'senior_management',
      department: 'Finance',
      years_of_service: 30,
    },
    sealed: {},
  },
  financial: {
    answers: {
      annual_income: 'income_600k_to_1m',
      net_assets: 'net_assets_1m_to_3m',
      income_sources: ['pension', 'salary'],
      asset_classes: ['stock', 'cash', 'property'],
      funds_source: 'other',
      funds_source_other: 'Sale of a car',
    },
    sealed: {},
  },
  tax: {
    answers: {
      tax_residencies: [
        { country: 'HK', tin_masked: 'A12****(3)', tin_from_id: true },
        { country: 'GB', tin_masked: 'AB****56' },
        { country: 'SG', tin_reason: 'B', tin_reason_explanation: 'Not issued to residents' },
      ],
      us_citizen: false,
      us_green_card: false,
      us_born: false,
      citizenship: 'CN',
    },
    sealed: { tins: 'HK A12****(3), GB AB****56' },
  },
  declarations: {
    answers: {
      pep: true,
      pep_relations: ['close_associate', 'self'],
      pep_details: 'Member of the District Council',
      licensed_employee: true,
      licensed_employer: 'Harbour Securities Ltd',
      staff_relation: true,
      staff_relation_details: 'Cousin of Mr Lee',
      beneficial_owner: true,
      corporate_voting_35: true,
      corporate_voting_details: 'Chan Trading Ltd, 40%',
      hkidr_consent: true,
      direct_marketing: false,
    },
    sealed: {},
  },
  investment: {
    answers: {
      purposes: ['dividend_yield', 'capital_appreciation'],
      experience: {
        futures_options: 'none',
        securities: 'gt5',
        etf: '3to5',
        bond: '1to3',
        warrant: 'lt1',
        cbbc: 'none',
      },
      derivatives_knowledge: [],
    },
    sealed: {},
  },
  risk_disclosure: {
    answers: {
      text_version: '2026.1',
      language: 'zh-HK',
      sections: ['us_market', 'securities', 'margin', 'futures', 'client_assets'],
      started_at: '2026-11-26T07:50:00.000Z',
      ended_at: '2026-11-26T08:05:30.000Z',
      total_ms: 930_000,
      max_speed: 1.5,
    },
    sealed: {},
  },
  identity_media: { answers: { method: 'video' }, sealed: {} },
  bank: {
    answers: {
      bank_type: 2,
      bank_code: '004',
      number_masked: '**** **** 9012',
      holder_name: 'CHAN MEI LING',
    },
    sealed: { card_number: '**** **** 9012' },
  },
  signature: {
    answers: {
      agreements: [
        { id: 'client-agreement', version: '2026-11-01', sha256: 'a'.repeat(64), title: '客户协议' },
      ],
      answers_hash: 'b'.repeat(64),
      signed_at: '2026-11-26T08:20:00.000Z',
      language: 'zh-HK',
      pad: { width: 328, height: 160 },
      strokes: [{ points: [{ x: 1, y: 2, t: 3 }] }],
      signature_document_id: 'doc-1',
    },
    sealed: {},
  },
  review: { answers: {}, sealed: {} },
};

/** A mainland applicant: resident ID, a mainland address, cash, student, every derivatives way, a card. */
const MAINLAND_CASH: Application = {
  ...HONG_KONG_MARGIN_65,
  identity: {
    answers: {
      id_location: 'CN',
      nationality: 'CN',
      id_type: 'cn_id',
      chinese_name: '陈大文',
      english_surname: 'CHEN',
      english_given_name: 'DAWEN',
      name_matches_bank: false,
      gender: 'M',
      birth_date: '2004-07-01',
    },
    sealed: { id_number: '440305********1234' },
  },
  address: {
    answers: {
      region: 'CN',
      province_code: '440000',
      city_code: '440300',
      county_code: '440305',
      detail: '科技园南区 1 栋 101',
      postal_code: '518000',
      correspondence_same: false,
      corr_region: 'HK',
      corr_district: 'wan_chai',
      corr_detail: '灣仔道 1 號',
      proof_type: 'bank_record',
      proof_issued_on: '2026-10-15',
      proof_confirmed: true,
    },
    sealed: {},
  },
  account_type: { answers: { securities: 'cash', markets: ['HK'], futures: false }, sealed: {} },
  employment: { answers: { status: 'student' }, sealed: {} },
  financial: {
    answers: {
      annual_income: 'income_under_100k',
      net_assets: 'net_assets_over_10m',
      income_sources: ['savings'],
      asset_classes: ['fund'],
      funds_source: 'inheritance_or_gift',
    },
    sealed: {},
  },
  tax: {
    answers: {
      tax_residencies: [{ country: 'CN', tin_masked: '440305********1234', tin_from_id: true }],
      us_citizen: false,
      us_green_card: false,
      us_born: false,
    },
    sealed: { tins: 'CN 440305********1234' },
  },
  investment: {
    answers: {
      purposes: ['hedging'],
      experience: {
        securities: 'lt1',
        bond: 'none',
        etf: 'none',
        warrant: 'none',
        cbbc: 'none',
        futures_options: 'none',
      },
      derivatives_knowledge: ['transactions', 'training', 'work_experience'],
      derivatives_training: '期权基础课程，香港交易所',
      derivatives_work: '银行衍生品交易员',
      derivatives_transactions: 12,
    },
    sealed: {},
  },
  identity_media: { answers: { method: 'photos' }, sealed: {} },
  bank: {
    answers: {
      bank_type: 1,
      bank_code: 'ICBC',
      number_masked: '6222 **** **** 1234',
      reserved_phone_masked: '138****5678',
      province_code: '440000',
      city_code: '440300',
    },
    sealed: { card_number: '6222 **** **** 1234', reserved_phone: '138****5678' },
  },
};

/** A passport holder living abroad, letters to the same address, self-employed, reason A. */
const PASSPORT_ABROAD: Application = {
  ...HONG_KONG_MARGIN_65,
  identity: {
    answers: {
      id_location: 'OTHER',
      nationality: 'GB',
      id_type: 'passport',
      english_surname: 'SMITH',
      english_given_name: 'JANE',
      name_matches_bank: true,
      gender: 'F',
      birth_date: '1980-01-31',
    },
    sealed: { id_number: '12****789' },
  },
  address: {
    answers: {
      region: 'OTHER',
      country: 'GB',
      detail: '1 High Street\nOxford',
      postal_code: 'OX1 1AA',
      correspondence_same: true,
      proof_type: 'utility_bill',
      proof_issued_on: '2026-11-02',
      proof_confirmed: true,
    },
    sealed: {},
  },
  account_type: { answers: { securities: 'cash', markets: ['US'], futures: false }, sealed: {} },
  employment: {
    answers: {
      status: 'self_employed',
      company_name: 'Smith Design',
      industry: 'service',
      position: 'Owner',
      job_level: 'owner',
      years_of_service: 5,
    },
    sealed: {},
  },
  tax: {
    answers: {
      tax_residencies: [{ country: 'GB', tin_reason: 'A' }],
      us_citizen: false,
      us_green_card: false,
      us_born: false,
      citizenship: 'GB',
    },
    sealed: {},
  },
};

const APPLICATIONS = {
  'Hong Kong, margin at 67': HONG_KONG_MARGIN_65,
  'mainland, cash, student': MAINLAND_CASH,
  'passport, abroad': PASSPORT_ABROAD,
};
const AUDIENCES: readonly Audience[] = ['applicant', 'pdf', 'staff'];

/** The saved answers' schema of a step: its form's draft, else the registry's. */
function answersSchema(step: StepId): z.ZodMiniType | null {
  return STEP_FORMS[step]?.draft ?? STEPS.find((d) => d.id === step)?.answers ?? null;
}

/** The field names an object schema (or a partial one) declares. */
function shapeKeys(schema: z.ZodMiniType | null): string[] {
  const def = (schema as unknown as { _zod?: { def?: { shape?: Record<string, unknown> } } } | null)?._zod
    ?.def;
  return Object.keys(def?.shape ?? {});
}

/** Answer fields (a list of records: their fields too, as `field.*.inner`) the catalogue does not list. */
function unlisted(fields: FieldCatalogue, answers: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(answers)) {
    const spec = fields[key];
    if (!spec) {
      out.push(`${prefix}${key}`);
      continue;
    }
    if (spec.value.kind === 'rows' && Array.isArray(v))
      for (const row of v)
        out.push(...unlisted(spec.value.fields, row as Record<string, unknown>, `${prefix}${key}.*.`));
  }
  return [...new Set(out)];
}

const HAN = /\p{Script=Han}/u;
const SNAKE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;

describe('field catalogues', () => {
  it('cover every step, and every field its saved answers may hold and every field it seals', () => {
    const problems: string[] = [];
    for (const step of STEP_IDS) {
      const fields = FIELD_CATALOGUES[step].fields;
      for (const key of shapeKeys(answersSchema(step)))
        if (!(key in fields)) problems.push(`${step}.${key} (saved answers)`);
      for (const key of STEPS.find((d) => d.id === step)?.sealedFields ?? [])
        if (!(key in fields)) problems.push(`${step}.${key} (sealed)`);
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.entries(APPLICATIONS))(
    'the sample application (%s) is one the steps would save',
    (_, app) => {
      for (const step of STEP_IDS) {
        const schema = answersSchema(step);
        const answers = app[step]?.answers ?? {};
        if (schema)
          expect(
            schema.safeParse(answers).success,
            `${step} ${JSON.stringify(schema.safeParse(answers).error)}`,
          ).toBe(true);
        expect(unlisted(FIELD_CATALOGUES[step].fields, answers), step).toEqual([]);
      }
    },
  );

  it('every label key has a text in every language', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      allCatalogueKeys()
        .filter((k) => translator(lang)(k) === undefined)
        .map((k) => `${lang} ${k}`),
    );
    expect(missing).toEqual([]);
  });

  describe.each(Object.entries(APPLICATIONS))('%s', (_, app) => {
    it.each(LANGUAGES.flatMap((lang) => AUDIENCES.map((a) => [lang, a] as const)))(
      'reads every answer in words (%s, %s)',
      (lang, audience) => {
        const problems: string[] = [];
        const t = translator(lang);
        for (const step of STEP_IDS) {
          const { answers, sealed } = app[step] ?? { answers: {}, sealed: {} };
          const lines = renderStepAnswers(step, answers, sealed, {
            lang,
            t,
            audience,
            onMissing: (key) => problems.push(`${step}: no text for ${key}`),
          });
          const labels = lines.map((l) => l.label);
          for (const dup of labels.filter((l, i) => labels.indexOf(l) !== i))
            problems.push(`${step}: two lines labelled "${dup}"`);
          for (const line of lines) {
            const where = `${step}.${line.field}: "${line.label}: ${line.value}"`;
            if (SNAKE.test(line.label) || SNAKE.test(line.value)) problems.push(`raw code in ${where}`);
            if (lang !== 'en' && !HAN.test(line.label))
              problems.push(`Latin-only label on a Chinese page: ${where}`);
            const raw = answers[line.field];
            const kind = FIELD_CATALOGUES[step].fields[line.field]?.value.kind;
            if (
              (kind === 'choice' || kind === 'named' || kind === 'band' || kind === 'compound') &&
              String(raw) === line.value
            )
              problems.push(`code shown as it is stored: ${where}`);
            if (typeof raw === 'number' && kind === 'money' && line.value.includes(String(raw)))
              problems.push(`minor units: ${where}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );
  });

  it('reads the cases the issue names as the person chose them', () => {
    const line = (
      app: Application,
      step: StepId,
      field: string,
      lang: Language,
      audience: Audience = 'applicant',
    ) =>
      renderStepAnswers(step, app[step]!.answers, app[step]!.sealed, {
        lang,
        t: translator(lang),
        audience,
      }).find((l) => l.field === field);
    expect(line(HONG_KONG_MARGIN_65, 'account_type', 'asset_proof_amount_cents', 'zh-HK')?.value).toBe(
      'HKD 1,250,000.00',
    );
    expect(line(HONG_KONG_MARGIN_65, 'account_type', 'securities', 'zh-HK')?.value).toBe('孖展賬戶');
    expect(line(HONG_KONG_MARGIN_65, 'account_type', 'markets', 'en')?.value).toBe(
      'Hong Kong stocks, US stocks',
    );
    expect(line(HONG_KONG_MARGIN_65, 'address', 'district', 'en')?.value).toBe('Sha Tin');
    expect(line(HONG_KONG_MARGIN_65, 'investment', 'derivatives_knowledge', 'en')?.value).toBe(
      'None of these',
    );
    expect(line(HONG_KONG_MARGIN_65, 'financial', 'annual_income', 'en')?.value).toBe('600,001 – 1,000,000');
    expect(line(HONG_KONG_MARGIN_65, 'tax', 'tax_residencies.0', 'en')?.value).toBe(
      'Country or region of tax residency: Hong Kong SAR China; TIN: A12****(3) (from your ID document)',
    );
    expect(line(HONG_KONG_MARGIN_65, 'risk_disclosure', 'ended_at', 'en', 'pdf')?.value).toBe(
      '2026-11-26 16:05 HKT',
    );
    // the identity step in the form's order: the names before gender
    const order = renderStepAnswers(
      'identity',
      HONG_KONG_MARGIN_65.identity!.answers,
      {},
      {
        lang: 'en',
        t: translator('en'),
        audience: 'applicant',
      },
    ).map((l) => l.field);
    expect(order.indexOf('english_surname')).toBeLessThan(order.indexOf('gender'));
    // the Hong Kong account's number once, under the account's label
    const bank = renderStepAnswers(
      'bank',
      HONG_KONG_MARGIN_65.bank!.answers,
      HONG_KONG_MARGIN_65.bank!.sealed,
      {
        lang: 'en',
        t: translator('en'),
        audience: 'pdf',
      },
    );
    expect(bank.filter((l) => l.value.includes('9012'))).toEqual([
      { field: 'card_number', label: 'Account number', value: '**** **** 9012' },
    ]);
    // the signature's record is not a line of answers: no "Pad Width", no document id
    expect(
      renderStepAnswers(
        'signature',
        HONG_KONG_MARGIN_65.signature!.answers,
        {},
        {
          lang: 'en',
          t: translator('en'),
          audience: 'pdf',
        },
      ),
    ).toEqual([]);
    // staff approve the signature step: they read what was signed, when and in which language
    // (issue #22 finding 8), still no pen data, hash or document id
    const staff = (lang: Language) =>
      renderStepAnswers(
        'signature',
        HONG_KONG_MARGIN_65.signature!.answers,
        {},
        {
          lang,
          t: translator(lang),
          audience: 'staff',
        },
      ).map((l) => [l.label, l.value]);
    expect(staff('en')).toEqual([
      ['Agreement 1', 'Document: 客户协议; Version: 2026-11-01'],
      ['Signed at', '2026-11-26 16:20 HKT'],
      ['Language signed in', 'Traditional Chinese'],
    ]);
    expect(staff('zh-HK')).toEqual([
      ['協議 1', '文件: 客户协议；版本: 2026-11-01'],
      ['簽署時間', '2026-11-26 16:20 HKT'],
      ['簽署語言', '繁體中文'],
    ]);
  });
});
