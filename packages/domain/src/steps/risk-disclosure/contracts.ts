// One contract per endpoint (engineering guide): the risk-disclosure recording's call.
import * as z from 'zod/mini';
import { envelope } from '../../contracts/common.schema';
import { draftText } from '../../text';
import { REOPEN_REASONS, STEP_IDS } from '../types';
import { RISK_SECTION_IDS } from './definition';

const language = z.enum(['zh-CN', 'zh-HK', 'en'], { error: 'invalid_value' });
const ms = z.number().check(z.minimum(0), z.maximum(24 * 3600 * 1000));

// POST /v9/OpenAccountHk/risk_disclosure — JSON body, by `action`
export const RiskDisclosureRequestSchema = z.discriminatedUnion('action', [
  /** The person starts (or starts again) the recording in a language: a start event is recorded. */
  z.object({ action: z.literal('start'), language }),
  /** The person heard it: what was heard, over the whole recording's timeline, and at which speed. */
  z.object({
    action: z.literal('listened'),
    text_version: draftText(40),
    language,
    sections: z.array(z.enum(RISK_SECTION_IDS)).check(z.minLength(1), z.maxLength(5)),
    /** Stretches heard, in ms from the recording's start; at most 500 (timeupdate ranges merged). */
    ranges: z.array(z.object({ start_ms: ms, end_ms: ms })).check(z.maxLength(500)),
    /** The fastest speed used (1 or 1.5). */
    max_speed: z.number().check(z.minimum(1), z.maximum(1.5)),
  }),
]);
export type RiskDisclosureRequest = z.input<typeof RiskDisclosureRequestSchema>;

export const RiskPlaylistSchema = z.object({
  text_version: z.string(),
  language,
  total_ms: z.number(),
  sections: z.array(
    z.object({
      section: z.enum(RISK_SECTION_IDS),
      title: z.string(),
      paragraphs: z.array(z.string()),
      url: z.string(),
      offset_ms: z.number(),
      duration_ms: z.number(),
      text_sha256: z.string(),
    }),
  ),
});
export type RiskPlaylistData = z.infer<typeof RiskPlaylistSchema>;

export const RiskDisclosureResponseSchema = envelope(
  z.union([
    z.object({
      action: z.literal('start'),
      /** The server's time of the start event. */
      started_at: z.string(),
      /** The shortest time before `listened` is accepted (the recording at 1.5×). */
      minimum_ms: z.number(),
      playlist: RiskPlaylistSchema,
    }),
    z.object({
      action: z.literal('listened'),
      step: z.enum(STEP_IDS),
      version: z.number(),
      confirmed: z.boolean(),
      /** The recording's end (the server's time): identity photos are due within 5 minutes. */
      ended_at: z.string(),
      info_progress: z.number(),
      next_step: z.nullable(z.enum(STEP_IDS)),
      reopened: z.array(z.object({ step: z.enum(STEP_IDS), reason: z.enum(REOPEN_REASONS) })),
    }),
  ]),
);
export type RiskDisclosureResponse = z.infer<typeof RiskDisclosureResponseSchema>['data'];
