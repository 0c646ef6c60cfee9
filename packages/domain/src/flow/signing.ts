// What a handwritten signature is bound to (issue #7 §4): one SHA-256 over the answers of every
// step it covers. The signing call stores it with the signature; submit recomputes it and refuses
// a signature whose hash no longer matches (2017 SIGNATURE_STALE). Pure, Node and browser alike.

import type { StepId } from '../steps/types';
import { canonicalJson, sha256Hex } from '../submission';

/** The documents signed at the signature step, in signing order (texts: flow/agreements.ts). */
export const AGREEMENT_IDS = [
  'client_agreement',
  'risk_disclosure_ack',
  'pics',
  'crs',
  'w8ben',
  'hkidr_consent',
] as const;
export type AgreementId = (typeof AGREEMENT_IDS)[number];

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

/** A point of signature_pad's `toData()`: CSS pixels on the pad, a time in ms, a pressure. */
export interface SignaturePoint {
  x: number;
  y: number;
  time: number;
  pressure?: number | undefined;
}
export interface SignatureStroke {
  points: readonly SignaturePoint[];
}

/**
 * What the server takes as a handwritten signature (docs/api/steps.md, signature). Strokes and the
 * pad size come from the client, so their limits also bound what is stored.
 */
export const SIGNATURE_LIMITS = {
  /** At least this many points in all: a dot or a tick is not a signature. */
  minPoints: 15,
  /** Ink across at least a quarter of the pad's width… */
  minWidthRatio: 0.25,
  /** …and at least this share of its height, and never under `minHeightPx`. */
  minHeightRatio: 0.1,
  minHeightPx: 16,
  maxStrokes: 100,
  maxPoints: 5000,
  /** The points' times span at most an hour (ms; signature_pad gives Date.now() per point). */
  maxDrawMs: 60 * 60 * 1000,
  /** The pad's CSS size: a phone in portrait gives ~340×200, a tablet in landscape ~1000×400. */
  padMinWidth: 200,
  padMaxWidth: 2400,
  padMinHeight: 100,
  padMaxHeight: 1600,
  /** The PNG as sent: a real PNG of at most this size and these pixel dimensions. */
  pngMaxBytes: 400_000,
  pngMinBytes: 100,
  pngMaxPx: 4800,
} as const;

export type SignatureProblem = 'signature_blank' | 'signature_too_small' | 'signature_invalid';

/**
 * Judges the strokes against the pad they were drawn on: blank (no or too few points), too small
 * (its box under a quarter of the pad's width or under the minimum height), or invalid (a pad
 * of impossible size, points far outside it, too many points).
 */
export function checkSignatureStrokes(
  strokes: readonly SignatureStroke[],
  pad: { width: number; height: number },
): SignatureProblem | null {
  const L = SIGNATURE_LIMITS;
  if (
    !(pad.width >= L.padMinWidth && pad.width <= L.padMaxWidth) ||
    !(pad.height >= L.padMinHeight && pad.height <= L.padMaxHeight)
  )
    return 'signature_invalid';
  if (strokes.length > L.maxStrokes) return 'signature_invalid';
  const points = strokes.flatMap((s) => s.points);
  if (points.length > L.maxPoints) return 'signature_invalid';
  if (points.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) return 'signature_invalid';
  // times within one sitting, a pressure in PointerEvent's 0..1: numbers that stay finite once stored
  const times = points.map((p) => p.time);
  if (times.some((t) => !Number.isFinite(t)) || Math.max(...times) - Math.min(...times) > L.maxDrawMs)
    return 'signature_invalid';
  if (points.some((p) => p.pressure !== undefined && !(p.pressure >= 0 && p.pressure <= 1)))
    return 'signature_invalid';
  // a pen may run a little past the edge; far outside the pad is not a drawing
  const outside = points.some(
    (p) =>
      p.x < -pad.width * 0.1 || p.x > pad.width * 1.1 || p.y < -pad.height * 0.1 || p.y > pad.height * 1.1,
  );
  if (outside) return 'signature_invalid';
  if (points.length < L.minPoints) return 'signature_blank';
  const xs = points.map((p) => Math.min(Math.max(p.x, 0), pad.width));
  const ys = points.map((p) => Math.min(Math.max(p.y, 0), pad.height));
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  if (w < pad.width * L.minWidthRatio || h < Math.max(pad.height * L.minHeightRatio, L.minHeightPx))
    return 'signature_too_small';
  return null;
}
