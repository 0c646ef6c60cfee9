// The account-type form (issue #6 step 2): what its schemas keep and refuse, the account type's
// rules through its check, and the dependencies that reopen the account type.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { STEP_FORMS, type StepFormContext } from '../../flow/step-forms';
import { stepsToReopen } from '../registry';
import type { ApplicationFacts, StepId } from '../types';
import { accountTypeStep } from './definition';
import { accountTypeForm } from './form';

const TODAY = '2026-05-15';
const ctx = (answers: ApplicationFacts['answers'] = {}, assetProofImages = 0): StepFormContext => ({
  today: TODAY,
  facts: { markets: [], answers },
  documentCounts: { asset_proof: assetProofImages },
});
const SENIOR = { identity: { birth_date: '1956-01-10' } };
const MARGIN = { securities: 'margin', markets: ['HK'], futures: false };
const PROOF = {
  asset_proof_type: 'bank_statement',
  asset_proof_amount_cents: 50_000_001,
  asset_proof_issued_on: '2026-05-01',
};

function confirmAccountType(answers: Record<string, unknown>, c: StepFormContext) {
  const parsed = z.safeParse(accountTypeForm.schema(c), answers);
  if (!parsed.success)
    return { fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])) };
  return { data: parsed.data, fields: accountTypeForm.check?.(parsed.data, c) ?? {} };
}

describe('account type form', () => {
  it('keeps the proof only while it is asked for (margin at 65 or over)', () => {
    expect(confirmAccountType({ ...MARGIN, ...PROOF }, ctx(SENIOR, 1))).toEqual({
      data: { ...MARGIN, ...PROOF },
      fields: {},
    });
    expect(confirmAccountType({ ...MARGIN, securities: 'cash', ...PROOF }, ctx(SENIOR, 1)).data).toEqual({
      ...MARGIN,
      securities: 'cash',
    });
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF }, ctx({ identity: { birth_date: '1990-01-01' } })).data,
    ).toEqual(MARGIN);
  });

  it('puts each rule at the field that offers its way out', () => {
    expect(confirmAccountType(MARGIN, ctx({ employment: { status: 'student' } })).fields).toEqual({
      securities: 'margin_not_for_students',
    });
    expect(confirmAccountType(MARGIN, ctx(SENIOR)).fields).toEqual({
      asset_proof: 'margin_needs_asset_proof',
    });
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF, asset_proof_type: undefined }, ctx(SENIOR, 1)).fields,
    ).toEqual({
      asset_proof_type: 'asset_proof_type_required',
    });
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF, asset_proof_type: 'diary' }, ctx(SENIOR, 1)).fields,
    ).toEqual({
      asset_proof_type: 'asset_proof_type_required',
    });
    // typed but nothing uploaded: no proof yet, and what was typed is checked at once
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF, asset_proof_amount_cents: 48_000_000 }, ctx(SENIOR, 0))
        .fields,
    ).toEqual({ asset_proof: 'margin_needs_asset_proof', asset_proof_amount_cents: 'asset_proof_too_low' });
    // an amount not given is asked for; one given too low is called so
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF, asset_proof_amount_cents: undefined }, ctx(SENIOR, 1)).fields,
    ).toEqual({ asset_proof_amount_cents: 'asset_proof_amount_invalid' });
    expect(
      confirmAccountType({ ...MARGIN, ...PROOF, asset_proof_amount_cents: 50_000_000 }, ctx(SENIOR, 1))
        .fields,
    ).toEqual({ asset_proof_amount_cents: 'asset_proof_too_low' });
    expect(
      confirmAccountType({ ...MARGIN, futures: true }, ctx({ investment: { derivatives_knowledge: [] } }))
        .fields,
    ).toEqual({ futures: 'futures_needs_derivatives_knowledge' });
    expect(
      confirmAccountType(
        { ...MARGIN, futures: true },
        ctx({ investment: { derivatives_knowledge: ['training'] } }),
      ).fields,
    ).toEqual({});
  });

  it('drafts take only real choices', () => {
    expect(
      z.safeParse(accountTypeForm.draft!, { securities: 'margin', asset_proof_type: 'bank_statement' })
        .success,
    ).toBe(true);
    expect(z.safeParse(accountTypeForm.draft!, { asset_proof_type: 'diary' }).success).toBe(false);
    expect(z.safeParse(accountTypeForm.draft!, { markets: ['JP'] }).success).toBe(false);
  });
});

describe('what reopens the account type', () => {
  const confirmed = new Set<StepId>(['identity', 'address', 'account_type', 'personal', 'employment']);
  const facts = (answers: ApplicationFacts['answers']): ApplicationFacts => ({ markets: [], answers });
  it('a change of birth date reopens a margin account type (the 65+ rule), not a cash one', () => {
    const margin = facts({ identity: { birth_date: '1956-01-10' }, account_type: MARGIN });
    expect(stepsToReopen({ step: 'identity', fields: ['birth_date'] }, confirmed, margin)).toContainEqual({
      step: 'account_type',
      reason: 'birth_date_changed',
    });
    const cash = facts({
      identity: { birth_date: '1956-01-10' },
      account_type: { ...MARGIN, securities: 'cash' },
    });
    expect(
      stepsToReopen({ step: 'identity', fields: ['birth_date'] }, confirmed, cash).map((r) => r.step),
    ).not.toContain('account_type');
  });
});

describe('account type: one schema for the saved answers (issue #13)', () => {
  it('the definition and the form draft are the same schema', () => {
    expect(STEP_FORMS.account_type?.draft).toBe(accountTypeStep.answers);
  });

  it('takes only a listed kind of asset proof', () => {
    const schema = accountTypeStep.answers!;
    expect(z.safeParse(schema, { asset_proof_type: 'bank_statement', markets: [] }).success).toBe(true);
    expect(z.safeParse(schema, { asset_proof_type: 'a letter from my aunt' }).success).toBe(false);
  });
});
