import { describe, expect, it } from 'vitest';
import { answersHashForSigning, type SigningStep } from './signing';

const base: SigningStep[] = [
  {
    step: 'identity',
    answers: { name_en: 'CHAN TAI MAN', birth: '1990-01-01' },
    sealed: { id_number: { hash: 'h1' } },
  },
  { step: 'address', answers: { line1: '1 Queen’s Road' } },
  { step: 'signature', answers: { answers_hash: 'x' } },
];

describe('answersHashForSigning', () => {
  it('is a 64-hex SHA-256 that does not depend on step or key order', () => {
    const a = answersHashForSigning(base);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    const reordered: SigningStep[] = [
      base[1] as SigningStep,
      {
        step: 'identity',
        answers: { birth: '1990-01-01', name_en: 'CHAN TAI MAN' },
        sealed: { id_number: { hash: 'h1' } },
      },
    ];
    expect(answersHashForSigning(reordered)).toBe(a);
  });

  it('ignores the signature and review steps and empty rows', () => {
    const a = answersHashForSigning(base);
    expect(
      answersHashForSigning([
        ...base.filter((s) => s.step !== 'signature'),
        { step: 'signature', answers: { answers_hash: 'other' } },
        { step: 'review', answers: { anything: 1 } },
        { step: 'bank', answers: {}, sealed: {} },
      ]),
    ).toBe(a);
  });

  it('changes when an answer changes', () => {
    const changed = base.map((s) =>
      s.step === 'address' ? { ...s, answers: { line1: '2 Queen’s Road' } } : s,
    );
    expect(answersHashForSigning(changed)).not.toBe(answersHashForSigning(base));
  });

  it('changes when a sealed value changes (by its hash, or its ciphertext without one), never reads the value', () => {
    const changed = base.map((s) =>
      s.step === 'identity' ? { ...s, sealed: { id_number: { hash: 'h2' } } } : s,
    );
    expect(answersHashForSigning(changed)).not.toBe(answersHashForSigning(base));
    const c1 = [{ step: 'tax' as const, answers: {}, sealed: { tin: { hash: null, sealed: 'v1:aaa' } } }];
    const c2 = [{ step: 'tax' as const, answers: {}, sealed: { tin: { hash: null, sealed: 'v1:bbb' } } }];
    expect(answersHashForSigning(c1)).not.toBe(answersHashForSigning(c2));
  });
});
