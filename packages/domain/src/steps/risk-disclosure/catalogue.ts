import { defineCatalogue, STAFF_ONLY } from '../field-catalogue';
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
