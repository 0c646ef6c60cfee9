// The account type's form on the generic step call (issue #6 step 2): the schema the screen
// validates with and the server parses again, and the rules (./account-rules.ts) it is checked by.
import * as z from 'zod/mini';
import { formBoolean, formList } from '../../contracts/common.schema';
import { checkIsIsoDate } from '../../id-documents';
import type { StepForm, StepFormContext } from '../step-form';
import { type AccountTypeProblem, checkAccountType, checkIsAssetProofRequired } from './account-rules';
import {
  ACCOUNT_TYPE_ANSWERS,
  ASSET_PROOF_TYPES,
  SECURITIES_ACCOUNT_TYPES,
  TRADING_MARKETS,
} from './definition';

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
  draft: ACCOUNT_TYPE_ANSWERS,
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
