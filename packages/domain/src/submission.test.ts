import { describe, expect, it } from 'vitest';
import type { StepId } from './steps/types';
import { buildSubmission, canonicalJson, type SubmissionInput, verifySubmission } from './submission';

const input: SubmissionInput = {
  applicationId: '6f1c7f1e-0000-4000-8000-000000000001',
  number: 1,
  submittedAt: '2026-11-26T04:00:00.000Z',
  markets: ['HKMargin'],
  steps: [
    {
      step: 'account_type' as StepId,
      version: 2,
      confirmedAt: '2026-11-26T03:00:00.000Z',
      answers: { securities: 'cash', markets: ['HK'] },
      sealed: {},
    },
    {
      step: 'identity' as StepId,
      version: 3,
      confirmedAt: '2026-11-26T02:00:00.000Z',
      answers: { english_surname: 'CHAN', id_type: 'hk_id' },
      sealed: { id_number: { sealed: 'v1.abc', hash: 'h', masked: 'A1****3' } },
    },
  ],
  documents: [
    { id: 'b', step: 'identity', kind: 'id_front', sha256: 'f'.repeat(64), mime: 'image/jpeg', size: 10 },
    { id: 'a', step: 'identity', kind: 'id_back', sha256: 'e'.repeat(64), mime: 'image/jpeg', size: 11 },
  ],
  agreements: { 'user-agreement': '2026-11-01' },
};

describe('buildSubmission', () => {
  it('puts steps in flow order and documents in a fixed order', () => {
    const { snapshot } = buildSubmission(input);
    expect((snapshot.steps as { step: string }[]).map((s) => s.step)).toEqual(['identity', 'account_type']);
    expect((snapshot.documents as { kind: string }[]).map((d) => d.kind)).toEqual(['id_back', 'id_front']);
  });

  it('hashes the content only: the same answers in another order give the same SHA-256', () => {
    const a = buildSubmission(input);
    const b = buildSubmission({
      ...input,
      steps: [...input.steps].reverse(),
      documents: [...input.documents].reverse(),
    });
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(b.sha256).toBe(a.sha256);
  });

  it('any change of content changes the hash, and verification notices', () => {
    const a = buildSubmission(input);
    const changed = buildSubmission({ ...input, number: 2 });
    expect(changed.sha256).not.toBe(a.sha256);
    expect(verifySubmission(a.snapshot, a.sha256)).toBe(true);
    const tampered = JSON.parse(JSON.stringify(a.snapshot));
    tampered.steps[0].answers.english_surname = 'WONG';
    expect(verifySubmission(tampered, a.sha256)).toBe(false);
  });

  it('keeps sealed answers sealed', () => {
    const text = JSON.stringify(buildSubmission(input).snapshot);
    expect(text).toContain('v1.abc');
    expect(text).toContain('A1****3');
  });

  it('refuses a number below 1', () => {
    expect(() => buildSubmission({ ...input, number: 0 })).toThrow();
  });

  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"z":1}]},"b":1}',
    );
  });
});
