import { defineCatalogue, EVERYONE, NOBODY, STAFF_ONLY } from '../field-catalogue';
import { SIGNATURE_METHODS } from './definition';

/**
 * The signature: the review says it is done; the PDF prints the agreements, the time, the language
 * and the hash in its own sections and draws the image. None of it is a line of answers; the pen
 * data and the image's id stay in the record only. A typed signature (issue #16) is a line for
 * everyone ("Typed signature: <name> (adopted as signature)"), and its method a flag for the reviewer.
 */
export const signatureCatalogue = defineCatalogue({
  namespace: 'signature',
  doneKey: 'review:done_signature',
  fields: {
    agreements: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    answers_hash: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    signed_at: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
    language: { label: null, value: { kind: 'hidden' }, audience: NOBODY },
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
