// Tax residency: the CRS self-certification (Inland Revenue Ordinance, Cap. 112, Part 8A; the OECD
// Common Reporting Standard) and the US-person rule (FATCA) of issue #6 step 6.
// zod/mini, as the contracts: the form and the server validate with the same schema.
import * as z from 'zod/mini';
import { checkIsCountryCode } from '../../countries';
import { checkHkIdNumber, type IdType, normalizeIdNumber } from '../../id-documents';
import { textRule } from '../../text';

/** issue #6 step 6: 1–5 jurisdictions of tax residency. */
export const MAX_TAX_RESIDENCIES = 5;

/**
 * OECD CRS self-certification: reason codes A/B/C as IRD's form, when no TIN is given.
 * A: the jurisdiction does not issue TINs to its residents.
 * B: the person cannot obtain a TIN (explain why).
 * C: the jurisdiction does not require the TIN to be disclosed.
 */
export const NO_TIN_REASONS = ['A', 'B', 'C'] as const;
export type NoTinReason = (typeof NO_TIN_REASONS)[number];
/** spec §9: text inputs at most 200 characters. */
export const NO_TIN_EXPLANATION_MAX = 200;

/** Other jurisdictions' TINs: 1–30 letters, digits, spaces, hyphens or slashes, with a letter or digit. */
const OTHER_TIN_RE = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 /-]{1,30}$/;
/** GB 11643-1999 shape of the mainland resident ID number, which is the mainland's individual TIN. */
const CN_TIN_RE = /^\d{17}[\dX]$/;

/**
 * The TIN as stored: trimmed; for Hong Kong (the HKID number) and the mainland (the resident ID
 * number) upper-cased with spaces, hyphens and brackets removed, as the ID step stores ID numbers
 * (A123456(3) → A1234563).
 */
export function normalizeTin(country: string, tin: string): string {
  if (country === 'HK') return normalizeIdNumber('hk_id', tin);
  if (country === 'CN') return normalizeIdNumber('cn_id', tin);
  return tin.trim();
}

/**
 * IRD: a Hong Kong resident's TIN is the HKID number (check digit included). OECD CN TIN sheet: an
 * individual's TIN is the 18-character resident ID number. Elsewhere only the characters are checked.
 * `tin` as normalizeTin returns it.
 */
export function checkIsTinFormat(country: string, tin: string): boolean {
  if (country === 'HK') return checkHkIdNumber(tin) === null;
  if (country === 'CN') return CN_TIN_RE.test(tin);
  return OTHER_TIN_RE.test(tin);
}

/**
 * The residency and TIN the ID document gives, to prefill the form: the HKID number for Hong Kong,
 * the resident ID number for the mainland; nothing from a passport (a passport number is no TIN).
 */
export function prefillTin(
  idType: IdType,
  idNumber: string,
): { country: 'HK' | 'CN'; tin: string } | undefined {
  if (idType === 'hk_id') {
    const tin = normalizeTin('HK', idNumber);
    return checkIsTinFormat('HK', tin) ? { country: 'HK', tin } : undefined;
  }
  if (idType === 'cn_id') {
    const tin = normalizeTin('CN', idNumber);
    return checkIsTinFormat('CN', tin) ? { country: 'CN', tin } : undefined;
  }
  return undefined;
}

/** Message keys of the CRS form, where a rule function rather than a schema option gives them. */
export type CrsProblem =
  | 'tax_residency_required'
  | 'tax_residency_duplicate'
  | 'tax_residency_too_many'
  | 'tin_or_reason_required'
  | 'tin_reason_b_explanation_required'
  | 'tin_reason_b_explanation_too_long'
  | 'tin_format'
  | 'tin_from_id_unavailable'
  | 'us_person_answer_required'
  | 'citizenship_invalid';

const optionalTrimmed = (key: CrsProblem) =>
  z.optional(
    z.pipe(
      z.string({ error: key }).check(...textRule()),
      z.transform((s) => s || undefined),
    ),
  );

function taxResidencySchema() {
  return z
    .object({
      country: z
        .string({ error: 'tax_residency_required' })
        .check(z.trim(), z.toUpperCase(), z.refine(checkIsCountryCode, 'tax_residency_required')),
      tin: optionalTrimmed('tin_format'),
      /**
       * The TIN is the ID number the ID step sealed (HKID for HK, resident ID for CN): the screen
       * sends this flag instead of the number, which never travels back to the client; the server
       * puts the number in (`expandTinFromId`) before this schema checks its format again.
       */
      tin_from_id: z.optional(z.boolean({ error: 'tin_or_reason_required' })),
      /** The TIN saved before, as shown back: the server keeps the sealed one it stands for. */
      tin_masked: z.optional(
        z.string({ error: 'tin_format' }).check(...textRule(), z.maxLength(40, 'tin_format')),
      ),
      tin_reason: z.optional(z.enum(NO_TIN_REASONS, { error: 'tin_or_reason_required' })),
      tin_reason_explanation: optionalTrimmed('tin_reason_b_explanation_required'),
    })
    .check(
      z.superRefine((v, ctx) => {
        const issue = (path: string, message: CrsProblem) =>
          ctx.addIssue({ code: 'custom', path: [path], message, input: v });
        const hasTin = v.tin !== undefined || v.tin_from_id === true || !!v.tin_masked;
        // A TIN, or (only when there is none) a reason: one answer, never both.
        if (!hasTin && v.tin_reason === undefined) issue('tin', 'tin_or_reason_required');
        else if (hasTin && v.tin_reason !== undefined) issue('tin_reason', 'tin_or_reason_required');
        else if (v.tin !== undefined && !checkIsTinFormat(v.country, normalizeTin(v.country, v.tin)))
          issue('tin', 'tin_format');
        if (v.tin_reason === 'B') {
          if (v.tin_reason_explanation === undefined)
            issue('tin_reason_explanation', 'tin_reason_b_explanation_required');
          else if ([...v.tin_reason_explanation].length > NO_TIN_EXPLANATION_MAX)
            issue('tin_reason_explanation', 'tin_reason_b_explanation_too_long');
        }
      }),
      // Stored as checked: the TIN normalised, an explanation kept only with reason B.
      z.overwrite((v) => ({
        ...v,
        tin: v.tin === undefined ? undefined : normalizeTin(v.country, v.tin),
        tin_from_id: v.tin_from_id === true && v.tin_reason === undefined ? true : undefined,
        tin_masked: v.tin === undefined && v.tin_from_id !== true ? v.tin_masked || undefined : undefined,
        tin_reason_explanation: v.tin_reason === 'B' ? v.tin_reason_explanation : undefined,
      })),
    );
}

/**
 * The CRS self-certification of the tax step, and the FATCA questions: US citizenship (the ID
 * step's nationality shows one citizenship only, so it is asked of everyone), green card, born in
 * the United States.
 */
export function crsFormSchema() {
  return z.object({
    tax_residencies: z.array(taxResidencySchema(), { error: 'tax_residency_required' }).check(
      z.minLength(1, 'tax_residency_required'),
      z.maxLength(MAX_TAX_RESIDENCIES, 'tax_residency_too_many'),
      z.superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((r, i) => {
          if (seen.has(r.country))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'country'],
              message: 'tax_residency_duplicate',
              input: list,
            });
          seen.add(r.country);
        });
      }),
    ),
    us_citizen: z.boolean({ error: 'us_person_answer_required' }),
    us_green_card: z.boolean({ error: 'us_person_answer_required' }),
    us_born: z.boolean({ error: 'us_person_answer_required' }),
    /**
     * Country of citizenship for the W-8BEN (line 2), asked only when the US market is chosen and
     * the ID step does not show it (an HKID is held by permanent residents of any nationality).
     */
    citizenship: z.optional(
      z
        .string({ error: 'citizenship_invalid' })
        .check(z.trim(), z.toUpperCase(), z.refine(checkIsCountryCode, 'citizenship_invalid')),
    ),
  });
}
export type CrsFormInput = z.input<ReturnType<typeof crsFormSchema>>;
export type CrsForm = z.output<ReturnType<typeof crsFormSchema>>;

export type UsPersonFacts = {
  /** ISO 3166 alpha-2 from the ID step. */
  nationality?: string | undefined;
  /** Any further citizenship the person declares. */
  otherNationalities?: readonly string[] | undefined;
  /** Countries of tax residency (ISO 3166 alpha-2). */
  taxResidencies: readonly string[];
  /** Declares US citizenship (dual citizens included). */
  usCitizen?: boolean | undefined;
  /** Holds a US permanent resident card (green card). */
  greenCard: boolean;
  /** Born in the United States: a citizen by birth unless citizenship was renounced. */
  usBorn?: boolean | undefined;
};

/**
 * FATCA (IRC §7701(a)(30) and (b)): a US citizen, a green card holder or a US tax resident is a US person.
 * A US birthplace is FATCA's indicium of citizenship; curing it needs a certificate of loss of
 * nationality, which an online opening cannot take, so it counts here.
 */
export function checkIsUsPerson(facts: UsPersonFacts): boolean {
  const isUs = (c: string | undefined) => c?.trim().toUpperCase() === 'US';
  return (
    isUs(facts.nationality) ||
    (facts.otherNationalities ?? []).some(isUs) ||
    facts.taxResidencies.some(isUs) ||
    facts.usCitizen === true ||
    facts.greenCard === true ||
    facts.usBorn === true
  );
}

export type UsPersonProblem = 'us_person_not_online';

/** A US person cannot open an account online (issue #6 step 6), and is told so. */
export function checkUsPerson(facts: UsPersonFacts): UsPersonProblem | null {
  return checkIsUsPerson(facts) ? 'us_person_not_online' : null;
}

/** A TIN as shown back: its first two and last two characters. */
export function maskTin(tin: string): string {
  return tin.length <= 4
    ? '*'.repeat(tin.length)
    : `${tin.slice(0, 2)}${'*'.repeat(tin.length - 4)}${tin.slice(-2)}`;
}

/** The ID document the ID step sealed, read by the server only. */
export interface SealedIdDocument {
  idType: IdType;
  idNumber: string;
}

/** What the server holds sealed that a tax answer may stand for. */
export interface SealedTinSources {
  /** The ID step's document (`tin_from_id`). */
  idDocument?: SealedIdDocument | undefined;
  /** The TINs this step sealed before (a residency sent back with its `tin_masked` keeps its TIN). */
  keptTins?: readonly { country: string; tin: string }[] | undefined;
}

/**
 * Puts the sealed values in where the answers stand for them, so the plain TIN never travels to
 * the client and back:
 * - `tin_from_id`: the ID number, for the country the ID document gives (HKID → HK, resident ID →
 *   CN); a flag the document cannot honour stays without a TIN (`checkTinFromId` reports it);
 * - `tin_masked` without a TIN: the TIN sealed before for that country, when the mask still matches;
 *   otherwise the mask is dropped and the residency needs a TIN or a reason again.
 * Server side only.
 */
export function expandSealedTins(
  answers: Record<string, unknown>,
  sources: SealedTinSources,
): Record<string, unknown> {
  if (!Array.isArray(answers.tax_residencies)) return answers;
  const id = sources.idDocument;
  const prefill = id ? prefillTin(id.idType, id.idNumber) : undefined;
  return {
    ...answers,
    tax_residencies: answers.tax_residencies.map((r: unknown) => {
      if (!r || typeof r !== 'object') return r;
      const row = r as Record<string, unknown>;
      const country = typeof row.country === 'string' ? row.country.trim().toUpperCase() : '';
      if (row.tin_from_id === true || row.tin_from_id === 'true') {
        const { tin: _tin, tin_masked: _masked, ...rest } = row;
        return prefill && prefill.country === country
          ? { ...rest, tin: prefill.tin, tin_from_id: true }
          : { ...rest, tin_from_id: true };
      }
      if (typeof row.tin_masked === 'string' && (row.tin === undefined || row.tin === '')) {
        const { tin_masked, tin: _tin, ...rest } = row;
        const kept = sources.keptTins?.find((k) => k.country === country && maskTin(k.tin) === tin_masked);
        return kept ? { ...rest, tin: kept.tin } : rest;
      }
      const { tin_masked: _masked, ...rest } = row;
      return rest;
    }),
  };
}

/** A residency flagged `tin_from_id` that got no TIN: the ID document does not give that country's TIN. */
export function checkTinFromId(answers: { tax_residencies?: readonly Record<string, unknown>[] }) {
  const bad = (answers.tax_residencies ?? []).findIndex((r) => r.tin_from_id === true && !r.tin);
  return bad < 0 ? null : { index: bad, problem: 'tin_from_id_unavailable' as const };
}
