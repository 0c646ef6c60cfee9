// The forms of the steps saved through the generic step call (POST /v9/OpenAccountHk/step/:step):
// the schema the screen validates with and the server parses again, and the step's rules, which
// see the other steps' answers. Imported by path: the login screen never loads them.
import * as z from 'zod/mini';
import { formBoolean, formList } from '../contracts/common.schema';
import { checkIsIsoDate } from '../id-documents';
import { SECURITIES_ACCOUNT_TYPES, TRADING_MARKETS } from '../steps/account-type';
import {
  EMPLOYMENT_ANSWERS,
  EMPLOYMENT_STATUSES,
  INDUSTRIES,
  JOB_LEVELS,
  YEARS_OF_SERVICE_MAX,
} from '../steps/employment';
import { applicableSteps } from '../steps/registry';
import type { ApplicationFacts, StepId } from '../steps/types';
import { draftText, textRule, typedText } from '../text';
import {
  type AccountTypeProblem,
  ASSET_PROOF_TYPES,
  checkAccountType,
  checkIsAssetProofRequired,
} from './account-rules';
import { addressForm } from './address-form';
import { bankForm } from './bank-form';
import type { SealedIdDocument } from './crs';
import { declarationsForm } from './declarations-form';
import { ANNUAL_INCOME_BAND_IDS, ASSET_CLASSES, INCOME_SOURCES, NET_ASSET_BAND_IDS } from './financial-bands';
import { identityMediaForm } from './identity-media';
import {
  checkNeedsRiskCall,
  DERIVATIVES_DETAIL_MAX,
  DERIVATIVES_KNOWLEDGE_WAYS,
  EXPERIENCE_YEARS,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
  type InvestmentForm,
  investmentAnswersOf,
  investmentFormSchema,
} from './investment-experience';
import { personalForm } from './personal-form';
import { taxForm } from './tax-form';

export { INDUSTRIES, JOB_LEVELS };

export interface StepFormContext {
  /** Today in Hong Kong (YYYY-MM-DD). */
  today: string;
  /** Every step's saved answers (sealed ones aside). */
  facts: ApplicationFacts;
  /** Live documents of the application by kind. */
  documentCounts: Readonly<Record<string, number>>;
  /**
   * The booked start of the risk-disclosure call (spec §4), `YYYY-MM-DDTHH:mm:00+08:00`, or null;
   * read by the investment step's rules (absent where the caller does not load it).
   */
  riskCallSlot?: string | null;
  /** Whether this application verified the address with a mailed code (the server's fact; absent: none). */
  isEmailVerified?: (email: string) => boolean;
}

export interface StepForm {
  /**
   * The saved answers' shape when the registry declares only part of it (every field optional):
   * drafts are parsed by it, and it is the schema every write of this step's answers goes through.
   */
  draft?: z.ZodMiniType<Record<string, unknown>>;
  /**
   * A draft as sent, when it carries values the server seals (`seal`) and the saved answers keep
   * only masked: the draft's fields and those values. A draft is parsed by it before anything is
   * expanded, sealed or looked up (absent: `draft`).
   */
  draftInput?: z.ZodMiniType<Record<string, unknown>>;
  /** The complete form, as the person confirms it (errors are message keys). */
  schema: (ctx: StepFormContext) => z.ZodMiniType<Record<string, unknown>>;
  /**
   * Answers that stand for a value the server holds sealed (the tax step's `tin_from_id` and kept
   * `tin_masked`): the server puts the value in before parsing, so it never travels to the client.
   * `own` holds this step's sealed values, decrypted.
   */
  expandSealed?: (
    answers: Record<string, unknown>,
    sealed: { idDocument?: SealedIdDocument | undefined; own: Readonly<Record<string, string>> },
  ) => Record<string, unknown>;
  /** The step's rules over the parsed answers and the rest of the application: field → message key. */
  check?: (answers: Record<string, unknown>, ctx: StepFormContext) => Record<string, string>;
  /**
   * Splits the answers into what is stored as it is and what the vault seals (the step's
   * `sealedFields`): the server seals the `plain` text and keeps only the masked form in view.
   */
  seal?: (answers: Record<string, unknown>) => {
    answers: Record<string, unknown>;
    sealed: Record<string, { plain: string; masked: string } | null>;
  };
}

const HKD_CENTS = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v)),
  z
    .number({ error: 'asset_proof_amount_invalid' })
    .check(z.int('asset_proof_amount_invalid'), z.minimum(0, 'asset_proof_amount_invalid')),
);

/** Where each account-type problem is shown. */
const ACCOUNT_TYPE_FIELD: Record<AccountTypeProblem, string> = {
  margin_not_for_students: 'securities',
  margin_needs_asset_proof: 'asset_proof',
  asset_proof_type_required: 'asset_proof_type',
  asset_proof_too_low: 'asset_proof_amount_cents',
  asset_proof_date_required: 'asset_proof_issued_on',
  asset_proof_too_old: 'asset_proof_issued_on',
  asset_proof_in_future: 'asset_proof_issued_on',
  asset_proof_too_many: 'asset_proof',
  futures_needs_derivatives_knowledge: 'futures',
};

/** The answers of the 65+ margin applicant's asset proof (its images are `asset_proof` documents). */
export const ASSET_PROOF_FIELDS = [
  'asset_proof_type',
  'asset_proof_amount_cents',
  'asset_proof_issued_on',
] as const;

/** The birth date the ID step saved, for the 65+ rule. */
function birthDateOf(ctx: StepFormContext): string | undefined {
  const birthDate = ctx.facts.answers.identity?.birth_date;
  return typeof birthDate === 'string' ? birthDate : undefined;
}

/** Whether the person gave any part of the asset proof (typed or uploaded). */
function checkHasProofInput(answers: Record<string, unknown>, ctx: StepFormContext): boolean {
  return (
    answers.asset_proof_type !== undefined ||
    answers.asset_proof_amount_cents !== undefined ||
    answers.asset_proof_issued_on !== undefined ||
    (ctx.documentCounts.asset_proof ?? 0) > 0
  );
}

/**
 * spec §1, §3, §4: securities cash or margin, markets HK and/or US, optional futures, the 65+ proof.
 * The proof's answers are kept only while the proof is asked for (margin at 65 or over): switching
 * to cash drops them.
 */
export const accountTypeForm: StepForm = {
  draft: z.partial(
    z.object({
      securities: z.enum(SECURITIES_ACCOUNT_TYPES),
      markets: z.array(z.enum(TRADING_MARKETS)).check(z.maxLength(2)),
      futures: z.boolean(),
      asset_proof_type: z.enum(ASSET_PROOF_TYPES),
      asset_proof_amount_cents: z.number().check(z.int(), z.minimum(0)),
      asset_proof_issued_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  ),
  schema: (ctx) =>
    z.pipe(
      z.object({
        securities: z.enum(SECURITIES_ACCOUNT_TYPES, { error: 'securities_account_required' }),
        markets: formList(z.enum(TRADING_MARKETS, { error: 'markets_required' })).check(
          z.minLength(1, 'markets_required'),
          z.refine((m) => new Set(m).size === m.length, 'markets_required'),
        ),
        futures: z._default(formBoolean, false),
        asset_proof_type: z.optional(z.enum(ASSET_PROOF_TYPES, { error: 'asset_proof_type_required' })),
        asset_proof_amount_cents: z.optional(HKD_CENTS),
        asset_proof_issued_on: z.optional(
          z
            .string({ error: 'asset_proof_date_required' })
            .check(z.refine(checkIsIsoDate, 'asset_proof_date_required')),
        ),
      }),
      z.transform((v) => {
        if (checkIsAssetProofRequired(v.securities, birthDateOf(ctx), ctx.today)) return v;
        const kept: Record<string, unknown> = { ...v };
        for (const field of ASSET_PROOF_FIELDS) delete kept[field];
        return kept;
      }),
    ),
  check: (answers, ctx) => {
    const employment = ctx.facts.answers.employment ?? {};
    const investment = ctx.facts.answers.investment;
    const knowledge = investment?.derivatives_knowledge;
    const amount = answers.asset_proof_amount_cents;
    const problems = checkAccountType(
      { securities: answers.securities as 'cash' | 'margin', futures: answers.futures === true },
      {
        today: ctx.today,
        employmentStatus: typeof employment.status === 'string' ? employment.status : undefined,
        birthDate: birthDateOf(ctx),
        hasDerivativesKnowledge: Array.isArray(knowledge) ? knowledge.length > 0 : undefined,
        // nothing given is no proof (margin_needs_asset_proof alone); once something is typed or
        // uploaded, each part is checked (no image is still no proof, and a low amount is said at once)
        assetProof: checkHasProofInput(answers, ctx)
          ? {
              type: typeof answers.asset_proof_type === 'string' ? answers.asset_proof_type : undefined,
              amountCents: typeof amount === 'number' ? amount : Number.NaN,
              currency: 'HKD',
              issuedOn: String(answers.asset_proof_issued_on ?? ''),
              images: ctx.documentCounts.asset_proof ?? 0,
            }
          : undefined,
      },
    );
    const fields: Record<string, string> = {};
    for (const p of problems) fields[ACCOUNT_TYPE_FIELD[p]] ??= p;
    // an amount not given is asked for, not called too low
    if (amount === undefined && fields.asset_proof_amount_cents === 'asset_proof_too_low')
      fields.asset_proof_amount_cents = 'asset_proof_amount_invalid';
    return fields;
  },
};

const text = (requiredKey: string, max: number) =>
  z
    .string({ error: requiredKey })
    .check(...textRule(), z.minLength(1, requiredKey), z.maxLength(max, requiredKey));
const distinct = (v: readonly unknown[]) => new Set(v).size === v.length;
const choices = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
  formList(z.enum(values, { error: key })).check(z.minLength(1, key), z.refine(distinct, key));

/** Statuses whose employer and job are asked (spec §3: employed and self-employed). */
export const EMPLOYED_STATUSES = ['employed', 'self_employed'] as const;

/** spec §3: the status, and for the employed and self-employed their employer and job. */
export const employmentForm: StepForm = {
  draft: EMPLOYMENT_ANSWERS,
  schema: () =>
    z.pipe(
      z
        .object({
          status: z.enum(EMPLOYMENT_STATUSES, { error: 'employment_status_required' }),
          company_name: z.optional(text('company_name_required', 200)),
          industry: z.optional(z.enum(INDUSTRIES, { error: 'industry_required' })),
          position: z.optional(text('position_required', 100)),
          job_level: z.optional(z.enum(JOB_LEVELS, { error: 'job_level_required' })),
          department: z.optional(typedText({ max: 100, tooLongKey: 'department_too_long' })),
          years_of_service: z.optional(
            z.pipe(
              z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v)),
              z
                .number({ error: 'years_of_service_invalid' })
                .check(
                  z.int('years_of_service_invalid'),
                  z.minimum(0, 'years_of_service_invalid'),
                  z.maximum(YEARS_OF_SERVICE_MAX, 'years_of_service_invalid'),
                ),
            ),
          ),
        })
        .check(
          z.superRefine((v, ctx) => {
            if (!(EMPLOYED_STATUSES as readonly string[]).includes(v.status)) return;
            const need: [keyof typeof v, string][] = [
              ['company_name', 'company_name_required'],
              ['industry', 'industry_required'],
              ['position', 'position_required'],
              ['job_level', 'job_level_required'],
              ['years_of_service', 'years_of_service_invalid'],
            ];
            for (const [field, key] of need)
              if (v[field] === undefined || v[field] === '')
                ctx.addIssue({ code: 'custom', path: [field], message: key, input: v });
          }),
        ),
      // the employer and job of someone not employed are not kept
      z.transform((v) =>
        (EMPLOYED_STATUSES as readonly string[]).includes(v.status) ? v : { status: v.status },
      ),
    ),
};

/** Where the money for this account comes from (spec §3 names the field; these are the usual answers). */
export const FUNDS_SOURCES = [
  'salary',
  'business_income',
  'savings',
  'investment_return',
  'pension',
  'inheritance_or_gift',
  'sale_of_property',
  'other',
] as const;

/** spec §3: income and net-asset bands (HKD), income sources, asset classes, source of the funds. */
export const financialForm: StepForm = {
  draft: z.partial(
    z.object({
      annual_income: z.enum(ANNUAL_INCOME_BAND_IDS as unknown as [string, ...string[]]),
      net_assets: z.enum(NET_ASSET_BAND_IDS as unknown as [string, ...string[]]),
      income_sources: z.array(z.enum(INCOME_SOURCES)),
      asset_classes: z.array(z.enum(ASSET_CLASSES)),
      funds_source: z.enum(FUNDS_SOURCES),
      funds_source_other: draftText(200),
    }),
  ),
  schema: () =>
    z
      .object({
        annual_income: z.enum(ANNUAL_INCOME_BAND_IDS as unknown as [string, ...string[]], {
          error: 'annual_income_required',
        }),
        net_assets: z.enum(NET_ASSET_BAND_IDS as unknown as [string, ...string[]], {
          error: 'net_assets_required',
        }),
        income_sources: choices(INCOME_SOURCES, 'income_sources_required'),
        asset_classes: choices(ASSET_CLASSES, 'asset_classes_required'),
        funds_source: z.enum(FUNDS_SOURCES, { error: 'funds_source_required' }),
        funds_source_other: z.optional(typedText({ max: 200, tooLongKey: 'funds_source_other_required' })),
      })
      .check(
        z.superRefine((v, ctx) => {
          if (v.funds_source === 'other' && !v.funds_source_other)
            ctx.addIssue({
              code: 'custom',
              path: ['funds_source_other'],
              message: 'funds_source_other_required',
              input: v,
            });
        }),
      ),
};

/**
 * spec §3/§4 and SFC Code of Conduct 5.1A: purpose, experience per product, derivatives knowledge
 * with what the person said about it. Less than one year in everything (spec §4): the step is
 * confirmed only once the risk-disclosure call is booked (`appoint`), so no application goes on
 * without a time at which the broker can reach the person.
 */
export const investmentForm: StepForm = {
  draft: z.partial(
    z.object({
      purposes: z.array(z.enum(INVESTMENT_PURPOSES)),
      experience: z.partialRecord(z.enum(INVESTMENT_PRODUCTS), z.enum(EXPERIENCE_YEARS)),
      derivatives_knowledge: z.array(z.enum(DERIVATIVES_KNOWLEDGE_WAYS)),
      derivatives_training: draftText(DERIVATIVES_DETAIL_MAX),
      derivatives_work: draftText(DERIVATIVES_DETAIL_MAX),
      derivatives_transactions: z.number().check(z.int(), z.minimum(0), z.maximum(999_999)),
    }),
  ),
  schema: () =>
    z.pipe(investmentFormSchema(), z.transform(investmentAnswersOf)) as unknown as z.ZodMiniType<
      Record<string, unknown>
    >,
  check: (answers, ctx) => {
    const fields: Record<string, string> = {};
    const experience = answers.experience as InvestmentForm['experience'];
    if (checkNeedsRiskCall(experience) && ctx.riskCallSlot === null)
      fields.appointment = 'appointment_required';
    return fields;
  },
};

/** The steps whose form is saved through the generic call (the identity step has its own calls). */
export const STEP_FORMS: Partial<Record<StepId, StepForm>> = {
  account_type: accountTypeForm,
  employment: employmentForm,
  financial: financialForm,
  investment: investmentForm,
  tax: taxForm,
  declarations: declarationsForm,
  personal: personalForm,
  address: addressForm,
  bank: bankForm,
  identity_media: identityMediaForm,
};

export { maskTin } from './tax-form';

/**
 * "Earlier steps first", written once: the applicable steps before `stepId`, in the flow's order,
 * that are not confirmed yet and so keep it from being confirmed. `filled_online` (the step forms,
 * the risk-disclosure recording) counts the steps a person fills in on a screen of their own: the
 * ID and the form steps (the recording and the signature are passed by their own calls, and their
 * own rules ask for what comes before them); `all` (the signature) counts every applicable step.
 */
export function unconfirmedStepsBefore(
  stepId: StepId,
  confirmed: ReadonlySet<StepId>,
  facts: ApplicationFacts,
  which: 'filled_online' | 'all' = 'filled_online',
): StepId[] {
  const steps = applicableSteps(facts);
  const index = steps.findIndex((s) => s.id === stepId);
  return steps
    .slice(0, index < 0 ? steps.length : index)
    .filter((s) => which === 'all' || s.id === 'identity' || STEP_FORMS[s.id] !== undefined)
    .filter((s) => !confirmed.has(s.id))
    .map((s) => s.id);
}
