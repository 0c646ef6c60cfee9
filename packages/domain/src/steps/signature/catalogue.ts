import { defineCatalogue, NOBODY } from '../field-catalogue';

/**
 * The signature: the review says it is done; the PDF prints the agreements, the time, the language
 * and the hash in its own sections and draws the image. None of it is a line of answers; the pen
 * data and the image's id stay in the record only.
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
  },
});
