// The forms of the steps saved through the generic step call (POST /v9/OpenAccountHk/step/:step):
// the schema the screen validates with and the server parses again, and the step's rules, which
// see the other steps' answers. Imported by path: the login screen never loads them.
import * as z from 'zod/mini';
import { formBoolean, formList } from '../contracts/common.schema';
import { checkIsIsoDate } from '../id-documents';
import { SECURITIES_ACCOUNT_TYPES, TRADING_MARKETS } from '../steps/account-type';
import type { ApplicationFacts, StepId } from '../steps/types';
import { type AccountTypeProblem, checkAccountType } from './account-rules';

export interface StepFormContext {
  /** Today in Hong Kong (YYYY-MM-DD). */
  today: string;
  /** Every step's saved answers (sealed ones aside). */
  facts: ApplicationFacts;
  /** Live documents of the application by kind. */
  documentCounts: Readonly<Record<string, number>>;
}

export interface StepForm {
  /** The complete form, as the person confirms it (errors are message keys). */
  schema: (ctx: StepFormContext) => z.ZodMiniType<Record<string, unknown>>;
  /** The step's rules over the parsed answers and the rest of the application: field → message key. */
  check?: (answers: Record<string, unknown>, ctx: StepFormContext) => Record<string, string>;
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
  asset_proof_too_low: 'asset_proof_amount_cents',
  asset_proof_date_required: 'asset_proof_issued_on',
  asset_proof_too_old: 'asset_proof_issued_on',
  asset_proof_in_future: 'asset_proof_issued_on',
  asset_proof_too_many: 'asset_proof',
  futures_needs_derivatives_knowledge: 'futures',
};

/** spec §1, §3, §4: securities cash or margin, markets HK and/or US, optional futures, the 65+ proof. */
export const accountTypeForm: StepForm = {
  schema: () =>
    z.object({
      securities: z.enum(SECURITIES_ACCOUNT_TYPES, { error: 'securities_account_required' }),
      markets: formList(z.enum(TRADING_MARKETS, { error: 'markets_required' })).check(
        z.minLength(1, 'markets_required'),
        z.refine((m) => new Set(m).size === m.length, 'markets_required'),
      ),
      futures: z._default(formBoolean, false),
      asset_proof_amount_cents: z.optional(HKD_CENTS),
      asset_proof_issued_on: z.optional(
        z
          .string({ error: 'asset_proof_date_required' })
          .check(z.refine(checkIsIsoDate, 'asset_proof_date_required')),
      ),
    }),
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
        birthDate:
          typeof ctx.facts.answers.identity?.birth_date === 'string'
            ? ctx.facts.answers.identity.birth_date
            : undefined,
        hasDerivativesKnowledge: Array.isArray(knowledge) ? knowledge.length > 0 : undefined,
        assetProof:
          typeof amount === 'number'
            ? {
                amountCents: amount,
                currency: 'HKD',
                issuedOn: String(answers.asset_proof_issued_on ?? ''),
                images: ctx.documentCounts.asset_proof ?? 0,
              }
            : undefined,
      },
    );
    const fields: Record<string, string> = {};
    for (const p of problems) fields[ACCOUNT_TYPE_FIELD[p]] ??= p;
    return fields;
  },
};

/** The steps whose form is saved through the generic call (the identity step has its own calls). */
export const STEP_FORMS: Partial<Record<StepId, StepForm>> = {
  account_type: accountTypeForm,
};
