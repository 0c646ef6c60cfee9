import * as z from 'zod/mini';
import { draftText } from '../../text';
import { always, type StepDefinition } from '../types';

/** SFC Code of Conduct 5.1A: ways a person can show derivatives knowledge. */
export const DERIVATIVES_KNOWLEDGE = ['training', 'work_experience', 'transactions'] as const;

/** spec §3 enumerations: investment purpose (the person may give several). */
export const INVESTMENT_PURPOSES = ['capital_appreciation', 'hedging', 'dividend_yield'] as const;
export type InvestmentPurpose = (typeof INVESTMENT_PURPOSES)[number];

/** spec §3 enumerations: the products experience is asked for, one answer each. */
export const INVESTMENT_PRODUCTS = [
  'securities',
  'bond',
  'etf',
  'warrant',
  'cbbc',
  'futures_options',
] as const;
export type InvestmentProduct = (typeof INVESTMENT_PRODUCTS)[number];

/** Years of experience in a product (issue #6 step 8): none, < 1, 1–3, 3–5, > 5. */
export const EXPERIENCE_YEARS = ['none', 'lt1', '1to3', '3to5', 'gt5'] as const;
export type ExperienceYears = (typeof EXPERIENCE_YEARS)[number];
export type InvestmentExperience = Record<InvestmentProduct, ExperienceYears>;

/**
 * SFC Code of Conduct 5.1A: the ways a client can be shown to have knowledge of derivatives.
 * - 'training': has attended a training or course on derivative products;
 * - 'work_experience': has current or previous work experience related to derivative products;
 * - 'transactions': has executed 5 or more transactions in any derivative products within the
 *   past 3 years.
 */
export const DERIVATIVES_KNOWLEDGE_WAYS = DERIVATIVES_KNOWLEDGE;
export type DerivativesKnowledgeWay = (typeof DERIVATIVES_KNOWLEDGE_WAYS)[number];

/** At most this many characters in a detail of the person's derivatives knowledge. */
export const DERIVATIVES_DETAIL_MAX = 200;

/**
 * The investment step's saved answers, once (issue #13: the definition declared only the
 * derivatives knowledge, the form all of them): drafts are parsed by it and every write of the
 * step's answers goes through it; the form (./form.ts) adds what a confirmation needs.
 */
export const INVESTMENT_ANSWERS = z.partial(
  z.object({
    purposes: z.array(z.enum(INVESTMENT_PURPOSES)),
    experience: z.partialRecord(z.enum(INVESTMENT_PRODUCTS), z.enum(EXPERIENCE_YEARS)),
    derivatives_knowledge: z.array(z.enum(DERIVATIVES_KNOWLEDGE_WAYS)),
    derivatives_training: draftText(DERIVATIVES_DETAIL_MAX),
    derivatives_work: draftText(DERIVATIVES_DETAIL_MAX),
    derivatives_transactions: z.number().check(z.int(), z.minimum(0), z.maximum(999_999)),
  }),
);

/**
 * Investment purpose, experience per product and derivatives knowledge (spec §3, §4; SFC Code of
 * Conduct 5.1A); the account type's futures rule rests on the knowledge. Form and rules: ./form.ts.
 */
export const investmentStep: StepDefinition = {
  id: 'investment',
  stage: 50,
  answers: INVESTMENT_ANSWERS,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
