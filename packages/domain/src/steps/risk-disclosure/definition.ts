import * as z from 'zod/mini';
import { always, type StepDefinition } from '../types';

/**
 * The version of the risk-disclosure text set (steps/risk-disclosure/text.ts). Bump it with any
 * change of the text: a step confirmed on another version counts as not done (`isCurrent`), so
 * the person listens again. Kept here so the registry does not load the text.
 */
export const RISK_DISCLOSURE_VERSION = '2026.1';

export const RISK_SECTION_IDS = ['securities', 'client_assets', 'margin', 'futures', 'us_market'] as const;

const isoTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/));

/**
 * The risk-disclosure recording, listened to in full (spec §2 flow content), confirmed only by the
 * server's `risk_disclosure` call (action `listened`), never by the generic step call. Its text
 * covers margin, futures and the US market when chosen, so a change of account type asks for
 * listening again; so does a new text version (`isCurrent`). `ended_at` is the recording's end
 * (the server's time when "listened" was accepted): identity photos are due within 5 minutes of it.
 */
export const riskDisclosureStep: StepDefinition = {
  id: 'risk_disclosure',
  stage: 60,
  answers: z.partial(
    z.object({
      text_version: z.string().check(z.maxLength(40)),
      language: z.enum(['zh-CN', 'zh-HK', 'en']),
      sections: z.array(z.enum(RISK_SECTION_IDS)).check(z.minLength(1), z.maxLength(5)),
      started_at: isoTime,
      ended_at: isoTime,
      total_ms: z.number().check(z.int(), z.minimum(0)),
      max_speed: z.number().check(z.minimum(1), z.maximum(1.5)),
    }),
  ),
  sealedFields: [],
  documents: [],
  appliesTo: always,
  isCurrent: (answers) => answers.text_version === RISK_DISCLOSURE_VERSION,
  dependsOn: [
    { on: 'account_type', fields: ['securities', 'futures', 'markets'], reason: 'account_type_changed' },
  ],
};
