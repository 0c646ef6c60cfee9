import type { StepSample } from '../types';

/** Valid answers of the signature step, which the catalogue test, the API helpers and the journeys walk. */
export const signatureSample = {
  saved: [
    {
      answers: {
        agreements: [
          { id: 'client-agreement', version: '2026-11-01', sha256: 'a'.repeat(64), title: '客户协议' },
        ],
        answers_hash: 'b'.repeat(64),
        signed_at: '2026-11-26T08:20:00.000Z',
        language: 'zh-HK',
        pad: { width: 328, height: 160 },
        strokes: [{ points: [{ x: 1, y: 2, t: 3 }] }],
        signature_document_id: 'doc-1',
      },
      sealed: {},
    },
  ],
  // confirmed through its own calls (sign)
  form: null,
} satisfies StepSample;
