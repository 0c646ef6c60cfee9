import {
  checkSavedAnswersNeedRiskCall,
  DERIVATIVES_DETAIL_FIELDS,
  type DerivativesKnowledgeWay,
  INVESTMENT_PRODUCTS,
  type InvestmentProduct,
  investmentFormSchema,
} from '@hk/domain/steps/investment/form';
import * as z from 'zod/mini';
import type { StepInfo } from '../../../step-kit/api/step-api';

/** The form's values: the step's answers as the inputs hold them, plus what only the screen needs. */
export interface InvestmentValues {
  purposes: string[];
  experience: Record<InvestmentProduct, string>;
  derivatives_knowledge: string[];
  /** "None of these": an answer of its own, so an empty list is never mistaken for no answer. */
  no_derivatives_knowledge: boolean;
  derivatives_training: string;
  derivatives_work: string;
  derivatives_transactions: string;
  /** The booked risk-call slot ('' when none): not sent, shown with its error at the booking. */
  appointment: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function investmentValuesOf(info: StepInfo): InvestmentValues {
  const a = info.answers;
  const experience = (a.experience && typeof a.experience === 'object' ? a.experience : {}) as Record<
    string,
    unknown
  >;
  const ways = list(a.derivatives_knowledge);
  return {
    purposes: list(a.purposes),
    experience: Object.fromEntries(INVESTMENT_PRODUCTS.map((p) => [p, text(experience[p])])) as Record<
      InvestmentProduct,
      string
    >,
    derivatives_knowledge: ways,
    // a saved empty list is the answer "none of these"
    no_derivatives_knowledge: Array.isArray(a.derivatives_knowledge) && ways.length === 0,
    derivatives_training: text(a.derivatives_training),
    derivatives_work: text(a.derivatives_work),
    derivatives_transactions: text(a.derivatives_transactions),
    appointment: '',
  };
}

/**
 * The answers sent: what is chosen so far (a draft keeps it), the details of the ticked ways only,
 * the number of transactions as a number when it is one (else as typed, for the form to refuse).
 */
export function investmentAnswersOf(v: InvestmentValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    purposes: v.purposes,
    experience: Object.fromEntries(Object.entries(v.experience).filter(([, years]) => years)),
  };
  if (v.no_derivatives_knowledge || v.derivatives_knowledge.length > 0)
    answers.derivatives_knowledge = v.no_derivatives_knowledge ? [] : v.derivatives_knowledge;
  for (const way of v.no_derivatives_knowledge ? [] : v.derivatives_knowledge) {
    const field = DERIVATIVES_DETAIL_FIELDS[way as DerivativesKnowledgeWay];
    if (!field) continue;
    const value = v[field].trim();
    if (!value) continue;
    answers[field] = field === 'derivatives_transactions' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  }
  return answers;
}

/** Under a year in every product, as the form stands (spec §4): the risk call is to be booked. */
export const checkValuesNeedRiskCall = (v: Pick<InvestmentValues, 'experience'>) =>
  checkSavedAnswersNeedRiskCall({ experience: v.experience });

/**
 * The form's schema: the domain's investment form over the answers the values give, errors at the
 * same field names; the values themselves pass through unchanged. Neither a way nor "none of these"
 * ticked sends no `derivatives_knowledge`, which the domain refuses as unanswered.
 */
export function investmentValuesSchema() {
  const form = investmentFormSchema();
  return z.custom<InvestmentValues>().check(
    z.superRefine((values, ctx) => {
      const v = values as InvestmentValues;
      const parsed = z.safeParse(form, investmentAnswersOf(v));
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: issue.path as PropertyKey[],
            message: issue.message,
            input: v,
          });
    }),
  );
}
