import { describe, expect, it } from 'vitest';
import { PAGE_STATES, parsePageState, submitLabelKey } from './page-state';

describe('page state (spec §2)', () => {
  it('reads the four states and nothing else', () => {
    for (const s of PAGE_STATES) expect(parsePageState(s)).toBe(s);
    expect(parsePageState(null)).toBeNull();
    expect(parsePageState('')).toBeNull();
    expect(parsePageState('REFUSED')).toBeNull();
    expect(parsePageState('approved')).toBeNull();
  });

  it('labels the button as spec §2 says, with the screen’s own label without a state', () => {
    expect(submitLabelKey('refused')).toBe('submit_refused');
    expect(submitLabelKey('submitted')).toBe('submit_submitted');
    expect(submitLabelKey('edit')).toBe('submit_edit');
    expect(submitLabelKey('unsubmit')).toBe('submit');
    expect(submitLabelKey(null)).toBe('next');
    expect(submitLabelKey(null, 'submit')).toBe('submit');
    expect(submitLabelKey('edit', 'submit')).toBe('submit_edit');
  });
});
