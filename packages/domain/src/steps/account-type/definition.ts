import * as z from 'zod/mini';
import { always, type StepDefinition } from '../types';

export const SECURITIES_ACCOUNT_TYPES = ['cash', 'margin'] as const;

/**
 * spec §4: a student cannot have a margin account (offered cash instead). The one place the rule
 * is written: the account type's rules, its reopening when the employment changes, and the
 * employment screen's warning read it.
 */
export function checkIsMarginRefusedToStudent(employmentStatus: unknown, securities: unknown): boolean {
  return employmentStatus === 'student' && securities === 'margin';
}
export const TRADING_MARKETS = ['HK', 'US'] as const;

/**
 * What the 65+ margin applicant's proof is (spec §4: "proof of assets or income"; the spec lists no
 * kinds, these are the documents a Hong Kong broker usually takes for it): a bank statement, a
 * securities account statement, an MPF / ORSO / annuity statement (most applicants here are
 * retired), an employer's letter or payslip, an Inland Revenue tax demand note. The rules about the
 * proof are in ./account-rules.ts.
 */
export const ASSET_PROOF_TYPES = [
  'bank_statement',
  'securities_statement',
  'pension_statement',
  'salary_proof',
  'tax_demand_note',
] as const;

/**
 * The account type's saved answers, once (issue #13: the definition and the form each had one, and
 * they disagreed on the proof's type and on an empty list of markets): drafts are parsed by it and
 * every write of the step's answers goes through it; the form (./form.ts) adds what a confirmation
 * needs.
 */
export const ACCOUNT_TYPE_ANSWERS = z.partial(
  z.object({
    securities: z.enum(SECURITIES_ACCOUNT_TYPES),
    markets: z.array(z.enum(TRADING_MARKETS)).check(z.maxLength(2)),
    futures: z.boolean(),
    // spec §4/§5: the asset or income proof of a margin applicant aged 65 or over
    asset_proof_type: z.enum(ASSET_PROOF_TYPES),
    asset_proof_amount_cents: z.number().check(z.int(), z.minimum(0)),
    asset_proof_issued_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  }),
);

/**
 * Account type (spec §1, §3, §4): securities cash or margin, markets HK and/or US, an optional
 * futures account. The margin rules are re-run when a later step changes what they rest on:
 * employment (a student cannot have margin), the birth date (65 or over needs an asset proof) and
 * the derivatives knowledge (futures needs it).
 */
export const accountTypeStep: StepDefinition = {
  id: 'account_type',
  stage: 30,
  answers: ACCOUNT_TYPE_ANSWERS,
  sealedFields: [],
  documents: [{ kind: 'asset_proof', min: 0, max: 3 }],
  appliesTo: always,
  dependsOn: [
    {
      on: 'employment',
      fields: ['status'],
      when: (employment, own) => checkIsMarginRefusedToStudent(employment.status, own.securities),
      reason: 'margin_not_for_students',
    },
    {
      on: 'identity',
      fields: ['birth_date'],
      when: (_identity, own) => own.securities === 'margin',
      reason: 'birth_date_changed',
    },
    {
      on: 'investment',
      fields: ['derivatives_knowledge'],
      when: (investment, own) =>
        own.futures === true &&
        !(Array.isArray(investment.derivatives_knowledge) && investment.derivatives_knowledge.length > 0),
      reason: 'futures_needs_derivatives_knowledge',
    },
  ],
};
