import { describe, expect, it } from 'vitest';
import { applicableSteps, STEPS } from '../steps/registry';
import type { ApplicationFacts, StepId } from '../steps/types';
import { decideSubmit, stepsBlockingSubmission } from './submit';

const facts: ApplicationFacts = { markets: ['HKMargin'], answers: {} };
const applicable = applicableSteps(facts).map((s) => s.id);
const allDocs = Object.fromEntries(STEPS.flatMap((s) => s.documents.map((d) => [d.kind, d.min])));

describe('stepsBlockingSubmission (issue #7 step 5: 2009 names the first missing step)', () => {
  it('nothing confirmed: every applicable step but the review, in flow order', () => {
    const blocking = stepsBlockingSubmission(new Set(), facts, {});
    expect(blocking).toEqual(applicable.filter((s) => s !== 'review'));
    expect(blocking[0]).toBe('identity');
  });

  it('everything confirmed with its documents: nothing blocks', () => {
    expect(stepsBlockingSubmission(new Set<StepId>(applicable), facts, allDocs)).toEqual([]);
  });

  it('a confirmed step missing a required document blocks, at its place in the flow', () => {
    const blocking = stepsBlockingSubmission(new Set<StepId>(applicable), facts, {
      ...allDocs,
      address_proof: 0,
    });
    expect(blocking).toEqual(['address']);
    // with an unconfirmed later step too, the order is the flow's, not the cause's
    const confirmed = new Set<StepId>(applicable.filter((s) => s !== 'bank'));
    expect(stepsBlockingSubmission(confirmed, facts, { ...allDocs, address_proof: 0 })).toEqual([
      'address',
      'bank',
    ]);
  });

  it('uses the registry it is given (a smaller one in tests)', () => {
    const small = STEPS.filter((s) => s.id === 'identity' || s.id === 'review');
    expect(stepsBlockingSubmission(new Set(), facts, {}, small)).toEqual(['identity']);
    expect(stepsBlockingSubmission(new Set<StepId>(['identity']), facts, allDocs, small)).toEqual([]);
  });
});

describe('decideSubmit (idempotency, decided under the application lock)', () => {
  it.each([
    [0, false, { kind: 'new' }],
    [-1, false, { kind: 'new' }],
    [1, false, { kind: 'replay', of: 'already_submitted' }],
    [0, true, { kind: 'replay', of: 'same_key' }],
    [-1, true, { kind: 'replay', of: 'same_key' }],
    [1, true, { kind: 'replay', of: 'same_key' }],
    [2, false, { kind: 'locked' }],
    [3, false, { kind: 'locked' }],
    [5, false, { kind: 'locked' }],
    [2, true, { kind: 'replay', of: 'same_key' }],
  ])('status %i, key used before %s → %o', (status, keyAlreadyUsed, expected) => {
    expect(decideSubmit({ status, keyAlreadyUsed })).toEqual(expected);
  });
});
