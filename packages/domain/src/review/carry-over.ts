// A re-submission's review starts from the last one (issue #14): an item approved then and not
// changed since keeps its approval (who decided it and when), so the reviewer decides what the
// applicant changed and what was left open, not everything again. A returned item, a changed one
// or a new document starts pending.

export interface PriorDecision {
  itemKey: string;
  verdict: string;
}

/**
 * The previous case's decisions that carry over to the new case: approved, about an item the new
 * submission still has, and not changed since (`changed`: changedItemKeys of the two snapshots).
 */
export function decisionsToCarryOver<D extends PriorDecision>(
  previous: readonly D[],
  currentKeys: ReadonlySet<string>,
  changed: ReadonlySet<string>,
): D[] {
  return previous.filter(
    (d) => d.verdict === 'approved' && currentKeys.has(d.itemKey) && !changed.has(d.itemKey),
  );
}
