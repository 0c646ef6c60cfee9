import { describe, expect, it } from 'vitest';
import type { ApplicationFacts, StepId } from '../steps/types';
import { STEP_IDS } from '../steps/types';
import { unconfirmedStepsBefore } from './step-forms';

const facts: ApplicationFacts = { markets: ['HKMargin'], answers: {} };
const order = STEP_IDS as readonly StepId[];
const upTo = (id: StepId) => new Set(order.slice(0, order.indexOf(id)));

describe('unconfirmedStepsBefore ("earlier steps first", once)', () => {
  it('nothing stands before the ID step; everything filled online stands before a later one', () => {
    expect(unconfirmedStepsBefore('identity', new Set(), facts)).toEqual([]);
    const before = unconfirmedStepsBefore('bank', new Set(), facts);
    expect(before[0]).toBe('identity');
    expect(before).toContain('address');
    // the recording has its own call: a form step after it does not wait for it here
    expect(before).not.toContain('risk_disclosure');
    expect(before).not.toContain('bank');
  });

  it('is empty once every earlier step is confirmed, and names the one left otherwise', () => {
    expect(unconfirmedStepsBefore('bank', upTo('bank'), facts)).toEqual([]);
    const confirmed = upTo('bank');
    confirmed.delete('address');
    expect(unconfirmedStepsBefore('bank', confirmed, facts)).toEqual(['address']);
  });

  it('the signature counts every applicable step before it, the recording included', () => {
    const confirmed = upTo('signature');
    confirmed.delete('risk_disclosure');
    expect(unconfirmedStepsBefore('signature', confirmed, facts, 'all')).toEqual(['risk_disclosure']);
    expect(unconfirmedStepsBefore('signature', confirmed, facts)).toEqual([]);
  });
});
