import { describe, expect, it } from 'vitest';
import { FLOW_STAGES, progressButtonKey, progressButtonKeyForStep } from '../progress';
import {
  applicableSteps,
  changedFields,
  computeCompletedProgress,
  computeInfoProgress,
  firstUnfinishedStep,
  missingDocuments,
  STEPS,
  stepById,
  stepOfDocumentKind,
  stepsToReopen,
} from './registry';
import {
  type ApplicationFacts,
  REOPEN_REASONS,
  STEP_IDS,
  STEP_STAGES,
  type StepDefinition,
  type StepId,
} from './types';

const facts = (answers: ApplicationFacts['answers'] = {}): ApplicationFacts => ({
  markets: ['HKMargin'],
  answers,
});
const done = (...ids: StepId[]) => new Set<StepId>(ids);
const ALL_BUT_REVIEW = STEP_IDS.filter((s) => s !== 'review');

describe('the registry (issue #5 §1)', () => {
  it('lists every step once, in flow order', () => {
    expect(STEPS.map((s) => s.id)).toEqual(STEP_IDS);
    expect(new Set(STEP_IDS).size).toBe(STEP_IDS.length);
  });

  it('gives each step its spec §4 stage (the review none)', () => {
    for (const s of STEPS) expect(s.stage === null, s.id).toBe(s.id === 'review');
  });

  it("agrees with STEP_STAGES, the table the login page's progress button reads", () => {
    expect(Object.fromEntries(STEPS.map((s) => [s.id, s.stage]))).toEqual(STEP_STAGES);
  });

  it('stages only grow along the flow, and every display stage has a step', () => {
    const stages = STEPS.map((s) => s.stage).filter((s) => s !== null);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    for (const s of FLOW_STAGES) expect(stages).toContain(s.progress);
  });

  it('seals identity, tax and bank numbers', () => {
    expect(stepById('identity').sealedFields).toEqual(['id_number']);
    expect(stepById('tax').sealedFields).toEqual(['tins']);
    expect(stepById('bank').sealedFields).toEqual(['card_number', 'reserved_phone']);
  });

  it('a document kind belongs to exactly one step', () => {
    const kinds = STEPS.flatMap((s) => s.documents.map((d) => d.kind));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(stepOfDocumentKind('id_front')?.id).toBe('identity');
    expect(stepOfDocumentKind('address_proof')?.id).toBe('address');
    expect(stepOfDocumentKind('passport_scan')).toBeNull();
  });

  it('dependencies name real steps and reasons', () => {
    for (const step of STEPS)
      for (const d of step.dependsOn) {
        if (d.on !== '*') expect(STEP_IDS).toContain(d.on);
        expect(REOPEN_REASONS).toContain(d.reason);
      }
  });
});

describe('identity step: both ID photos required (spec §5)', () => {
  const identity = stepById('identity');
  it.each([
    [{}, ['id_front', 'id_back']],
    [{ id_front: 1 }, ['id_back']],
    [{ id_back: 1 }, ['id_front']],
    [{ id_front: 1, id_back: 1 }, []],
  ])('%j → missing %j', (counts, missing) => {
    expect(missingDocuments(identity, counts)).toEqual(missing);
  });
  it('address needs at least one proof', () => {
    expect(missingDocuments(stepById('address'), {})).toEqual(['address_proof']);
    expect(missingDocuments(stepById('address'), { address_proof: 2 })).toEqual([]);
  });
});

describe('info_progress and the next step come from the registry', () => {
  // decision 011: info_progress is the stage the person is in, so that spec §2's table of labels
  // ("up to 10: continue uploading ID", "up to 30: account type", …) names it at every percentage
  it('is the stage of the first unconfirmed step: 10 while the ID stage is open, 30 at the account type', () => {
    expect(computeInfoProgress(done(), facts())).toBe(10);
    expect(computeInfoProgress(done('identity'), facts())).toBe(10);
    expect(computeInfoProgress(done('identity', 'address'), facts())).toBe(30);
    expect(computeInfoProgress(done('identity', 'address', 'account_type'), facts())).toBe(50);
    const upToInvestment = done(...STEP_IDS.slice(0, STEP_IDS.indexOf('investment') + 1));
    expect(computeInfoProgress(upToInvestment, facts())).toBe(60);
    expect(computeInfoProgress(done(...upToInvestment, 'risk_disclosure', 'identity_media'), facts())).toBe(
      90,
    );
    expect(
      computeInfoProgress(done(...upToInvestment, 'risk_disclosure', 'identity_media', 'bank'), facts()),
    ).toBe(100);
  });

  it('each boundary reads as the spec §2 label of the stage the person is in', () => {
    const at = (...steps: StepId[]) => progressButtonKey(computeInfoProgress(done(...steps), facts()));
    expect(at()).toBe('progress_continue_id');
    expect(at('identity')).toBe('progress_continue_id');
    expect(at('identity', 'address')).toBe('progress_account_type');
    expect(at('identity', 'address', 'account_type')).toBe('progress_personal_info');
    const part1 = ALL_BUT_REVIEW.slice(0, ALL_BUT_REVIEW.indexOf('risk_disclosure'));
    expect(at(...part1)).toBe('progress_risk_disclosure');
    expect(at(...part1, 'risk_disclosure', 'identity_media')).toBe('progress_bank_card');
    expect(at(...part1, 'risk_disclosure', 'identity_media', 'bank')).toBe('progress_signature');
    expect(at(...ALL_BUT_REVIEW)).toBe('progress_signature');
  });

  it('stops at the first gap', () => {
    expect(computeInfoProgress(done('address', 'account_type'), facts())).toBe(10);
    expect(computeInfoProgress(done('identity', 'account_type', 'personal'), facts())).toBe(10);
    expect(computeCompletedProgress(done('address', 'account_type'), facts())).toBe(0);
    expect(computeCompletedProgress(done('identity', 'account_type', 'personal'), facts())).toBe(10);
  });

  it('how far the person got ("completed N%") is the stage of the last step confirmed without a gap', () => {
    expect(computeCompletedProgress(done(), facts())).toBe(0);
    expect(computeCompletedProgress(done('identity'), facts())).toBe(10);
    expect(computeCompletedProgress(done('identity', 'address', 'account_type'), facts())).toBe(30);
  });

  it('is 100 when every step is done, and the review is what is left', () => {
    expect(computeInfoProgress(done(...ALL_BUT_REVIEW), facts())).toBe(100);
    expect(computeCompletedProgress(done(...ALL_BUT_REVIEW), facts())).toBe(100);
    expect(firstUnfinishedStep(done(...ALL_BUT_REVIEW), facts())).toBe('review');
    expect(firstUnfinishedStep(done(...STEP_IDS), facts())).toBeNull();
  });

  it('the first unfinished step is the first gap', () => {
    expect(firstUnfinishedStep(done(), facts())).toBe('identity');
    expect(firstUnfinishedStep(done('identity'), facts())).toBe('address');
    expect(firstUnfinishedStep(done('identity', 'address', 'personal'), facts())).toBe('account_type');
  });

  it('skips steps that do not apply', () => {
    // a registry in which the tax step applies only with the US market
    const steps: StepDefinition[] = STEPS.map((s) =>
      s.id === 'tax' ? { ...s, appliesTo: (f) => f.markets.includes('USMargin') } : s,
    );
    const upToInvestment = done(...STEP_IDS.slice(0, STEP_IDS.indexOf('tax')));
    expect(firstUnfinishedStep(upToInvestment, facts(), steps)).toBe('declarations');
    expect(firstUnfinishedStep(upToInvestment, { ...facts(), markets: ['USMargin'] }, steps)).toBe('tax');
    expect(applicableSteps(facts(), steps).map((s) => s.id)).not.toContain('tax');
  });

  it('the progress button label follows the next step (spec §2 labels)', () => {
    expect(progressButtonKeyForStep('identity')).toBe('progress_continue_id');
    expect(progressButtonKeyForStep('address')).toBe('progress_continue_id');
    expect(progressButtonKeyForStep('account_type')).toBe('progress_account_type');
    expect(progressButtonKeyForStep('investment')).toBe('progress_personal_info');
    expect(progressButtonKeyForStep('identity_media')).toBe('progress_risk_disclosure');
    expect(progressButtonKeyForStep('bank')).toBe('progress_bank_card');
    expect(progressButtonKeyForStep('signature')).toBe('progress_signature');
    expect(progressButtonKeyForStep(null)).toBe(progressButtonKey(100));
  });
});

describe('dependencies: what a change reopens, and why', () => {
  const everything = done(...ALL_BUT_REVIEW);
  const base = facts({
    identity: { english_surname: 'CHAN', birth_date: '1990-01-01' },
    account_type: { securities: 'margin', markets: ['HK'], futures: false },
    employment: { status: 'employed' },
  });

  it('a name or ID change reopens bank and signature, nothing else', () => {
    for (const field of ['english_surname', 'english_given_name', 'chinese_name', 'id_number']) {
      expect(stepsToReopen({ step: 'identity', fields: [field] }, everything, base)).toEqual([
        { step: 'bank', reason: 'name_or_id_changed' },
        { step: 'signature', reason: 'name_or_id_changed' },
      ]);
    }
  });

  it('a new kind of ID or nationality reopens tax too (US person, W-8BEN citizenship)', () => {
    for (const field of ['id_type', 'nationality'])
      expect(stepsToReopen({ step: 'identity', fields: [field] }, everything, base)).toContainEqual({
        step: 'tax',
        reason: 'name_or_id_changed',
      });
  });

  it('a new ID number reopens tax only when a TIN was taken from it (tin_from_id)', () => {
    const fromId = {
      ...base,
      answers: { ...base.answers, tax: { tax_residencies: [{ country: 'HK', tin_from_id: true }] } },
    };
    expect(stepsToReopen({ step: 'identity', fields: ['id_number'] }, everything, fromId)).toContainEqual({
      step: 'tax',
      reason: 'name_or_id_changed',
    });
  });

  it('an employment change to student reopens a margin account type (and the signature)', () => {
    const student = { ...base, answers: { ...base.answers, employment: { status: 'student' } } };
    expect(stepsToReopen({ step: 'employment', fields: ['status'] }, everything, student)).toEqual([
      { step: 'account_type', reason: 'margin_not_for_students' },
      { step: 'signature', reason: 'changed_after_signing' },
    ]);
  });

  it('a student with a cash account, or a change to retired, leaves the account type alone', () => {
    const cash = {
      ...base,
      answers: {
        ...base.answers,
        employment: { status: 'student' },
        account_type: { securities: 'cash', markets: ['HK'] },
      },
    };
    expect(stepsToReopen({ step: 'employment', fields: ['status'] }, done('account_type'), cash)).toEqual([]);
    const retired = { ...base, answers: { ...base.answers, employment: { status: 'retired' } } };
    expect(stepsToReopen({ step: 'employment', fields: ['status'] }, done('account_type'), retired)).toEqual(
      [],
    );
  });

  it('a change of markets reopens tax (W-8BEN) and signature', () => {
    const us = {
      ...base,
      answers: { ...base.answers, account_type: { securities: 'margin', markets: ['HK', 'US'] } },
    };
    const reopened = stepsToReopen({ step: 'account_type', fields: ['markets'] }, everything, us);
    expect(reopened).toContainEqual({ step: 'tax', reason: 'markets_changed' });
    expect(reopened).toContainEqual({ step: 'signature', reason: 'markets_changed' });
  });

  it('any change after signing reopens the signature', () => {
    expect(stepsToReopen({ step: 'financial', fields: ['income_band'] }, everything, base)).toEqual([
      { step: 'signature', reason: 'changed_after_signing' },
    ]);
    expect(stepsToReopen({ step: 'address', fields: ['detail'] }, done('signature'), base)).toEqual([
      { step: 'signature', reason: 'changed_after_signing' },
    ]);
  });

  it('only confirmed steps are reopened, and never the changed step itself', () => {
    expect(stepsToReopen({ step: 'identity', fields: ['english_surname'] }, done('identity'), base)).toEqual(
      [],
    );
    expect(stepsToReopen({ step: 'identity', fields: ['english_surname'] }, done('bank'), base)).toEqual([
      { step: 'bank', reason: 'name_or_id_changed' },
    ]);
  });

  it('nothing changed, nothing reopened', () => {
    expect(stepsToReopen({ step: 'identity', fields: [] }, everything, base)).toEqual([]);
  });

  it('futures without derivatives knowledge reopens the account type', () => {
    const withFutures = {
      ...base,
      answers: {
        ...base.answers,
        account_type: { securities: 'cash', markets: ['HK'], futures: true },
        investment: { derivatives_knowledge: [] },
      },
    };
    expect(
      stepsToReopen(
        { step: 'investment', fields: ['derivatives_knowledge'] },
        done('account_type'),
        withFutures,
      ),
    ).toEqual([{ step: 'account_type', reason: 'futures_needs_derivatives_knowledge' }]);
  });

  it('changedFields names what differs, deeply', () => {
    expect(changedFields({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], d: true })).toEqual(['b', 'c', 'd']);
    expect(changedFields({ a: null }, {})).toEqual([]);
  });
});
