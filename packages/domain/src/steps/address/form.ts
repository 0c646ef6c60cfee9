// The address step's form (issue #6 step 1): the residential address, the correspondence address
// and the address proof, saved through the generic step call. The screen validates with this
// schema and the server parses with it again. Imported by path (it carries the mainland area data).
import * as z from 'zod/mini';
import { checkIsCountryCode } from '../../countries';
import { checkMainlandArea } from '../../flow/mainland-areas';
import { checkText, draftText, type TextProblem, textRule } from '../../text';
import type { StepForm, StepFormContext } from '../step-form';
import {
  ADDRESS_PROOF_TYPES,
  type AddressProofProblem,
  checkAddressProof,
  checkAddressProofDetails,
  checkIsHkDistrict,
  HK_DISTRICT_CODES,
  PDF_DOCUMENT_KINDS,
} from './address-proof';

/** Where the address is: mainland China (area picker), Hong Kong (18 districts), elsewhere (free lines). */
export const ADDRESS_REGIONS = ['CN', 'HK', 'OTHER'] as const;
export type AddressRegion = (typeof ADDRESS_REGIONS)[number];

/** spec §5, §9: address detail at most 200 characters (counted as characters, not UTF-16 units). */
export const ADDRESS_DETAIL_MAX = 200;
/** Outside mainland China and Hong Kong the address is written as free lines (design: at most 4). */
export const ADDRESS_OTHER_MAX_LINES = 4;
/** spec §5, §9: a mainland postal code is optional, exactly 6 digits when given. */
export const CN_POSTAL_CODE_RE = /^\d{6}$/;
/**
 * Elsewhere (design): optional, 2–10 letters, digits, spaces or hyphens starting with a letter or
 * digit: the shapes of the UPU's postcode list (SW1A 1AA, 10115, 150-0002, H3Z 2Y7) fit.
 */
export const OTHER_POSTAL_CODE_RE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;

/** The fields of one address, in the order spec §5 checks them (area, then detail, then postal code). */
export const ADDRESS_FIELDS = [
  'region',
  'province_code',
  'city_code',
  'county_code',
  'district',
  'country',
  'detail',
  'postal_code',
] as const;
export type AddressFieldName = (typeof ADDRESS_FIELDS)[number];
export type AddressInput = Partial<Record<AddressFieldName, unknown>>;

/** Prefix of the correspondence address's fields when it is not the residential one. */
export const CORRESPONDENCE_PREFIX = 'corr_';

export type AddressProblem =
  | 'address_region_required'
  | 'address_area_required'
  | 'address_area_invalid'
  | 'address_district_required'
  | 'address_country_required'
  | 'address_country_is_region'
  | 'address_detail_required'
  | 'address_detail_too_long'
  | 'address_detail_too_many_lines'
  | 'address_postal_invalid'
  | 'address_postal_invalid_other'
  | TextProblem;

/**
 * Where each problem is shown: the mainland area's three codes come from one picker, `area`.
 */
export type AddressErrorField = 'region' | 'area' | 'district' | 'country' | 'detail' | 'postal_code';

const asText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const chars = (s: string) => [...s].length;

/**
 * The detail as stored: trimmed. Mainland and Hong Kong details are one line (line breaks become
 * spaces); elsewhere each line is trimmed and blank lines dropped.
 */
export function normalizeAddressDetail(region: AddressRegion, detail: string): string {
  if (region === 'OTHER')
    return detail
      .normalize('NFC')
      .split(/\r\n|\r|\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
  return detail
    .normalize('NFC')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

/** A postal code as stored: trimmed; upper-cased elsewhere (sw1a 1aa → SW1A 1AA). */
export function normalizePostalCode(region: AddressRegion, postal: string): string {
  const t = postal.trim();
  return region === 'OTHER' ? t.toUpperCase().replace(/\s+/g, ' ') : t;
}

function checkIsRegion(v: unknown): v is AddressRegion {
  return typeof v === 'string' && (ADDRESS_REGIONS as readonly string[]).includes(v);
}

/**
 * Every problem of one address, at its field, in spec §5's order: the area (the mainland picker,
 * the Hong Kong district or the country), then the detail, then the postal code.
 */
export function checkAddress(a: AddressInput): [AddressErrorField, AddressProblem][] {
  const out: [AddressErrorField, AddressProblem][] = [];
  if (!checkIsRegion(a.region)) return [['region', 'address_region_required']];
  const region = a.region;

  if (region === 'CN') {
    const area = checkMainlandArea({
      province_code: asText(a.province_code),
      city_code: asText(a.city_code),
      county_code: asText(a.county_code),
    });
    if (area) out.push(['area', area]);
  } else if (region === 'HK') {
    if (!checkIsHkDistrict(a.district)) out.push(['district', 'address_district_required']);
  } else {
    const country = asText(a.country)?.trim().toUpperCase();
    if (!country || !checkIsCountryCode(country)) out.push(['country', 'address_country_required']);
    else if (country === 'CN' || country === 'HK') out.push(['country', 'address_country_is_region']);
  }

  // spec §5: the detail must be non-empty after trimming, at most 200 characters
  const detail = normalizeAddressDetail(region, asText(a.detail) ?? '');
  // the text rule; the free lines elsewhere are the one multi-line field of the application
  const textProblem = checkText(detail, { multiline: region === 'OTHER' });
  if (textProblem) out.push(['detail', textProblem]);
  else if (!detail) out.push(['detail', 'address_detail_required']);
  else if (chars(detail) > ADDRESS_DETAIL_MAX) out.push(['detail', 'address_detail_too_long']);
  else if (region === 'OTHER' && detail.split('\n').length > ADDRESS_OTHER_MAX_LINES)
    out.push(['detail', 'address_detail_too_many_lines']);

  // spec §5: optional, exactly 6 digits when filled; Hong Kong has no postal codes (not asked)
  const postal = a.postal_code === undefined || a.postal_code === null ? '' : asText(a.postal_code);
  if (postal === undefined) out.push(['postal_code', 'address_postal_invalid']);
  else if (region === 'CN' && postal.trim() && !CN_POSTAL_CODE_RE.test(postal.trim()))
    out.push(['postal_code', 'address_postal_invalid']);
  else if (
    region === 'OTHER' &&
    postal.trim() &&
    !OTHER_POSTAL_CODE_RE.test(normalizePostalCode('OTHER', postal))
  )
    out.push(['postal_code', 'address_postal_invalid_other']);
  return out;
}

export type StoredAddress = {
  region: AddressRegion;
  province_code?: string;
  city_code?: string;
  county_code?: string;
  district?: string;
  country?: string;
  detail: string;
  postal_code?: string;
};

/** A checked address as stored: only its region's fields, trimmed, no empty postal code. */
export function normalizeAddress(a: AddressInput): StoredAddress {
  const region = a.region as AddressRegion;
  const out: StoredAddress = { region, detail: normalizeAddressDetail(region, asText(a.detail) ?? '') };
  if (region === 'CN') {
    out.province_code = asText(a.province_code)!;
    out.city_code = asText(a.city_code)!;
    out.county_code = asText(a.county_code)!;
  } else if (region === 'HK') out.district = asText(a.district)!;
  else out.country = asText(a.country)!.trim().toUpperCase();
  const postal = region === 'HK' ? '' : normalizePostalCode(region, asText(a.postal_code) ?? '');
  if (postal) out.postal_code = postal;
  return out;
}

function prefixed(prefix: string, values: Record<string, unknown>): AddressInput {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[`${prefix}${f}`]]));
}

function withPrefix<T extends Record<string, unknown>>(prefix: string, values: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** Form bodies carry strings: '1'/'true' and '0'/'false' are flags too. */
function toFlag(v: unknown): boolean | undefined {
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  return undefined;
}

function toWholeNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d{1,4}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** Where each address-proof problem is shown; the files are the `address_proof` uploads. */
export const ADDRESS_PROOF_FIELD: Record<AddressProofProblem, string> = {
  address_proof_type_required: 'proof_type',
  address_proof_rental_too_short: 'proof_rental_months',
  address_proof_date_required: 'proof_issued_on',
  address_proof_too_old: 'proof_issued_on',
  address_proof_in_future: 'proof_issued_on',
  address_proof_file_required: 'address_proof',
  address_proof_too_many: 'address_proof',
  address_proof_confirmation_required: 'proof_confirmed',
};

/** Everything the form sends, loosely: the checks (and their order) are the refinement's. */
const loose = z.optional(z.unknown());
const FORM_SHAPE = Object.fromEntries(
  [
    ...ADDRESS_FIELDS,
    'correspondence_same',
    ...ADDRESS_FIELDS.map((f) => `${CORRESPONDENCE_PREFIX}${f}`),
    'proof_type',
    'proof_rental_months',
    'proof_issued_on',
    'proof_confirmed',
  ].map((f) => [f, loose]),
);

export type AddressFormAnswers = StoredAddress & {
  correspondence_same: boolean;
  proof_type: (typeof ADDRESS_PROOF_TYPES)[number];
  proof_rental_months?: number;
  proof_issued_on: string;
  proof_confirmed: true;
} & Partial<Record<`corr_${AddressFieldName}`, string>>;

/**
 * The complete form: the residential address, the correspondence address (the same by default,
 * else one of the same shape under `corr_` names), and the proof's type, rental term (a rental
 * contract only), date of issue (within 3 months of `ctx.today`, not in the future) and the
 * person's confirmation. The proof's files are the step's documents: `check` counts them.
 */
export function addressFormSchema(ctx: Pick<StepFormContext, 'today'>) {
  return z.pipe(
    z.object(FORM_SHAPE).check(
      z.superRefine((v, issues) => {
        const issue = (path: string, message: string) =>
          issues.addIssue({ code: 'custom', path: [path], message, input: v });
        for (const [field, problem] of checkAddress(prefixed('', v))) issue(field, problem);
        if (v.correspondence_same !== undefined && toFlag(v.correspondence_same) === undefined)
          issue('correspondence_same', 'invalid_value');
        if (toFlag(v.correspondence_same) === false)
          for (const [field, problem] of checkAddress(prefixed(CORRESPONDENCE_PREFIX, v)))
            issue(`${CORRESPONDENCE_PREFIX}${field}`, problem);
        for (const problem of checkAddressProofDetails(
          {
            type: asText(v.proof_type),
            issuedOn: asText(v.proof_issued_on),
            rentalMonths: toWholeNumber(v.proof_rental_months),
            confirmedMachinePrinted: toFlag(v.proof_confirmed),
          },
          ctx.today,
        ))
          issue(ADDRESS_PROOF_FIELD[problem], problem);
      }),
    ),
    z.transform((v): AddressFormAnswers => {
      const same = toFlag(v.correspondence_same) !== false;
      const out: Record<string, unknown> = {
        ...normalizeAddress(prefixed('', v)),
        correspondence_same: same,
        ...(same
          ? {}
          : withPrefix(CORRESPONDENCE_PREFIX, normalizeAddress(prefixed(CORRESPONDENCE_PREFIX, v)))),
        proof_type: v.proof_type,
        proof_issued_on: v.proof_issued_on,
        proof_confirmed: true,
      };
      if (v.proof_type === 'rental_contract') out.proof_rental_months = toWholeNumber(v.proof_rental_months);
      return out as AddressFormAnswers;
    }),
  );
}

const code6 = z.string().check(z.regex(/^(\d{6})?$/, 'address_area_invalid'));
const detailDraft = z.string().check(
  ...textRule({ normalize: false, multiline: true }),
  z.refine((s) => chars(s.trim()) <= ADDRESS_DETAIL_MAX, 'address_detail_too_long'),
);
const addressDraft = (prefix: string, region: string) => ({
  [`${prefix}region`]: z.enum(ADDRESS_REGIONS, { error: region }),
  [`${prefix}province_code`]: code6,
  [`${prefix}city_code`]: code6,
  [`${prefix}county_code`]: code6,
  [`${prefix}district`]: z.enum(HK_DISTRICT_CODES as unknown as [string, ...string[]], {
    error: 'address_district_required',
  }),
  [`${prefix}country`]: z.string().check(z.regex(/^[A-Z]{2}$/, 'address_country_required')),
  [`${prefix}detail`]: detailDraft,
  [`${prefix}postal_code`]: draftText(10, 'address_postal_invalid'),
});

/** The saved answers' shape (drafts): every field optional, each bounded as the complete form bounds it. */
export const addressDraftSchema = z.partial(
  z.object({
    ...addressDraft('', 'address_region_required'),
    correspondence_same: z.boolean(),
    ...addressDraft(CORRESPONDENCE_PREFIX, 'address_region_required'),
    proof_type: z.enum(ADDRESS_PROOF_TYPES, { error: 'address_proof_type_required' }),
    proof_rental_months: z
      .number({ error: 'address_proof_rental_too_short' })
      .check(z.int(), z.minimum(0), z.maximum(1200)),
    proof_issued_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'address_proof_date_required')),
    proof_confirmed: z.boolean(),
  }),
);

/** PDF e-statements among the step's documents are counted under this key (`StepFormContext.documentCounts`). */
export const ADDRESS_PROOF_PDF_COUNT_KEY = `${PDF_DOCUMENT_KINDS[0]}_pdf`;

/** issue #6 step 1, spec §3/§5: the residential and correspondence addresses and the address proof. */
export const addressForm: StepForm = {
  draft: addressDraftSchema as unknown as z.ZodMiniType<Record<string, unknown>>,
  schema: (ctx) => addressFormSchema(ctx) as unknown as z.ZodMiniType<Record<string, unknown>>,
  // the files: 1–3 images or one PDF e-statement (a PDF counts as one proof document)
  check: (answers, ctx) => {
    const all = ctx.documentCounts.address_proof ?? 0;
    const pdf = Math.min(ctx.documentCounts[ADDRESS_PROOF_PDF_COUNT_KEY] ?? 0, all);
    const problems = checkAddressProof(
      {
        type: asText(answers.proof_type),
        issuedOn: asText(answers.proof_issued_on),
        rentalMonths: toWholeNumber(answers.proof_rental_months),
        confirmedMachinePrinted: answers.proof_confirmed === true,
        images: all - pdf,
        pdf,
      },
      ctx.today,
    );
    const fields: Record<string, string> = {};
    for (const p of problems) fields[ADDRESS_PROOF_FIELD[p]] ??= p;
    return fields;
  },
};
