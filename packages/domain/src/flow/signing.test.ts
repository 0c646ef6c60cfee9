import { describe, expect, it } from 'vitest';
import { answersHashForSigning, checkSignatureStrokes, type SigningStep } from './signing';

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

describe('checkSignatureStrokes', () => {
  const pad = { width: 400, height: 200 };
  const line = (x0: number, y0: number, x1: number, y1: number, n = 20) => ({
    points: Array.from({ length: n }, (_, i) => ({
      x: x0 + ((x1 - x0) * i) / (n - 1),
      y: y0 + ((y1 - y0) * i) / (n - 1),
      time: i * 10,
    })),
  });

  it('accepts a signature across a good part of the pad', () => {
    expect(checkSignatureStrokes([line(40, 60, 300, 150)], pad)).toBeNull();
  });

  it('calls no points, or a dot, blank', () => {
    expect(checkSignatureStrokes([], pad)).toBe('signature_blank');
    expect(checkSignatureStrokes([line(100, 100, 101, 101, 3)], pad)).toBe('signature_blank');
  });

  it('calls a scribble under a quarter of the width, or a flat line, too small', () => {
    expect(checkSignatureStrokes([line(100, 60, 190, 150)], pad)).toBe('signature_too_small');
    expect(checkSignatureStrokes([line(20, 100, 380, 105)], pad)).toBe('signature_too_small');
    expect(checkSignatureStrokes([line(100, 60, 200, 150)], pad)).toBeNull();
  });

  it('refuses an impossible pad or points far outside it', () => {
    expect(checkSignatureStrokes([line(40, 60, 300, 150)], { width: 50, height: 200 })).toBe(
      'signature_invalid',
    );
    expect(checkSignatureStrokes([line(40, 60, 3000, 150)], pad)).toBe('signature_invalid');
    expect(checkSignatureStrokes([{ points: [{ x: Number.NaN, y: 1, time: 0 }] }], pad)).toBe(
      'signature_invalid',
    );
  });
});
