import * as z from 'zod/mini';
import { IDENTITY_NAME_AND_ID_FIELDS } from '../identity/definition';
import { always, type StepDefinition } from '../types';

/** A typed signature's name: as long as the ID step's longest name (surname and given name, 100 each). */
export const TYPED_NAME_MAX = 210;

/** How the person signed: drawn on the pad, or their name typed and adopted as their signature. */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const isoTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/));

/** A stroke as stored: signature_pad `toData()` points, rounded (CSS px, ms since the first point). */
export const SignatureStrokeSchema = z.object({
  points: z
    .array(
      z.object({
        x: z.number(),
        y: z.number(),
        t: z.number(),
        p: z.optional(z.number()),
      }),
    )
    .check(z.maxLength(5000)),
});

/**
 * The agreements and the handwritten signature (issue #7 §4), written only by the server's `sign`
 * call (docs/api/steps/signature.md), never by the generic step call: the documents accepted
 * (id, version, SHA-256 of the text shown, title), the hash of the answers signed
 * (steps/signature/signing.ts answersHashForSigning), when, in which language, the pad's size and the strokes,
 * and the id of the signature image (a document of kind `signature`); or, typed (issue #16),
 * `signature_method: 'typed'`, the name typed and the statement adopting it. A signature covers
 * everything above it: any change after signing asks for signing again, with the most telling
 * reason first.
 */
export const signatureStep: StepDefinition = {
  id: 'signature',
  stage: 100,
  answers: z.partial(
    z.object({
      agreements: z
        .array(
          z.object({
            id: z.string().check(z.maxLength(40)),
            version: z.string().check(z.maxLength(40)),
            sha256: hex64,
            title: z.string().check(z.maxLength(200)),
          }),
        )
        .check(z.minLength(1), z.maxLength(10)),
      answers_hash: hex64,
      signed_at: isoTime,
      language: z.enum(['zh-CN', 'zh-HK', 'en']),
      pad: z.object({ width: z.number(), height: z.number() }),
      strokes: z.array(SignatureStrokeSchema).check(z.maxLength(100)),
      signature_document_id: z.string().check(z.maxLength(64)),
      // a typed signature (issue #16): no pad, strokes nor image; absent method = drawn (older records too)
      signature_method: z.enum(SIGNATURE_METHODS),
      typed_name: z.string().check(z.maxLength(TYPED_NAME_MAX)),
      typed_statement: z.literal(true),
    }),
  ),
  sealedFields: [],
  // the pen data stays with the record (snapshot, reviewers); no screen needs it back
  unsentFields: ['strokes', 'pad'],
  documents: [{ kind: 'signature', min: 0, max: 1 }],
  appliesTo: always,
  dependsOn: [
    { on: 'identity', fields: IDENTITY_NAME_AND_ID_FIELDS, reason: 'name_or_id_changed' },
    { on: 'account_type', fields: ['markets'], reason: 'markets_changed' },
    { on: '*', fields: '*', reason: 'changed_after_signing' },
  ],
};
