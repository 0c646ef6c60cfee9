// What a handwritten signature is bound to (issue #7 §4): one SHA-256 over the answers of every
// step it covers. The signing call stores it with the signature; submit recomputes it and refuses
// a signature whose hash no longer matches (2017 SIGNATURE_STALE). Pure, Node and browser alike.

import { canonicalJson, sha256Hex } from '../../submission';
import type { StepId } from '../types';

/** The documents signed at the signature step, in signing order (texts: steps/signature/agreements.ts). */
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
 * What the server takes as a handwritten signature (docs/api/steps/signature.md). Strokes and the
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
  /** …and pixels in all (decoded as RGBA: 48 MB at most). */
  pngMaxPixels: 12_000_000,
  /**
   * The canvas is the pad × devicePixelRatio (the web pad uses max(ratio, 1), rounded): each side
   * between 1× and 4× the pad's, both sides scaled alike within this share.
   */
  canvasMinScale: 1,
  canvasMaxScale: 4,
  canvasAspectTolerance: 0.05,
  /**
   * Ink is what shows on the white page the image is printed on: a pixel's darkness over white
   * (alpha × (1 − luminance)) of at least this much. Anti-aliased edges fall under it.
   */
  inkMinDarkness: 0.35,
  /** More of the canvas inked than this is a filled area, not handwriting. */
  inkMaxCoverage: 0.5,
  /**
   * The ink's box, in pad pixels, matches the strokes' box: each edge within this share of the
   * pad's side, or `inkEdgeTolerancePx` when that is more (the pen's width, the curve's overshoot).
   */
  inkEdgeTolerance: 0.1,
  inkEdgeTolerancePx: 8,
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
  return tooSmall(strokesBox(strokes, pad)!, pad) ? 'signature_too_small' : null;
}

/** A box in pad (CSS) pixels, edges included. */
export interface PadBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The strokes' box on the pad (points clamped to it, as the ink is to the canvas); null without points. */
export function strokesBox(
  strokes: readonly SignatureStroke[],
  pad: { width: number; height: number },
): PadBox | null {
  let box: PadBox | null = null;
  for (const s of strokes)
    for (const p of s.points) {
      const x = Math.min(Math.max(p.x, 0), pad.width);
      const y = Math.min(Math.max(p.y, 0), pad.height);
      box = box
        ? {
            left: Math.min(box.left, x),
            top: Math.min(box.top, y),
            right: Math.max(box.right, x),
            bottom: Math.max(box.bottom, y),
          }
        : { left: x, top: y, right: x, bottom: y };
    }
  return box;
}

/** The one size rule, for the strokes and for the ink: a quarter of the pad wide, and not flat. */
function tooSmall(box: PadBox, pad: { width: number; height: number }): boolean {
  const L = SIGNATURE_LIMITS;
  return (
    box.right - box.left < pad.width * L.minWidthRatio ||
    box.bottom - box.top < Math.max(pad.height * L.minHeightRatio, L.minHeightPx)
  );
}

/**
 * The canvas's pixel size (read from the PNG's header, before any decoding) against the pad's CSS
 * size: the pad × a device pixel ratio of 1–4, the same on both sides, and within the PNG limits.
 */
export function checkSignatureCanvas(
  canvas: { width: number; height: number },
  pad: { width: number; height: number },
): SignatureProblem | null {
  const L = SIGNATURE_LIMITS;
  const { width, height } = canvas;
  if (!(width >= 1 && height >= 1 && width <= L.pngMaxPx && height <= L.pngMaxPx)) return 'signature_invalid';
  if (width * height > L.pngMaxPixels) return 'signature_invalid';
  const sx = width / pad.width;
  const sy = height / pad.height;
  // the canvas rounds pad × ratio to whole pixels: half a pixel either way
  const fits = (scale: number, side: number) =>
    scale >= L.canvasMinScale - 0.5 / side && scale <= L.canvasMaxScale + 0.5 / side;
  if (!fits(sx, pad.width) || !fits(sy, pad.height)) return 'signature_invalid';
  if (Math.abs(sx / sy - 1) > L.canvasAspectTolerance) return 'signature_invalid';
  return null;
}

/** Decoded pixels, RGBA 8 bits per channel, row by row (sharp's raw output, a canvas's ImageData). */
export interface SignaturePixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export interface InkVerdict {
  problem: SignatureProblem | null;
  /** Pixels counted as ink, their share of the canvas, and their box in pad pixels (null: none). */
  inkPixels: number;
  coverage: number;
  box: PadBox | null;
}

/**
 * The blank / too-small rule on the image itself, which is what the PDF shows (the strokes are
 * only what the client says it drew): the ink (see `inkMinDarkness`; a transparent or a white
 * background is not ink) must be at least a one-pixel line across the minimum width
 * (`signature_blank`), its box in pad pixels must pass the strokes' size rule
 * (`signature_too_small`), it must not fill the canvas, and its box must match the strokes' box
 * (`signature_invalid`: a scripted client sending good strokes with another picture).
 */
export function judgeSignatureInk(
  pixels: SignaturePixels,
  pad: { width: number; height: number },
  strokes: PadBox | null,
): InkVerdict {
  const L = SIGNATURE_LIMITS;
  const { data, width, height } = pixels;
  if (data.length !== width * height * 4) throw new RangeError('RGBA pixels expected');
  // darkness × 255² in integers: alpha × (255 − luminance), luminance by Rec. 709 weights
  const threshold = L.inkMinDarkness * 255 * 255;
  let count = 0;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      const a = data[i + 3]!;
      if (a === 0) continue;
      const lum = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      if (a * (255 - lum) < threshold) continue;
      count++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  const coverage = width * height > 0 ? count / (width * height) : 0;
  const sx = width / pad.width;
  const sy = height / pad.height;
  // a pixel covers [x, x + 1): the box runs to the far edge of the last inked pixel
  const box =
    count > 0 ? { left: left / sx, top: top / sy, right: (right + 1) / sx, bottom: (bottom + 1) / sy } : null;
  const verdict = (problem: SignatureProblem | null): InkVerdict => ({
    problem,
    inkPixels: count,
    coverage,
    box,
  });
  if (!box || count < width * L.minWidthRatio) return verdict('signature_blank');
  if (coverage > L.inkMaxCoverage) return verdict('signature_invalid');
  if (tooSmall(box, pad)) return verdict('signature_too_small');
  if (!strokes) return verdict('signature_invalid');
  const tx = Math.max(pad.width * L.inkEdgeTolerance, L.inkEdgeTolerancePx);
  const ty = Math.max(pad.height * L.inkEdgeTolerance, L.inkEdgeTolerancePx);
  const matches =
    Math.abs(box.left - strokes.left) <= tx &&
    Math.abs(box.right - strokes.right) <= tx &&
    Math.abs(box.top - strokes.top) <= ty &&
    Math.abs(box.bottom - strokes.bottom) <= ty;
  return verdict(matches ? null : 'signature_invalid');
}

// as the bank step matches a holder name (bank-form.ts), without pulling its bank tables into this module
function latinName(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[.,'’-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function compactChinese(name: string): string {
  return name.normalize('NFKC').replace(/[\s·•.]/g, '');
}

/**
 * Whether a typed signature is the person's name on their ID (the identity step's answers): the
 * English full name, surname first or last, case, punctuation and spacing aside (as a bank holder
 * name is matched), or the Chinese name, spaces and middle dots aside.
 */
export function checkTypedNameMatches(typed: string, identity: Readonly<Record<string, unknown>>): boolean {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const surname = latinName(str(identity.english_surname));
  const given = latinName(str(identity.english_given_name));
  const name = latinName(typed);
  if (surname && name && [`${surname} ${given}`.trim(), `${given} ${surname}`.trim()].includes(name))
    return true;
  const chinese = compactChinese(str(identity.chinese_name));
  return chinese !== '' && compactChinese(typed) === chinese;
}
