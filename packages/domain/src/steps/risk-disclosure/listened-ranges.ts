// The listened ranges of the risk-disclosure recording (issue #7 step 1): what the player reports
// and the server checks. No text here: the screen's chunk loads this file only.

/** The fastest playback speed offered (1× and 1.5×): the shortest time the recording can take. */
export const RISK_MAX_SPEED = 1.5;
export const RISK_SPEEDS = [1, 1.5] as const;
/** How far apart two reported ranges may be and still count as joined (a timeupdate's step). */
export const RISK_JOIN_TOLERANCE_MS = 250;

/** A stretch of the whole recording's timeline that was heard, in milliseconds. */
export interface ListenedRange {
  start_ms: number;
  end_ms: number;
}

/** Ranges sorted and joined where they overlap or lie within `tolerance` of each other. */
export function mergeRanges(
  ranges: readonly ListenedRange[],
  tolerance = RISK_JOIN_TOLERANCE_MS,
): ListenedRange[] {
  const sorted = ranges
    .filter((r) => Number.isFinite(r.start_ms) && Number.isFinite(r.end_ms) && r.end_ms > r.start_ms)
    .map((r) => ({ start_ms: r.start_ms, end_ms: r.end_ms }))
    .sort((a, b) => a.start_ms - b.start_ms);
  const out: ListenedRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start_ms <= last.end_ms + tolerance) last.end_ms = Math.max(last.end_ms, r.end_ms);
    else out.push(r);
  }
  return out;
}

/**
 * Whether the ranges cover the whole recording: once joined (a gap of up to `tolerance` between
 * two ranges, at the start or at the end is forgiven), one range from 0 to `totalMs`.
 */
export function checkCoversRecording(
  ranges: readonly ListenedRange[],
  totalMs: number,
  tolerance = RISK_JOIN_TOLERANCE_MS,
): boolean {
  const merged = mergeRanges(ranges, tolerance);
  const [only] = merged;
  return merged.length === 1 && !!only && only.start_ms <= tolerance && only.end_ms >= totalMs - tolerance;
}

/** The furthest point heard without a gap from the start (the player may not seek past it). */
export function furthestHeardMs(
  ranges: readonly ListenedRange[],
  tolerance = RISK_JOIN_TOLERANCE_MS,
): number {
  const [first] = mergeRanges(ranges, tolerance);
  return first && first.start_ms <= tolerance ? first.end_ms : 0;
}
