import * as z from 'zod/mini';
import { typedText } from '../../text';
import type { StepForm } from '../step-form';
import {
  DERIVATIVES_DETAIL_MAX,
  DERIVATIVES_KNOWLEDGE_WAYS,
  type DerivativesKnowledgeWay,
  EXPERIENCE_YEARS,
  type ExperienceYears,
  INVESTMENT_ANSWERS,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
  type InvestmentExperience,
  type InvestmentProduct,
} from './definition';

export type { DerivativesKnowledgeWay, InvestmentPurpose } from './definition';
export {
  DERIVATIVES_DETAIL_MAX,
  DERIVATIVES_KNOWLEDGE_WAYS,
  EXPERIENCE_YEARS,
  type ExperienceYears,
  INVESTMENT_PRODUCTS,
  INVESTMENT_PURPOSES,
  type InvestmentExperience,
  type InvestmentProduct,
};

const ONE_YEAR_OR_MORE: ReadonlySet<string> = new Set<ExperienceYears>(['1to3', '3to5', 'gt5']);

/**
 * spec §4: experience under 1 year triggers the notice of a risk-disclosure phone call. "Under 1
 * year" is read as the person's experience as a whole: no product with a year or more. A product
 * left unanswered counts as no experience (the call is the cautious outcome).
 */
export function checkNeedsRiskCall(experience: Partial<Record<InvestmentProduct, ExperienceYears>>): boolean {
  return !INVESTMENT_PRODUCTS.some((p) => ONE_YEAR_OR_MORE.has(experience[p] ?? 'none'));
}

/**
 * Whether saved answers (a draft or a confirmation) call for the risk-disclosure call: every product
 * answered, and under a year in each. An incomplete answer does not yet say "under a year in
 * everything", so the call is not booked on it (the server's `appoint` and `appointment_status`).
 */
export function checkSavedAnswersNeedRiskCall(
  answers: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  const experience = answers?.experience;
  if (!experience || typeof experience !== 'object') return false;
  const byProduct = experience as Record<string, unknown>;
  const years: readonly unknown[] = EXPERIENCE_YEARS;
  if (!INVESTMENT_PRODUCTS.every((p) => years.includes(byProduct[p]))) return false;
  return checkNeedsRiskCall(byProduct as InvestmentExperience);
}

/**
 * SFC Code of Conduct 5.1A, as the person declared it: any one of the three ways is enough.
 * Years of experience in warrants, CBBCs or futures/options do not count by themselves: the Code's
 * criterion is 5 or more transactions within the past 3 years, which "1–3 years of experience" does
 * not establish (the trades may be fewer, or older). The person is asked that question directly,
 * and their answer ('transactions') is what counts and is stored.
 */
export function checkHasDerivativesKnowledge(answers: {
  derivatives_knowledge?: readonly string[] | null;
}): boolean {
  const ways: readonly string[] = DERIVATIVES_KNOWLEDGE_WAYS;
  return (answers.derivatives_knowledge ?? []).some((w) => ways.includes(w));
}

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

/** SFC Code of Conduct 5.1A (c): trading experience counts from 5 transactions in the past 3 years. */
export const DERIVATIVES_MIN_TRANSACTIONS = 5;

/**
 * What the person says about each way of knowledge they tick, kept with their answer so a reviewer
 * can see what the classification rests on (SFC Code of Conduct 5.1A asks the firm to assess it):
 * the course and who gave it, the employer and role, the number of derivative transactions in the
 * past 3 years. Only the details of the ticked ways are kept.
 */
export const DERIVATIVES_DETAIL_FIELDS = {
  training: 'derivatives_training',
  work_experience: 'derivatives_work',
  transactions: 'derivatives_transactions',
} as const satisfies Record<DerivativesKnowledgeWay, string>;

const detailText = (key: string) => z.optional(typedText({ max: DERIVATIVES_DETAIL_MAX, requiredKey: key }));

const transactionsCount = z.optional(
  z.pipe(
    // a text input sends digits as a string
    z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v)),
    z
      .number({ error: 'derivatives_transactions_required' })
      .check(
        z.int('derivatives_transactions_required'),
        z.minimum(0, 'derivatives_transactions_required'),
        z.maximum(999_999, 'derivatives_transactions_required'),
        z.minimum(DERIVATIVES_MIN_TRANSACTIONS, 'derivatives_transactions_too_few'),
      ),
  ),
);

/**
 * The investment step's form (the form validates with it, the server parses with it again).
 * Pickers produce these values; anything else is refused with the field's key.
 */
export function investmentFormSchema() {
  const years = z.enum(EXPERIENCE_YEARS, { error: 'experience_required' });
  return z
    .object({
      purposes: z
        .array(z.enum(INVESTMENT_PURPOSES, { error: 'investment_purpose_invalid' }), {
          error: 'investment_purpose_required',
        })
        // refinements, not z.minLength/z.maxLength: those also run on a string sent instead of a list
        // (it has a length) and add a second message; distinct values of a 3-value enum are at most 3
        .check(
          z.refine((v) => v.length > 0, { error: 'investment_purpose_required' }),
          z.refine(distinct, { error: 'investment_purpose_invalid' }),
        ),
      // one answer for every product
      experience: z.object(
        {
          securities: years,
          bond: years,
          etf: years,
          warrant: years,
          cbbc: years,
          futures_options: years,
        },
        { error: 'experience_required' },
      ),
      // empty: none of the three ways applies (the person still answered)
      derivatives_knowledge: z
        .array(z.enum(DERIVATIVES_KNOWLEDGE_WAYS, { error: 'derivatives_knowledge_invalid' }), {
          error: 'derivatives_knowledge_required',
        })
        .check(z.refine(distinct, { error: 'derivatives_knowledge_invalid' })),
      derivatives_training: detailText('derivatives_training_required'),
      derivatives_work: detailText('derivatives_work_required'),
      derivatives_transactions: transactionsCount,
    })
    .check(
      z.superRefine((v, ctx) => {
        // each ticked way needs its detail
        const need = [
          ['training', 'derivatives_training', 'derivatives_training_required'],
          ['work_experience', 'derivatives_work', 'derivatives_work_required'],
          ['transactions', 'derivatives_transactions', 'derivatives_transactions_required'],
        ] as const;
        for (const [way, field, key] of need)
          if (v.derivatives_knowledge?.includes(way) && v[field] === undefined)
            ctx.addIssue({ code: 'custom', path: [field], message: key, input: v });
      }),
    );
}
export type InvestmentForm = z.output<ReturnType<typeof investmentFormSchema>>;

/** The answers as stored: the details of ways the person did not tick are left out. */
export function investmentAnswersOf(form: InvestmentForm): InvestmentForm {
  const kept: InvestmentForm = {
    purposes: form.purposes,
    experience: form.experience,
    derivatives_knowledge: form.derivatives_knowledge,
  };
  for (const way of form.derivatives_knowledge) {
    const field = DERIVATIVES_DETAIL_FIELDS[way];
    if (form[field] !== undefined) Object.assign(kept, { [field]: form[field] });
  }
  return kept;
}

/**
 * spec §3/§4 and SFC Code of Conduct 5.1A: purpose, experience per product, derivatives knowledge
 * with what the person said about it. Less than one year in everything (spec §4): the step is
 * confirmed only once the risk-disclosure call is booked (`appoint`), so no application goes on
 * without a time at which the broker can reach the person.
 */
export const investmentForm: StepForm = {
  draft: INVESTMENT_ANSWERS,
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
