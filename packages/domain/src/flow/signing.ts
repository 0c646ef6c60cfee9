// What a handwritten signature is bound to (issue #7 §4): one SHA-256 over the answers of every
// step it covers. The signing call stores it with the signature; submit recomputes it and refuses
// a signature whose hash no longer matches (2017 SIGNATURE_STALE). Pure, Node and browser alike.

import type { StepId } from '../steps/types';
import { canonicalJson, sha256Hex } from '../submission';

/** Steps a signature does not cover: itself and the review after it. */
export const UNSIGNED_STEPS: readonly StepId[] = ['signature', 'review'];

/**
 * A sealed answer as the signing hash sees it: its look-up hash when it has one, otherwise the
 * ciphertext (each save seals afresh, so a changed value always changes it). Never the plain value.
 */
export interface SignedSealedValue {
  hash: string | null;
  sealed?: string;
}

export interface SigningStep {
  step: StepId;
  answers: Readonly<Record<string, unknown>>;
  sealed?: Readonly<Record<string, SignedSealedValue>>;
}

function sealedDigest(v: SignedSealedValue): string {
  if (v.hash) return v.hash;
  return `c:${sha256Hex(v.sealed ?? '')}`;
}

/**
 * SHA-256 (hex) over the canonical JSON of every step's answers except signature and review:
 * steps sorted by id, keys sorted at every depth, sealed fields by a digest (never the value).
 * Steps with neither answers nor sealed values (a row only locked, never written) count as absent.
 */
export function answersHashForSigning(steps: readonly SigningStep[]): string {
  const covered = steps
    .filter((s) => !UNSIGNED_STEPS.includes(s.step))
    .map((s) => {
      const sealed = Object.fromEntries(
        Object.entries(s.sealed ?? {}).map(([k, v]) => [k, sealedDigest(v)] as const),
      );
      return { step: s.step, answers: s.answers ?? {}, sealed };
    })
    .filter((s) => Object.keys(s.answers).length + Object.keys(s.sealed).length > 0)
    .sort((a, b) => (a.step < b.step ? -1 : a.step > b.step ? 1 : 0));
  return sha256Hex(canonicalJson({ format: 1, steps: covered }));
}
