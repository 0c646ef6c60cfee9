import type { StepSample } from '../types';

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
