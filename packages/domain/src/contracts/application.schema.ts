import * as z from 'zod/mini';
import { checkIsCountryCode } from '../countries';
import {
  ageOn,
  checkIdNumber,
  checkIsIsoDate,
  GENDERS,
  ID_LOCATIONS,
  ID_TYPES,
  idTypeFor,
  MIN_AGE,
} from '../id-documents';
import { CHINESE_NAME_RE, ENGLISH_NAME_RE, normalizeEnglishName } from '../names';
import { REOPEN_REASONS } from '../steps/types';
import { textRule } from '../text';
import { envelope, formList, optionalText } from './common.schema';

export const ACCOUNT_MARKETS = ['HKMargin', 'USMargin'] as const;

// POST /V9/OpenAccountHk/loginCreate (spec §3 account-creation request)
export const CreateApplicationRequestSchema = z.object({
  type: formList(z.enum(ACCOUNT_MARKETS, { error: 'account_market_invalid' })).check(
    z.minLength(1, 'account_market_invalid'),
  ),
  source: optionalText(100),
});
export const CreateApplicationResponseSchema = envelope(
  z.object({ application_id: z.string(), created: z.boolean() }),
);

/** Document kinds the image upload takes now (ID photos, address and asset proofs); each belongs to a step. */
export const DOCUMENT_KINDS = [
  'id_front',
  'id_back',
  'address_proof',
  'asset_proof',
  'employer_consent',
  // the identity photos or face video (steps/identity-media/form.ts)
  'selfie',
  'selfie_with_id',
  'face_video',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Kinds a step's own call stores, never the upload: the handwritten signature (the `sign` call). */
export const CALL_STORED_DOCUMENT_KINDS = ['signature'] as const;

/**
 * Kinds of the identity deposit after approval (issue #15), step `deposit`, stored by
 * `update_remittance` (packages/domain/src/deposit/contracts.ts), never by the step upload.
 */
export const DEPOSIT_DOCUMENT_KINDS = ['remittance_voucher'] as const;
export const DEPOSIT_DOCUMENT_STEP = 'deposit';

export const DocumentSchema = z.object({
  document_id: z.string(),
  kind: z.enum([...DOCUMENT_KINDS, ...CALL_STORED_DOCUMENT_KINDS, ...DEPOSIT_DOCUMENT_KINDS]),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  uploaded_at: z.string(),
});
export type DocumentInfo = z.infer<typeof DocumentSchema>;

const value = <T extends z.ZodMiniType>(t: T) => z.object({ value: t });

// POST /v9/OpenAccountHk/info (spec §3 user-info response, plus the ID step's saved data)
export const ApplicationInfoSchema = z.object({
  account_type: value(z.string()),
  is_future_account: value(z.string()),
  full_name: value(z.string()),
  first_name: value(z.string()),
  last_name: value(z.string()),
  application: z.nullable(
    z.object({ id: z.string(), status: z.number(), markets: z.array(z.string()), created_at: z.string() }),
  ),
  id_step: z.object({
    id_location: z.nullable(z.enum(ID_LOCATIONS)),
    nationality: z.nullable(z.string()),
    documents: z.array(DocumentSchema),
    chinese_name: z.nullable(z.string()),
    english_surname: z.nullable(z.string()),
    english_given_name: z.nullable(z.string()),
    name_matches_bank: z.boolean(),
    id_type: z.nullable(z.enum(ID_TYPES)),
    id_number_masked: z.nullable(z.string()),
    gender: z.nullable(z.enum(GENDERS)),
    birth_date: z.nullable(z.string()),
    confirmed_at: z.nullable(z.string()),
    /** The step's version: a save names it, and a stale one is refused (STEP_VERSION_CONFLICT). */
    version: z.number(),
    /** Why the confirmed step was opened again (e.g. a photo replaced), else null. */
    reopened_reason: z.nullable(z.enum(REOPEN_REASONS)),
  }),
});
export type ApplicationInfo = z.infer<typeof ApplicationInfoSchema>;
export const ApplicationInfoResponseSchema = envelope(ApplicationInfoSchema);

/**
 * The step version a save started from (issue #5 §2: optimistic concurrency), sent as
 * `step_version` (`version` is one of the common parameters of spec §7).
 */
export const stepVersion = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v)),
  z.number({ error: 'invalid_value' }).check(z.int('invalid_value'), z.minimum(1, 'invalid_value')),
);
export const StepVersionFieldSchema = z.object({ step_version: z.optional(stepVersion) });

// POST /v9/OpenAccountHk/id_location
export const IdLocationRequestSchema = z
  .object({
    id_location: z.enum(ID_LOCATIONS, { error: 'id_location_required' }),
    // a country code; bounded even where it is not asked (then it is ignored)
    nationality: z.optional(
      z
        .string({ error: 'nationality_required' })
        .check(...textRule(), z.toUpperCase(), z.maxLength(40, 'nationality_required')),
    ),
    step_version: z.optional(stepVersion),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.id_location === 'OTHER' && !(v.nationality && checkIsCountryCode(v.nationality)))
        ctx.addIssue({ code: 'custom', path: ['nationality'], message: 'nationality_required', input: v });
    }),
  );
export type IdLocationRequest = z.input<typeof IdLocationRequestSchema>;
export const IdLocationResponseSchema = envelope(
  z.object({ id_location: z.enum(ID_LOCATIONS), version: z.number() }),
);

// POST /v9/OpenAccountHk/upload (multipart: kind + file)
export const UploadFieldsSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'document_kind_invalid' }),
});
export const UploadResponseSchema = envelope(DocumentSchema);

// POST /v9/OpenAccountHk/del_file
export const DeleteFileRequestSchema = z.object({ document_id: z.uuid({ error: 'document_id_invalid' }) });
export const DeleteFileResponseSchema = envelope(z.object({ document_id: z.string() }));

// GET /v9/OpenAccountHk/file/:document_id → the image bytes (owner only, no-store)
export const FileParamsSchema = z.object({ document_id: z.uuid({ error: 'document_id_invalid' }) });

const englishName = (requiredKey: string) =>
  z.pipe(
    z.pipe(z.string({ error: requiredKey }).check(...textRule()), z.transform(normalizeEnglishName)),
    z.string().check(z.minLength(1, requiredKey), z.regex(ENGLISH_NAME_RE, 'english_name_invalid')),
  );

/**
 * ID details as the person confirms them (form and server share this schema). `today` makes the
 * age rule testable; the server passes the Hong Kong date. `id_number` may be left empty when a
 * number is already on file (the form shows it masked): the server then checks the stored one.
 */
export function idDetailsSchema(opts: { today: string; hasStoredIdNumber: boolean }) {
  return z
    .object({
      id_type: z.enum(ID_TYPES, { error: 'id_type_required' }),
      id_location: z.enum(ID_LOCATIONS, { error: 'id_location_required' }),
      chinese_name: z._default(
        z
          .string({ error: 'chinese_name_invalid' })
          .check(...textRule(), z.maxLength(20, 'chinese_name_invalid')),
        '',
      ),
      english_surname: englishName('english_surname_required'),
      english_given_name: englishName('english_given_name_required'),
      // missing, '0' and 'false' all mean "not confirmed" (formBoolean alone reports a missing flag as a type error)
      name_matches_bank: z.pipe(
        z.transform((v: unknown) => v === true || v === 'true' || v === '1' || v === 1),
        z.literal(true, { error: 'name_matches_bank_required' }),
      ),
      id_number: z._default(
        z
          .string({ error: 'id_number_format' })
          .check(...textRule(), z.toUpperCase(), z.maxLength(30, 'id_number_format')),
        '',
      ),
      gender: z.enum(GENDERS, { error: 'gender_required' }),
      birth_date: z
        .string({ error: 'birth_date_required' })
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'birth_date_required')),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message, input: v });
        if (v.id_type !== idTypeFor(v.id_location)) issue('id_type', 'id_type_mismatch');
        if (v.id_location === 'CN' && !v.chinese_name) issue('chinese_name', 'chinese_name_required');
        else if (v.chinese_name && !CHINESE_NAME_RE.test(v.chinese_name))
          issue('chinese_name', 'chinese_name_invalid');
        const age = ageOn(v.birth_date, opts.today);
        // 1990-02-30 matches the pattern but is no day at all (and the database would refuse it)
        if (
          !checkIsIsoDate(v.birth_date) ||
          Number.isNaN(age) ||
          v.birth_date > opts.today ||
          v.birth_date < '1900-01-01'
        )
          issue('birth_date', 'birth_date_invalid');
        else if (age < MIN_AGE) issue('birth_date', 'birth_date_too_young');
        if (!v.id_number) {
          if (!opts.hasStoredIdNumber) issue('id_number', 'id_number_required');
          return;
        }
        const problem = checkIdNumber(v.id_type, v.id_number, { birthDate: v.birth_date, gender: v.gender });
        if (problem) issue('id_number', problem);
      }),
    );
}
export type IdDetailsInput = z.input<ReturnType<typeof idDetailsSchema>>;
export type IdDetails = z.output<ReturnType<typeof idDetailsSchema>>;

// POST /v9/OpenAccountHk/id_info
export const IdInfoResponseSchema = envelope(
  z.object({ info_progress: z.number(), id_number_masked: z.string(), version: z.number() }),
);
