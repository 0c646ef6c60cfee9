// The identity photos or face video (issue #7 step 2, spec §2 and §9): taken within 5 minutes
// after the risk-disclosure recording was heard to its end; a selfie and a photo holding the ID
// beside the face, or a ~5 s video in which the person reads 4 digits the server issued.
import * as z from 'zod/mini';
import type { StepForm } from '../step-form';
import { IDENTITY_MEDIA_ANSWERS, IDENTITY_MEDIA_METHOD_VALUES } from './definition';

/** spec §9 "Identity photo window: 5 minutes after the recording". */
export const IDENTITY_MEDIA_WINDOW_MS = 5 * 60 * 1000;

export const IDENTITY_MEDIA_METHODS = IDENTITY_MEDIA_METHOD_VALUES;
export type IdentityMediaMethod = (typeof IDENTITY_MEDIA_METHODS)[number];

export const IDENTITY_MEDIA_KINDS = ['selfie', 'selfie_with_id', 'face_video'] as const;
export type IdentityMediaKind = (typeof IDENTITY_MEDIA_KINDS)[number];

/** The documents each method needs (one of each). */
export const IDENTITY_MEDIA_DOCUMENTS: Readonly<Record<IdentityMediaMethod, readonly IdentityMediaKind[]>> = {
  photos: ['selfie', 'selfie_with_id'],
  video: ['face_video'],
};

/** spec §9 "Face video: about 5 seconds": accepted from 3 to 10 seconds, at most 10 MB. */
export const FACE_VIDEO_MIN_MS = 3000;
export const FACE_VIDEO_MAX_MS = 10_000;
export const FACE_VIDEO_MAX_BYTES = 10 * 1024 * 1024;
/** What the screen records (it stops by itself). */
export const FACE_VIDEO_RECORD_MS = 5000;
/** Containers a face video may come in, decided by content (MediaRecorder: WebM in Chrome/Firefox, MP4 in Safari). */
export const FACE_VIDEO_MIME_TYPES = ['video/webm', 'video/mp4'] as const;

/** The digits read in the video: how many, how long a code lives, how many an application gets an hour. */
export const LIVE_CODE_DIGITS = 4;
export const LIVE_CODE_TTL_MS = 5 * 60 * 1000;
export const LIVE_CODE_MAX_PER_HOUR = 10;

export function checkIsIdentityMediaKind(kind: string): kind is IdentityMediaKind {
  return (IDENTITY_MEDIA_KINDS as readonly string[]).includes(kind);
}

export interface IdentityMediaWindow {
  /** Whether photos or a video are accepted now. */
  open: boolean;
  /** Milliseconds left (0 once passed). */
  remainingMs: number;
  /** When the window closes (ISO). */
  closesAt: string;
}

/**
 * The window after the recording ended (`endedAt`, the server's time the risk-disclosure step
 * recorded): open from then for IDENTITY_MEDIA_WINDOW_MS, the last millisecond included. An
 * `endedAt` in the future (a clock set back) opens nothing early. Null when there is no valid end.
 */
export function identityMediaWindowOf(endedAt: unknown, now: Date): IdentityMediaWindow | null {
  if (typeof endedAt !== 'string' && !(endedAt instanceof Date)) return null;
  const start = new Date(endedAt).getTime();
  if (!Number.isFinite(start)) return null;
  const end = start + IDENTITY_MEDIA_WINDOW_MS;
  const t = now.getTime();
  const open = t >= start && t <= end;
  return { open, remainingMs: open ? end - t : 0, closesAt: new Date(end).toISOString() };
}

/** Whether a face video's duration (milliseconds) is accepted (spec §9: about 5 s; 3–10 s). */
export function checkIsFaceVideoDuration(durationMs: number): boolean {
  return Number.isFinite(durationMs) && durationMs >= FACE_VIDEO_MIN_MS && durationMs <= FACE_VIDEO_MAX_MS;
}

/** The field each missing document is reported at, and its message key (`errors`). */
const MISSING_KEY: Record<IdentityMediaKind, string> = {
  selfie: 'identity_selfie_required',
  selfie_with_id: 'identity_selfie_with_id_required',
  face_video: 'identity_face_video_required',
};

/** The documents the method still needs, as field → message key. */
export function missingIdentityMedia(
  method: IdentityMediaMethod,
  documentCounts: Readonly<Record<string, number>>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const kind of IDENTITY_MEDIA_DOCUMENTS[method])
    if ((documentCounts[kind] ?? 0) < 1) fields[kind] = MISSING_KEY[kind];
  return fields;
}

/**
 * The step's form: the method chosen; its documents are checked by the rule (the server counts
 * only those taken in the current window: a new listening asks for new ones).
 */
export const identityMediaForm: StepForm = {
  draft: IDENTITY_MEDIA_ANSWERS,
  schema: () =>
    z.object({ method: z.enum(IDENTITY_MEDIA_METHODS, { error: 'identity_media_method_required' }) }),
  check: (answers, ctx) => missingIdentityMedia(answers.method as IdentityMediaMethod, ctx.documentCounts),
};
