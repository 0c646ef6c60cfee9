import { describe, expect, it } from 'vitest';
import { checkCanChangeStep } from '../status-machine';
import { applicantNameOfSnapshot, changedItemKeys, reviewItemsOfSnapshot } from './items';

const snapshot = (
  over: { address?: Record<string, unknown>; docs?: { id: string; sha256: string }[] } = {},
) => ({
  steps: [
    { step: 'review', answers: {}, sealed: {} },
    { step: 'address', answers: over.address ?? { district: 'sha_tin' }, sealed: {} },
    {
      step: 'identity',
      answers: { chinese_name: '陳大文', english_surname: 'CHAN', english_given_name: 'Tai Man' },
      sealed: { id_number: { sealed: 'x', hash: 'h', masked: 'A12****(3)' } },
    },
    { step: 'not_a_step', answers: {} },
  ],
  documents: (over.docs ?? [{ id: 'd1', sha256: 'a' }]).map((d) => ({
    ...d,
    step: 'identity',
    kind: 'id_front',
    mime: 'image/jpeg',
    size: 3,
  })),
});

describe('review items of a snapshot (issue #14)', () => {
  it('lists each step but the review, its documents after it, in flow order; unknown steps left out', () => {
    expect(reviewItemsOfSnapshot(snapshot())).toEqual([
      { kind: 'step', step: 'identity' },
      { kind: 'document', step: 'identity', documentId: 'd1', documentKind: 'id_front' },
      { kind: 'step', step: 'address' },
    ]);
    expect(reviewItemsOfSnapshot(null)).toEqual([]);
    expect(reviewItemsOfSnapshot({ steps: 'x', documents: [1] })).toEqual([]);
  });
  it('marks what changed since the previous submission: answers, and documents not in it', () => {
    expect(changedItemKeys(undefined, snapshot())).toEqual(new Set());
    expect(changedItemKeys(snapshot(), snapshot())).toEqual(new Set());
    const next = snapshot({ address: { district: 'central' }, docs: [{ id: 'd2', sha256: 'b' }] });
    expect(changedItemKeys(snapshot(), next)).toEqual(new Set(['step:address', 'document:d2']));
  });
  it("reads the applicant's name from the identity answers", () => {
    expect(applicantNameOfSnapshot(snapshot())).toBe('陳大文 / CHAN Tai Man');
    expect(applicantNameOfSnapshot({})).toBe('—');
  });
  it('while returned (-1) only unconfirmed steps change; while filling in, any; once submitted, none', () => {
    expect(checkCanChangeStep(0, true)).toBe(true);
    expect(checkCanChangeStep(-1, false)).toBe(true);
    expect(checkCanChangeStep(-1, true)).toBe(false);
    expect(checkCanChangeStep(1, false)).toBe(false);
    expect(checkCanChangeStep(-2, false)).toBe(false);
  });
});

describe('the fields that changed in a step', () => {
  it('lists each changed, added and removed line, current order first', async () => {
    const { fieldChanges } = await import('./items');
    expect(
      fieldChanges(
        [
          { label: 'Email', value: 'a@example.com' },
          { label: 'District', value: 'Wan Chai' },
          { label: 'Floor', value: '12' },
        ],
        [
          { label: 'District', value: 'Sha Tin' },
          { label: 'Email', value: 'a@example.com' },
          { label: 'Flat', value: 'A' },
        ],
      ),
    ).toEqual([
      { label: 'District', before: 'Wan Chai', after: 'Sha Tin' },
      { label: 'Flat', before: null, after: 'A' },
      { label: 'Floor', before: '12', after: null },
    ]);
    expect(fieldChanges([{ label: 'A', value: '1' }], [{ label: 'A', value: '1' }])).toEqual([]);
  });
});

describe('a sealed value typed again with the same value', () => {
  const withSealed = (cipher: string, hash: string) => ({
    steps: [
      {
        step: 'identity',
        answers: { gender: 'M' },
        sealed: { id_number: { cipher, hash, masked: 'A1****(3)' } },
      },
    ],
    documents: [],
  });
  it('is no change (sealed anew: another ciphertext, the same lookup hash); another value is one', () => {
    expect(changedItemKeys(withSealed('c1', 'h1'), withSealed('c2', 'h1'))).toEqual(new Set());
    expect(changedItemKeys(withSealed('c1', 'h1'), withSealed('c2', 'h2'))).toEqual(
      new Set(['step:identity']),
    );
  });
});
