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
import { STEP_SAMPLES } from './tables';
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

/** Every step's saved samples (beside its catalogue, steps/<step>/catalogue.ts), taking every branch of its catalogue. */
const SAVED = STEP_IDS.flatMap((step) =>
  STEP_SAMPLES[step].saved.map((sample, i) => ({ step, i, ...sample })),
);
/** The Hong Kong applicant of 67 (each step's first sample): margin with an asset proof, employed, three tax residencies. */
const HK = (step: StepId) => STEP_SAMPLES[step].saved[0];
/** Fields no sample holds (kept as they were before the samples moved into the step folders). */
const UNREAD_FIELDS: string[] = [
  'address.corr_province_code',
  'address.corr_city_code',
  'address.corr_county_code',
  'signature.signature_method',
  'signature.typed_name',
  'signature.typed_statement',
];
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

  it.each(SAVED)('the sample of $step ($i) is one the step would save', ({ step, answers }) => {
    const schema = answersSchema(step);
    if (schema)
      expect(
        schema.safeParse(answers).success,
        `${step} ${JSON.stringify(schema.safeParse(answers).error)}`,
      ).toBe(true);
    expect(unlisted(FIELD_CATALOGUES[step].fields, answers), step).toEqual([]);
  });

  it('every field of every catalogue is read by some sample (add it to its sample, steps/<step>/catalogue.ts)', () => {
    const unread = STEP_IDS.flatMap((step) =>
      Object.keys(FIELD_CATALOGUES[step].fields)
        .filter((f) => !STEP_SAMPLES[step].saved.some((s) => f in s.answers || f in s.sealed))
        .map((f) => `${step}.${f}`),
    );
    expect(unread).toEqual(UNREAD_FIELDS);
  });

  it("every step with a form has a sample of what its screen sends, which the form's schema accepts", () => {
    const ctx = {
      // within three months of the address sample's proof (spec §5)
      today: '2026-02-01',
      facts: { markets: ['HK'], answers: { identity: { id_location: 'HK' } } },
      documentCounts: { address_proof: 1, selfie: 1, selfie_with_id: 1 },
      riskCallSlot: null,
      isEmailVerified: () => true,
    };
    const problems: string[] = [];
    for (const step of STEP_IDS) {
      const form = STEP_FORMS[step];
      const sent = STEP_SAMPLES[step].form;
      if ((form === null) !== (sent === null))
        problems.push(
          `${step}: the sample's \`form\` must be ${form ? 'the answers its screen sends' : 'null'}`,
        );
      else if (form && sent) {
        const parsed = form.schema(ctx).safeParse(sent);
        if (!parsed.success) problems.push(`${step}: ${JSON.stringify(parsed.error.issues)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every label key has a text in every language', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      allCatalogueKeys()
        .filter((k) => translator(lang)(k) === undefined)
        .map((k) => `${lang} ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.flatMap((lang) => AUDIENCES.map((a) => [lang, a] as const)))(
    'reads every sample answer in words (%s, %s)',
    (lang, audience) => {
      const problems: string[] = [];
      const t = translator(lang);
      for (const { step, i, answers, sealed } of SAVED) {
        const lines = renderStepAnswers(step, answers, sealed, {
          lang,
          t,
          audience,
          onMissing: (key) => problems.push(`${step} (${i}): no text for ${key}`),
        });
        const labels = lines.map((l) => l.label);
        for (const dup of labels.filter((l, j) => labels.indexOf(l) !== j))
          problems.push(`${step} (${i}): two lines labelled "${dup}"`);
        for (const line of lines) {
          const where = `${step} (${i}).${line.field}: "${line.label}: ${line.value}"`;
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

  it('reads the cases the issue names as the person chose them', () => {
    const line = (step: StepId, field: string, lang: Language, audience: Audience = 'applicant') =>
      renderStepAnswers(step, HK(step).answers, HK(step).sealed, {
        lang,
        t: translator(lang),
        audience,
      }).find((l) => l.field === field);
    expect(line('account_type', 'asset_proof_amount_cents', 'zh-HK')?.value).toBe('HKD 1,250,000.00');
    expect(line('account_type', 'securities', 'zh-HK')?.value).toBe('孖展賬戶');
    expect(line('account_type', 'markets', 'en')?.value).toBe('Hong Kong stocks, US stocks');
    expect(line('address', 'district', 'en')?.value).toBe('Sha Tin');
    expect(line('investment', 'derivatives_knowledge', 'en')?.value).toBe('None of these');
    expect(line('financial', 'annual_income', 'en')?.value).toBe('600,001 – 1,000,000');
    expect(line('tax', 'tax_residencies.0', 'en')?.value).toBe(
      'Country or region of tax residency: Hong Kong SAR China; TIN: A12****(3) (from your ID document)',
    );
    expect(line('risk_disclosure', 'ended_at', 'en', 'pdf')?.value).toBe('2026-11-26 16:05 HKT');
    // the identity step in the form's order: the names before gender
    const order = renderStepAnswers(
      'identity',
      HK('identity').answers,
      {},
      {
        lang: 'en',
        t: translator('en'),
        audience: 'applicant',
      },
    ).map((l) => l.field);
    expect(order.indexOf('english_surname')).toBeLessThan(order.indexOf('gender'));
    // the Hong Kong account's number once, under the account's label
    const bank = renderStepAnswers('bank', HK('bank').answers, HK('bank').sealed, {
      lang: 'en',
      t: translator('en'),
      audience: 'pdf',
    });
    expect(bank.filter((l) => l.value.includes('9012'))).toEqual([
      { field: 'card_number', label: 'Account number', value: '**** **** 9012' },
    ]);
    // the signature's record is not a line of answers: no "Pad Width", no document id
    expect(
      renderStepAnswers(
        'signature',
        HK('signature').answers,
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
        HK('signature').answers,
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
