import { describe, expect, it } from 'vitest';
import { decisionsToCarryOver } from './carry-over';

describe('decisions carried over to a re-submission', () => {
  const previous = [
    { itemKey: 'step:identity', verdict: 'approved' as const },
    { itemKey: 'document:front-1', verdict: 'revision' as const },
    { itemKey: 'step:address', verdict: 'approved' as const },
    { itemKey: 'step:bank', verdict: 'approved' as const },
  ];
  it('keeps approvals of unchanged items the new submission still has, nothing else', () => {
    const current = new Set(['step:identity', 'document:front-2', 'step:address']);
    const changed = new Set(['step:address', 'document:front-2']);
    expect(decisionsToCarryOver(previous, current, changed).map((d) => d.itemKey)).toEqual(['step:identity']);
  });
  it('never carries a return for revision, even when the item did not change', () => {
    const current = new Set(['document:front-1']);
    expect(decisionsToCarryOver(previous, current, new Set())).toEqual([]);
  });
});
