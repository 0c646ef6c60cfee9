import { describe, expect, it } from 'vitest';
import { swipeStep } from './swipe';

describe('swipe thresholds (spec §9)', () => {
  it('over 100 px at any speed, or over 15 px within 1 s', () => {
    expect(swipeStep(-101, 5000)).toBe(1);
    expect(swipeStep(101, 5000)).toBe(-1);
    expect(swipeStep(-100, 5000)).toBe(0);
    expect(swipeStep(-16, 999)).toBe(1);
    expect(swipeStep(16, 999)).toBe(-1);
    expect(swipeStep(-16, 1000)).toBe(0);
    expect(swipeStep(-15, 10)).toBe(0);
    expect(swipeStep(0, 10)).toBe(0);
  });
});
