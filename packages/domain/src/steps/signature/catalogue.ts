import { LANGUAGES } from '../../constants';
import { defineCatalogue, EVERYONE, NOBODY, STAFF_ONLY } from '../field-catalogue';
import type { StepSample } from '../types';
import { SIGNATURE_METHODS } from './definition';

/**
 * The signature: the review says it is done; the PDF prints the agreements, the time, the language
 * and the hash in its own sections and draws the image, so none of that is a line for the applicant
 * or the PDF. Staff approve this step, so they read it as lines (issue #22 finding 8): each
 * agreement signed (its title as the applicant read it, and its version), the signing time in Hong
 * Kong time and the language signed in; a re-signing then shows as a changed "Signed at". The pen
 * data, the hashes and the image's id stay in the record only. A typed signature (issue #16) is a
 * line for everyone ("Typed signature: <name> (adopted as signature)"), and its method a flag for
 * the reviewer.
 */
export const signatureCatalogue = defineCatalogue({
  namespace: 'signature',
  doneKey: 'review:done_signature',
  fields: {
    agreements: {
      label: null,
      value: {
        kind: 'rows',
        itemLabel: 'signature:staff_agreement_n',
        fields: {
          id: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
          title: { label: 'signature:staff_agreement_title', value: { kind: 'text' }, audience: STAFF_ONLY },
          version: {
            label: 'signature:staff_agreement_version',
            value: { kind: 'text' },
            audience: STAFF_ONLY,
          },
          sha256: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
        },
      },
      audience: STAFF_ONLY,
    },
    answers_hash: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    signed_at: { label: 'signature:staff_signed_at', value: { kind: 'instant' }, audience: STAFF_ONLY },
    language: {
      label: 'signature:staff_language',
      value: {
        kind: 'choice',
        values: LANGUAGES,
        key: (v) => `signature:staff_language_${v.replace('-', '_').toLowerCase()}`,
      },
      audience: STAFF_ONLY,
    },
    pad: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    strokes: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    signature_document_id: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    signature_method: {
      label: 'signature:method_label',
      value: { kind: 'choice', values: SIGNATURE_METHODS, key: (v) => `signature:method_${v}` },
      audience: STAFF_ONLY,
    },
    typed_name: {
      label: 'signature:typed_line_label',
      value: { kind: 'text' },
      audience: EVERYONE,
      note: { field: 'typed_statement', key: 'signature:typed_line_adopted' },
    },
    typed_statement: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
  },
});

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
