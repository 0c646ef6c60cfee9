import * as z from 'zod/mini';
import { draftText } from '../text';
import { always, type StepDefinition } from './types';

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
 * Account type (spec §1, §3, §4): securities cash or margin, markets HK and/or US, an optional
 * futures account. The margin rules are re-run when a later step changes what they rest on:
 * employment (a student cannot have margin), the birth date (65 or over needs an asset proof) and
 * the derivatives knowledge (futures needs it).
 */
export const accountTypeStep: StepDefinition = {
  id: 'account_type',
  stage: 30,
  answers: z.partial(
    z.object({
      securities: z.enum(SECURITIES_ACCOUNT_TYPES),
      markets: z.array(z.enum(TRADING_MARKETS)).check(z.minLength(1), z.maxLength(2)),
      futures: z.boolean(),
      // spec §4/§5: the asset or income proof of a margin applicant aged 65 or over
      // (flow/account-rules.ts ASSET_PROOF_TYPES; kept loose here so the registry stays off flow/)
      asset_proof_type: draftText(40),
      asset_proof_amount_cents: z.number().check(z.int(), z.minimum(0)),
      asset_proof_issued_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  ),
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
