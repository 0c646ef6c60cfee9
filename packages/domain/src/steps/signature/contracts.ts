// One contract per endpoint (engineering guide): the agreements and the handwritten or typed
// signature (issue #7 §4, issue #16; docs/api/steps/signature.md).
import * as z from 'zod/mini';
import { LANGUAGES } from '../../constants';
import { envelope } from '../../contracts/common.schema';
import { draftText } from '../../text';
import { REOPEN_REASONS, STEP_IDS } from '../types';
import { SIGNATURE_METHODS, TYPED_NAME_MAX } from './definition';
import { AGREEMENT_IDS, SIGNATURE_LIMITS } from './signing';

const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const language = z.enum(LANGUAGES);

export const AgreementSchema = z.object({
  id: z.enum(AGREEMENT_IDS),
  version: z.string(),
  language,
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  sha256: hex64,
  /** Opened (agreement_opened) since it was last rendered with this hash: its checkbox may be ticked. */
  opened: z.boolean(),
});

// POST /v9/OpenAccountHk/agreements
export const AgreementsRequestSchema = z.object({ language });
export const AgreementsResponseSchema = envelope(
  z.object({
    language,
    documents: z.array(AgreementSchema),
    /** What a signature now would be bound to (steps/signature/signing.ts answersHashForSigning). */
    answers_hash: hex64,
    /** The steps before the signature that are not confirmed yet (signing needs none). */
    missing_steps: z.array(z.enum(STEP_IDS)),
    /** The current signature, when the step is confirmed. */
    signed: z.nullable(
      z.object({ signed_at: z.string(), answers_hash: hex64, signature_document_id: z.nullable(z.string()) }),
    ),
  }),
);

// POST /v9/OpenAccountHk/agreement_opened
export const AgreementOpenedRequestSchema = z.object({
  language,
  id: z.enum(AGREEMENT_IDS),
  sha256: hex64,
});
export const AgreementOpenedResponseSchema = envelope(
  z.object({ id: z.enum(AGREEMENT_IDS), sha256: hex64, opened: z.literal(true) }),
);

const point = z.object({
  x: z.number(),
  y: z.number(),
  time: z.number(),
  pressure: z.optional(z.number()),
});

const signedAgreementsList = z
  .array(z.object({ id: z.enum(AGREEMENT_IDS), version: draftText(40), sha256: hex64 }))
  .check(
    z.maxLength(AGREEMENT_IDS.length),
    // each document once
    z.refine((list) => new Set(list.map((a) => a.id)).size === list.length, 'agreement_not_accepted'),
  );

// POST /v9/OpenAccountHk/sign, drawn on the pad (the body without `method`, as before typed signatures)
export const DrawnSignRequestSchema = z.object({
  language,
  method: z.optional(z.literal('drawn')),
  /** The pad's PNG as a data URL (signature_pad `toDataURL('image/png')`). */
  image: z
    .string()
    .check(
      z.maxLength(Math.ceil((SIGNATURE_LIMITS.pngMaxBytes * 4) / 3) + 64),
      z.startsWith('data:image/png;base64,'),
    ),
  /** signature_pad `toData()`: the strokes, each with its points (extra keys ignored). */
  strokes: z
    .array(z.object({ points: z.array(point).check(z.maxLength(SIGNATURE_LIMITS.maxPoints)) }))
    .check(z.maxLength(SIGNATURE_LIMITS.maxStrokes)),
  /** The pad's size in CSS pixels when it was drawn on. */
  pad: z.object({ width: z.number(), height: z.number() }),
  agreements: signedAgreementsList,
  answers_hash: hex64,
});

/**
 * Signed by typing the full name as on the ID and adopting it as the signature (for a person who
 * cannot draw, issue #16). `typed_statement` is a boolean rather than `true` so that an unticked
 * statement is refused at its field (2016) instead of as a malformed body.
 */
export const TypedSignRequestSchema = z.object({
  language,
  method: z.literal('typed'),
  typed_name: draftText(TYPED_NAME_MAX),
  typed_statement: z.boolean(),
  agreements: signedAgreementsList,
  answers_hash: hex64,
});

// POST /v9/OpenAccountHk/sign
export const SignRequestSchema = z.union([TypedSignRequestSchema, DrawnSignRequestSchema]);
export type SignRequest = z.infer<typeof SignRequestSchema>;
export type DrawnSignRequest = z.infer<typeof DrawnSignRequestSchema>;
export type TypedSignRequest = z.infer<typeof TypedSignRequestSchema>;
export type AgreementsData = z.infer<typeof AgreementsResponseSchema>['data'];

export const SignResponseSchema = envelope(
  z.object({
    step: z.literal('signature'),
    version: z.number(),
    confirmed: z.boolean(),
    info_progress: z.number(),
    next_step: z.nullable(z.enum(STEP_IDS)),
    reopened: z.array(z.object({ step: z.enum(STEP_IDS), reason: z.enum(REOPEN_REASONS) })),
    signed_at: z.string(),
    answers_hash: hex64,
    /** How it was signed; a typed signature has no image document (null). */
    signature_method: z.enum(SIGNATURE_METHODS),
    signature_document_id: z.nullable(z.string()),
  }),
);
