// issue #12: every field that takes a string, in every step's form and draft and every request
// contract, is either closed (an enum, a pattern, a rule that accepts only known shapes) or under
// the text rule. The schemas are walked, so a string field added later without the rule fails here.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as applicationContracts from './contracts/application.schema';
import * as authContracts from './contracts/auth.schema';
import * as commonContracts from './contracts/common.schema';
import * as referenceContracts from './contracts/reference.schema';
import * as pdfContracts from './flow/application-pdf-contracts';
import * as areaContracts from './flow/area-contracts';
import * as mailContracts from './flow/mail-check';
import * as stepContracts from './flow/step-contracts';
import { STEP_FORMS, type StepFormContext } from './flow/step-forms';
import * as submitContracts from './flow/submit-contracts';
import { addressFormSchema } from './steps/address/form';
import * as bankContracts from './steps/bank/contracts';
import * as companyContracts from './steps/employment/contracts';
import * as identityMediaContracts from './steps/identity-media/contracts';
import { appointmentRequestSchema } from './steps/investment/appointments';
import * as appointmentContracts from './steps/investment/contracts';
import { STEPS } from './steps/registry';
import * as riskContracts from './steps/risk-disclosure/contracts';
import * as signatureContracts from './steps/signature/contracts';
import type { StepId } from './steps/types';
import { TEXT_PROBLEMS } from './text';
import { HOSTILE_TEXTS } from './text-corpus';

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string schema inside `schema`, with where it is. Record keys are left out (see below). */
function stringsOf(schema: unknown, path: string, out: [string, z.ZodMiniType][] = [], seen = new Set()) {
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, where = path) => stringsOf(child, where, out, seen);
  switch (def.type) {
    case 'string':
      out.push([path, schema as z.ZodMiniType]);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, `${path}.${key}`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    // keys of a record: the answers' field names, which the step's own schema keeps or strips;
    // the server's body parser refuses a key it could not store
    case 'record':
      walk(def.valueType, `${path}{}`);
      break;
    case 'tuple':
      for (const item of def.items as unknown[]) walk(item);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
  }
  return out;
}

/** A context under which each step's form schema is built: a Hong Kong and a mainland applicant. */
const contexts: StepFormContext[] = (['HK', 'CN'] as const).map((id_location) => ({
  today: '2026-06-01',
  facts: { markets: ['HKMargin', 'USMargin'], answers: { identity: { id_location } } },
  documentCounts: {},
  riskCallSlot: null,
  isEmailVerified: () => true,
}));

/** Each schema a person's typing reaches, by name. */
const schemas: [string, unknown][] = [];
for (const [id, form] of Object.entries(STEP_FORMS)) {
  if (!form) continue;
  if (form.draft) schemas.push([`${id} draft`, form.draft]);
  if (form.draftInput) schemas.push([`${id} draft as sent`, form.draftInput]);
  for (const [i, ctx] of contexts.entries()) schemas.push([`${id} form (${i})`, form.schema(ctx)]);
}
// the saved answers' schema every write goes through; the signature and the recording steps'
// answers are written by the server (agreement titles, versions, times), never typed
const SERVER_WRITTEN: readonly StepId[] = ['signature', 'risk_disclosure'];
for (const step of STEPS)
  if (step.answers && !SERVER_WRITTEN.includes(step.id)) schemas.push([`${step.id} answers`, step.answers]);
schemas.push([
  'idDetailsSchema',
  applicationContracts.idDetailsSchema({ today: '2026-06-01', hasStoredIdNumber: false }),
]);
schemas.push(['appointmentRequestSchema', appointmentRequestSchema(new Date('2026-06-01T00:00:00Z'))]);
schemas.push(['addressFormSchema', addressFormSchema({ today: '2026-06-01' })]);
for (const module of [
  applicationContracts,
  authContracts,
  commonContracts,
  referenceContracts,
  pdfContracts,
  appointmentContracts,
  areaContracts,
  bankContracts,
  companyContracts,
  identityMediaContracts,
  mailContracts,
  riskContracts,
  signatureContracts,
  stepContracts,
  submitContracts,
])
  for (const [name, value] of Object.entries(module))
    if (/(Request|Query|Params|Fields|Form)Schema$/.test(name) && value && typeof value === 'object')
      schemas.push([name, value]);

const SAMPLES = HOSTILE_TEXTS.filter(([what]) =>
  [
    'NUL',
    'BEL and ESC',
    'a lone high surrogate',
    'the right-to-left override',
    'a zero-width space',
  ].includes(what),
);

describe('every string a person can send is closed or under the text rule (issue #12)', () => {
  const fields = schemas.flatMap(([name, schema]) =>
    stringsOf(schema, name).map(([where, node]) => [where, node] as const),
  );

  it('finds the typed fields (the walk reaches into forms, drafts and contracts)', () => {
    const where = fields.map(([w]) => w);
    for (const expected of [
      'employment draft.company_name',
      'employment form (0).company_name',
      'employment answers.company_name',
      'declarations form (0).pep_details',
      'tax form (0).tax_residencies[].tin_reason_explanation',
      'tax draft as sent.tax_residencies[].tin',
      'personal form (0).email',
      'bank form (0).holder_name',
      'address draft.detail',
      'idDetailsSchema.english_surname',
      'LoginRequestSchema.inviteCode',
      'CreateApplicationRequestSchema.source',
      'CommonParamsSchema.activity_id',
      'CompanyNameListRequestSchema.keyword',
    ])
      expect(where).toContain(expected);
    expect(fields.length).toBeGreaterThan(100);
  });

  it.each(SAMPLES)('refuses %s in every one of them', (_what, value) => {
    const accepted = fields.filter(([, node]) => z.safeParse(node, value).success).map(([where]) => where);
    expect(accepted).toEqual([]);
  });

  it('says which rule refused a free-text field, in the field', () => {
    const keyOf = (schema: z.ZodMiniType, value: unknown) =>
      z.safeParse(schema, value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)[0];
    const employment = STEP_FORMS.employment!;
    expect(
      keyOf(employment.schema(contexts[0]!), {
        status: 'employed',
        company_name: '\u202eDTL EMCA\u0007\u001b',
      }),
    ).toBe('company_name:text_control_characters');
    expect(keyOf(employment.draft!, { company_name: '\u202eDTL EMCA' })).toBe(
      'company_name:text_bidi_control',
    );
    expect(
      keyOf(STEP_FORMS.address!.schema(contexts[0]!), {
        region: 'HK',
        district: 'wan_chai',
        detail: 'Flat \ud800 A',
      }),
    ).toBe('detail:text_invalid_unicode');
    for (const [, value, key] of HOSTILE_TEXTS) {
      expect(TEXT_PROBLEMS).toContain(key);
      expect(keyOf(employment.draft!, { position: value })).toBe(`position:${key}`);
    }
  });

  it('keeps the free lines of an address elsewhere multi-line, and nothing else', () => {
    const form = STEP_FORMS.address!.schema(contexts[0]!);
    const other = { region: 'OTHER', country: 'GB', detail: 'Flat 1\n10 Downing Street\nLondon' };
    const issues = z.safeParse(form, other).error?.issues.filter((i) => i.path[0] === 'detail') ?? [];
    expect(issues).toEqual([]);
    const hk = z.safeParse(form, { region: 'HK', district: 'wan_chai', detail: 'Flat 1\tBlock 2' });
    expect(hk.error?.issues.find((i) => i.path[0] === 'detail')?.message).toBe('text_control_characters');
    const tab = z.safeParse(form, { ...other, detail: 'Flat 1\tBlock 2\nLondon' });
    expect(tab.error?.issues.find((i) => i.path[0] === 'detail')?.message).toBe('text_control_characters');
  });
});
