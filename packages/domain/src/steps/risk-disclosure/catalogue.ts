import { defineCatalogue, STAFF_ONLY } from '../field-catalogue';
import type { StepSample } from '../types';
import { RISK_SECTION_IDS } from './definition';
import { RISK_DISCLOSURE_TEXT } from './text';

const RECORD = ['pdf', 'staff'] as const;

/**
 * The recording heard: the applicant's review says it is done (`doneKey`); the PDF and the back
 * office read what was heard, in which language, when and how long.
 */
export const riskDisclosureCatalogue = defineCatalogue({
  namespace: 'risk_disclosure',
  doneKey: 'review:done_risk_disclosure',
  fields: {
    language: {
      label: 'risk_disclosure:field_language',
      value: {
        kind: 'choice',
        values: ['zh-CN', 'zh-HK', 'en'],
        key: (v) => `risk_disclosure:language_${v.replace('-', '_').toLowerCase()}`,
      },
      audience: RECORD,
    },
    sections: {
      label: 'risk_disclosure:field_sections',
      value: {
        kind: 'named-list',
        values: RISK_SECTION_IDS,
        name: (id, lang) => RISK_DISCLOSURE_TEXT[lang][id as (typeof RISK_SECTION_IDS)[number]]?.title,
      },
      audience: RECORD,
    },
    text_version: { label: 'risk_disclosure:field_text_version', value: { kind: 'text' }, audience: RECORD },
    started_at: {
      label: 'risk_disclosure:field_started_at',
      value: { kind: 'instant' },
      audience: STAFF_ONLY,
    },
    ended_at: { label: 'risk_disclosure:field_ended_at', value: { kind: 'instant' }, audience: RECORD },
    total_ms: { label: 'risk_disclosure:field_total', value: { kind: 'duration' }, audience: RECORD },
    max_speed: {
      label: 'risk_disclosure:speed',
      value: { kind: 'named', name: (v) => `${v}×` },
      audience: RECORD,
    },
  },
});

/** Valid answers of the risk disclosure step, which the catalogue test, the API helpers and the journeys walk. */
export const riskDisclosureSample = {
  saved: [
    {
      answers: {
        text_version: '2026.1',
        language: 'zh-HK',
        sections: ['us_market', 'securities', 'margin', 'futures', 'client_assets'],
        started_at: '2026-11-26T07:50:00.000Z',
        ended_at: '2026-11-26T08:05:30.000Z',
        total_ms: 930_000,
        max_speed: 1.5,
      },
      sealed: {},
    },
  ],
  // confirmed through its own calls (the recording)
  form: null,
} satisfies StepSample;
