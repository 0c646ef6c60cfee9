// The bank step's form on the generic step call (issue #7 step 3): the designated account for the
// first deposit (spec §5: at least HKD 10,000 from this account, in the applicant's own name).
// Which account is asked follows the ID location (identity `id_location`): a mainland resident ID
// gives a mainland debit card (bank_type 1), an HK or other ID a Hong Kong bank account (bank_type 2).
// The card or account number and the bank-reserved phone are sealed at rest; the answers keep only
// their masked forms (spec §5: numbers in groups of four, a telephone with its middle 4 digits masked).
import * as z from 'zod/mini';
import { MAINLAND_AREAS } from '../../flow/mainland-areas';
import { checkMobile, maskMobile } from '../../phone';
import { draftText, textRule } from '../../text';
import type { StepForm, StepFormContext } from '../step-form';
import {
  bankOfCard,
  checkLuhn,
  digitsOf,
  HONG_KONG_BANKS,
  hongKongBankOf,
  MAINLAND_BANKS,
  maskBankNumber,
} from './bank-data';

/** spec §4 `bank_type`: 1 a mainland debit card, 2 a Hong Kong bank account (0: none given yet). */
export const BANK_TYPES = { mainland_card: 1, hong_kong_account: 2 } as const;
export type BankType = (typeof BANK_TYPES)[keyof typeof BANK_TYPES];

const HK_CODES = HONG_KONG_BANKS.map((b) => b.code) as [string, ...string[]];
const CN_CODES = MAINLAND_BANKS.map((b) => b.code) as [string, ...string[]];
const CODE6 = /^\d{6}$/;

/** The kind of account the ID location asks for (mainland ID → mainland card; HK and other → HK account). */
export function bankTypeFor(idLocation: unknown): BankType {
  return idLocation === 'CN' ? BANK_TYPES.mainland_card : BANK_TYPES.hong_kong_account;
}

function bankTypeOf(ctx: StepFormContext): BankType {
  return bankTypeFor(ctx.facts.answers.identity?.id_location);
}

/** A name as banks print it: upper case, punctuation and repeated spaces dropped. */
export function normaliseHolderName(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[.,'’-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the holder name is the ID's English name, surname first or last ("CHAN TAI MAN", "TAI MAN CHAN"). */
export function checkHolderNameMatches(holder: string, surname: string, given: string): boolean {
  const h = normaliseHolderName(holder);
  const s = normaliseHolderName(surname);
  const g = normaliseHolderName(given);
  if (!h || !s) return false;
  return [`${s} ${g}`.trim(), `${g} ${s}`.trim()].includes(h);
}

/** A mainland province and city (GB/T 2260 codes, the city under its province). */
export function checkBankLocation(
  province: string | undefined,
  city: string | undefined,
): 'bank_location_required' | 'bank_location_invalid' | null {
  if (!province || !city) return 'bank_location_required';
  if (!CODE6.test(province) || !CODE6.test(city)) return 'bank_location_invalid';
  if (
    !Object.hasOwn(MAINLAND_AREAS.province_list, province) ||
    !Object.hasOwn(MAINLAND_AREAS.city_list, city)
  )
    return 'bank_location_invalid';
  return city.slice(0, 2) === province.slice(0, 2) ? null : 'bank_location_invalid';
}

const numberText = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .check(...textRule(), z.overwrite(digitsOf), z.minLength(1, requiredKey), z.maxLength(40, requiredKey));

const mainlandSchema = z.object({
  card_number: numberText('bank_card_number_required').check(
    z.regex(/^\d{16,19}$/, 'bank_card_number_invalid'),
    z.refine(checkLuhn, 'bank_card_number_checksum'),
  ),
  bank_code: z.enum(CN_CODES, { error: 'bank_code_required' }),
  reserved_phone: z.string({ error: 'bank_phone_required' }).check(
    ...textRule(),
    z.minLength(1, 'bank_phone_required'),
    z.refine((v) => checkMobile('CN', v) === null, 'bank_phone_invalid'),
    z.overwrite((v) => v.replace(/\D/g, '')),
  ),
  province_code: z.string({ error: 'bank_location_required' }).check(...textRule()),
  city_code: z.string({ error: 'bank_location_required' }).check(...textRule()),
});

const hongKongSchema = z.object({
  bank_code: z.enum(HK_CODES, { error: 'bank_code_required' }),
  account_number: numberText('bank_account_number_required').check(
    z.regex(/^\d+$/, 'bank_account_number_invalid'),
  ),
  holder_name: z
    .string({ error: 'bank_holder_name_required' })
    .check(
      ...textRule(),
      z.minLength(1, 'bank_holder_name_required'),
      z.maxLength(200, 'bank_holder_name_mismatch'),
    ),
});

/** A bank draft's saved answers (the number and the phone only as masks). */
const bankDraftShape = {
  bank_type: z.union([z.literal(1), z.literal(2)]),
  bank_code: z.string().check(z.regex(/^([A-Z]{2,6}|\d{3})$/)),
  number_masked: draftText(60),
  reserved_phone_masked: draftText(24),
  province_code: z.string().check(z.regex(CODE6)),
  city_code: z.string().check(z.regex(CODE6)),
  holder_name: draftText(200),
};

/**
 * spec §3 bank card number, bank name, bank-reserved phone, bank location; issue #7 step 3. The
 * number and the reserved phone travel once, when typed: the answers keep `number_masked` (spec §5
 * groups of four) and `reserved_phone_masked` (middle 4 digits masked), and a confirmation that does
 * not type them again sends those masks back (the field empty or absent) to keep the sealed ones.
 */
export const bankForm: StepForm = {
  draft: z.partial(z.object(bankDraftShape)),
  // as sent: the number and the phone typed, checked before they are sealed (`seal` keeps them
  // only once they are digits of a plausible length)
  draftInput: z.partial(
    z.object({
      ...bankDraftShape,
      card_number: draftText(40),
      account_number: draftText(40),
      reserved_phone: draftText(40),
    }),
  ),
  schema: (ctx) =>
    (bankTypeOf(ctx) === BANK_TYPES.mainland_card
      ? z.pipe(
          mainlandSchema,
          z.transform((v) => ({ bank_type: BANK_TYPES.mainland_card, ...v })),
        )
      : z.pipe(
          hongKongSchema,
          z.transform((v) => ({ bank_type: BANK_TYPES.hong_kong_account, ...v })),
        )) as unknown as z.ZodMiniType<Record<string, unknown>>,
  expandSealed: (answers, sealed) => {
    // a field left empty with the mask shown sent back: the sealed value it stands for is kept
    const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
    let out = answers;
    const keptNumber = sealed.own.card_number;
    const field =
      typeof answers.bank_code === 'string' && /^\d{3}$/.test(answers.bank_code)
        ? 'account_number'
        : 'card_number';
    if (keptNumber && isEmpty(answers[field]) && answers.number_masked === maskBankNumber(keptNumber))
      out = { ...out, [field]: keptNumber };
    const keptPhone = sealed.own.reserved_phone;
    if (
      keptPhone &&
      isEmpty(answers.reserved_phone) &&
      answers.reserved_phone_masked === maskMobile(keptPhone)
    )
      out = { ...out, reserved_phone: keptPhone };
    return out;
  },
  check: (answers, ctx) => {
    const fields: Record<string, string> = {};
    if (answers.bank_type === BANK_TYPES.mainland_card) {
      const issuer = bankOfCard(String(answers.card_number));
      if (issuer && issuer.code !== answers.bank_code) fields.bank_code = 'bank_card_bank_mismatch';
      const location = checkBankLocation(
        answers.province_code as string | undefined,
        answers.city_code as string | undefined,
      );
      if (location) fields.province_code = location;
      return fields;
    }
    const bank = hongKongBankOf(String(answers.bank_code));
    const digits = String(answers.account_number);
    if (bank && (digits.length < bank.account_digits[0] || digits.length > bank.account_digits[1]))
      fields.account_number = 'bank_account_number_invalid';
    const identity = ctx.facts.answers.identity ?? {};
    const surname = typeof identity.english_surname === 'string' ? identity.english_surname : '';
    const given = typeof identity.english_given_name === 'string' ? identity.english_given_name : '';
    if (!checkHolderNameMatches(String(answers.holder_name), surname, given))
      fields.holder_name = 'bank_holder_name_mismatch';
    return fields;
  },
  seal: (answers): ReturnType<NonNullable<StepForm['seal']>> => {
    const { card_number, account_number, reserved_phone, ...rest } = answers;
    const out: Record<string, unknown> = { ...rest };
    const sealed: ReturnType<NonNullable<StepForm['seal']>>['sealed'] = {};
    const raw = card_number ?? account_number;
    const digits = typeof raw === 'string' ? digitsOf(raw) : '';
    // a draft keeps a number only once it is digits of a plausible length; otherwise it is not kept
    if (/^\d{6,19}$/.test(digits)) {
      const masked = maskBankNumber(digits);
      out.number_masked = masked;
      sealed.card_number = { plain: digits, masked };
    }
    // the bank-reserved phone likewise (a mainland mobile is 11 digits; a draft keeps 6 or more)
    const phone = typeof reserved_phone === 'string' ? reserved_phone.replace(/\D/g, '') : '';
    if (/^\d{6,20}$/.test(phone)) {
      const masked = maskMobile(phone);
      out.reserved_phone_masked = masked;
      sealed.reserved_phone = { plain: phone, masked };
    } else if (answers.bank_type === BANK_TYPES.hong_kong_account) {
      // a Hong Kong account has no bank-reserved phone: one kept from a mainland draft goes
      sealed.reserved_phone = null;
    }
    return { answers: out, sealed };
  },
};
