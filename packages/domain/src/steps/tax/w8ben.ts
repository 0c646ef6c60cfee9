// Form W-8BEN (Rev. October 2021), "Certificate of Foreign Status of Beneficial Owner for United
// States Tax Withholding and Reporting (Individuals)": a non-US individual trading US stocks gives
// it to the broker (the withholding agent's intermediary) so US-source dividends are withheld at the
// treaty rate instead of the statutory 30% (IRC §1441). Issue #6 step 6 builds its content from the
// earlier answers and shows it; the person signs it at the signature step (issue #7), so nothing
// signed is stored here. Pure: the server and the screen derive the same content.

import { mainlandAreaNames } from '../../flow/mainland-areas';
import { HK_DISTRICTS } from '../address/address-proof';
import { CORRESPONDENCE_PREFIX } from '../address/form';
import type { ApplicationFacts } from '../types';
import type { NoTinReason } from './crs';

/** IRC §1441(a), §871(a): US-source dividends paid to a non-resident alien without a treaty claim. */
export const STATUTORY_DIVIDEND_RATE_PERCENT = 30;

export interface DividendTreatyRate {
  /** The rate the treaty caps withholding at for portfolio dividends beneficially owned by an individual. */
  ratePercent: number;
  /** W-8BEN line 10: the article of the treaty that gives the rate… */
  article: string;
  /** …and its paragraph (subparagraph where the article has several rates). */
  paragraph: string;
  /** The treaty (convention or agreement) and the year it was signed, as the IRS lists it. */
  treaty: string;
}

/**
 * US income-tax treaties: the dividend rate an individual resident of the other country claims on
 * portfolio dividends (less than 10% of the voting stock), with the article and paragraph for
 * W-8BEN line 10. Rates as the IRS's Tax Treaty Table 1 (income code 06, dividends paid by US
 * corporations, general); articles from the treaty texts. The lower rates of those subparagraphs
 * are for companies holding 10% or more, which a retail individual is not.
 */
export const US_TREATY_DIVIDEND_RATES: Readonly<Record<string, DividendTreatyRate>> = {
  // Agreement of 30 April 1984, Article 9 (Dividends) paragraph 2: 10% of the gross amount.
  // (Article 10 of this agreement is Interest.)
  CN: { ratePercent: 10, article: '9', paragraph: '2', treaty: 'China 1984' },
  // Convention of 6 November 2003, Article 10(2)(b): 10% (5% for a company with 10% of the votes).
  JP: { ratePercent: 10, article: '10', paragraph: '2(b)', treaty: 'Japan 2003' },
  // Convention of 24 July 2001, Article 10(2)(b): 15%.
  GB: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'United Kingdom 2001' },
  // Convention of 26 September 1980 (Fifth Protocol 2007), Article X(2)(b): 15%.
  CA: { ratePercent: 15, article: 'X', paragraph: '2(b)', treaty: 'Canada 1980' },
  // Convention of 6 August 1982 (Protocol 2001), Article 10(2)(b): 15%.
  AU: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Australia 1982' },
  // Convention of 23 July 1982 (Protocol 2008), Article 10(2)(b): 15%.
  NZ: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'New Zealand 1982' },
  // Convention of 29 August 1989 (Protocol 2006), Article 10(2)(b): 15%.
  DE: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Germany 1989' },
  // Convention of 31 August 1994, Article 10(2)(b): 15%.
  FR: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'France 1994' },
  // Convention of 25 August 1999, Article 10(2)(b): 15%.
  IT: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Italy 1999' },
  // Convention of 19 August 1999 (Protocol 2006), Article 10(2)(b): 15%.
  DK: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Denmark 1999' },
  // Convention of 18 December 1992 (Protocol 2004), Article 10(2)(b): 15%.
  NL: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Netherlands 1992' },
  // Convention of 2 October 1996, Article 10(2)(b): 15%.
  CH: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Switzerland 1996' },
  // Convention of 1 September 1994, Article 10(2)(b): 15%.
  SE: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Sweden 1994' },
  // Convention of 26 November 1996, Article 10(2)(b): 15% (10% for a company with 10% of the votes).
  TH: { ratePercent: 15, article: '10', paragraph: '2(b)', treaty: 'Thailand 1996' },
  // Convention of 4 June 1976, Article 12 (Dividends) paragraph 2: 15% (10% for a company with 10%).
  KR: { ratePercent: 15, article: '12', paragraph: '2', treaty: 'Korea 1976' },
  // Convention of 1 October 1976, Article 11 (Dividends) paragraph 2: 25% (20% for a company with 10%).
  PH: { ratePercent: 25, article: '11', paragraph: '2', treaty: 'Philippines 1976' },
  // Convention of 12 September 1989, Article 10(2)(b): 25% (15% for a company with 10% of the votes).
  IN: { ratePercent: 25, article: '10', paragraph: '2(b)', treaty: 'India 1989' },
};

/**
 * Where the applicants of a Hong Kong broker most often live, without a US income-tax treaty in
 * force: no claim on line 10, dividends withheld at 30%. Hong Kong and Macao are not covered by the
 * China agreement (it applies where the PRC's tax laws are in force); Taiwan has none; the Viet Nam
 * convention of 2015 has not entered into force.
 */
export const NO_US_TREATY = ['HK', 'MO', 'TW', 'SG', 'MY', 'VN'] as const;

export type TreatyStatus =
  /** A treaty in force: the rate and article of US_TREATY_DIVIDEND_RATES are claimed. */
  | 'treaty'
  /** No treaty in force: 30%, no claim. */
  | 'no_treaty'
  /** Not in these tables: no claim is prefilled; customer service confirms before any is made. */
  | 'not_listed';

export function treatyDividendRate(country: string | null | undefined): {
  status: TreatyStatus;
  rate?: DividendTreatyRate;
} {
  const c = country?.toUpperCase() ?? '';
  const rate = US_TREATY_DIVIDEND_RATES[c];
  if (rate) return { status: 'treaty', rate };
  return { status: (NO_US_TREATY as readonly string[]).includes(c) ? 'no_treaty' : 'not_listed' };
}

/** The W-8BEN is needed when the account trades the US market (account type step). */
export function checkNeedsW8ben(facts: Pick<ApplicationFacts, 'answers'>): boolean {
  const markets = facts.answers.account_type?.markets;
  return Array.isArray(markets) && markets.includes('US');
}

/**
 * The citizenship the ID document proves: a mainland resident ID card is issued to PRC citizens
 * only; a passport names its nationality; an HKID is held by permanent and other residents of any
 * nationality, so it proves none (the tax step then asks).
 */
export function citizenshipFromId(identity: Readonly<Record<string, unknown>> | undefined): string | null {
  if (!identity) return null;
  if (identity.id_type === 'cn_id') return 'CN';
  if (identity.id_type === 'passport' && typeof identity.nationality === 'string')
    return identity.nationality;
  return null;
}

export interface W8benAddress {
  /** Street, building, flat: one line each. */
  lines: string[];
  /** City or town, state or province (line 3's second line). */
  city: string | null;
  postal_code: string | null;
  /** ISO 3166 alpha-2. */
  country: string;
}

export type W8benField =
  | 'name'
  | 'citizenship'
  | 'permanent_address'
  | 'foreign_tin'
  | 'date_of_birth'
  | 'treaty_country';

export interface W8benContent {
  form: 'W-8BEN';
  revision: 'October 2021';
  /** Line 1: the beneficial owner's name as on the ID (surname, given names). */
  name: string | null;
  /** Line 2: country of citizenship. */
  citizenship: string | null;
  /** Line 3: permanent residence address (the residential address; never a P.O. box). */
  permanent_address: W8benAddress | null;
  /** Line 4: mailing address, only when it differs from line 3. */
  mailing_address: W8benAddress | null;
  /** Line 5: US TIN (SSN/ITIN): none; a US person cannot open online. */
  us_tin: null;
  /** Line 6a: the foreign TIN of the country of residence, masked (the sealed value goes onto the signed form). */
  foreign_tin: { country: string; tin_masked: string | null; from_id: boolean } | null;
  /** Line 6b: the residence country issues no TIN or does not require it (CRS reasons A and C). */
  foreign_tin_not_required: boolean;
  /** Why line 6a is empty (CRS reason; with B, the person's explanation). */
  foreign_tin_reason: NoTinReason | null;
  foreign_tin_explanation: string | null;
  /** Line 8: date of birth, YYYY-MM-DD (printed MM-DD-YYYY on the form). */
  date_of_birth: string | null;
  /** Line 9: the country of residence for the treaty. */
  treaty_country: string | null;
  treaty_status: TreatyStatus | null;
  /** Line 10: the claim, only where a treaty gives a dividend rate. */
  treaty_claim: {
    article: string;
    paragraph: string;
    rate_percent: number;
    income: 'dividends';
    treaty: string;
  } | null;
  /** What US-source dividends are withheld at with this form. */
  dividend_withholding_percent: number;
  /** Lines the earlier steps have not answered yet. */
  missing: W8benField[];
}

type Obj = Readonly<Record<string, unknown>>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/**
 * One address of the address step (steps/address/form.ts `StoredAddress`, under `prefix`) as W-8BEN
 * lines: the detail (one line, or the free lines used outside mainland China and Hong Kong), the
 * Hong Kong district's English name or the mainland county, city and province as the area data
 * names them, the postal code, and the country (CN, HK, or the country chosen elsewhere).
 */
export function toW8benAddress(answers: unknown, prefix = ''): W8benAddress | null {
  const a = obj(answers);
  if (!a) return null;
  const get = (k: string) => str(a[`${prefix}${k}`]);
  const region = get('region');
  const country = region === 'CN' || region === 'HK' ? region : region === 'OTHER' ? get('country') : null;
  const detail = get('detail');
  if (!country || !detail) return null;
  let city: string | null = null;
  if (region === 'HK') {
    const district = HK_DISTRICTS.find((d) => d.code === get('district'));
    city = district ? district.name.en : null;
  } else if (region === 'CN') {
    const names = mainlandAreaNames({
      province_code: get('province_code') ?? undefined,
      city_code: get('city_code') ?? undefined,
      county_code: get('county_code') ?? undefined,
    });
    city = names.length ? [...names].reverse().join(', ') : null;
  }
  return {
    lines: detail
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    city,
    postal_code: get('postal_code'),
    country: country.toUpperCase(),
  };
}

function sameAddress(a: W8benAddress, b: W8benAddress): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Line 3 is the residential address; line 4 the correspondence address when it is another. */
function addressesOf(address: Obj | undefined): {
  permanent: W8benAddress | null;
  mailing: W8benAddress | null;
} {
  if (!address) return { permanent: null, mailing: null };
  const permanent = toW8benAddress(address);
  const other = address.correspondence_same === false ? toW8benAddress(address, CORRESPONDENCE_PREFIX) : null;
  return { permanent, mailing: other && !(permanent && sameAddress(other, permanent)) ? other : null };
}

export interface W8benSources {
  /** The saved answers of every step (sealed values stay out: the TINs appear masked). */
  answers: ApplicationFacts['answers'];
}

/**
 * The W-8BEN's content from the earlier answers: name and date of birth from the ID step;
 * citizenship from the ID document or, for an HKID, the tax step's answer; permanent residence
 * and mailing address from the address step; the foreign TIN (masked) and the treaty country from
 * the tax residency of the country of the permanent address (else the first one listed); the
 * dividend rate of that country's treaty with the United States.
 */
export function buildW8ben(src: W8benSources): W8benContent {
  const identity = src.answers.identity ?? {};
  const tax = src.answers.tax ?? {};
  const surname = str(identity.english_surname);
  const given = str(identity.english_given_name);
  const name = surname && given ? `${surname}, ${given}` : (surname ?? given);
  const citizenship = citizenshipFromId(identity) ?? str(tax.citizenship);
  const { permanent, mailing } = addressesOf(src.answers.address);
  const residencies = (Array.isArray(tax.tax_residencies) ? tax.tax_residencies : [])
    .map(obj)
    .filter((r): r is Obj => !!r && !!str(r.country));
  const residence =
    residencies.find((r) => permanent && str(r.country) === permanent.country) ?? residencies[0] ?? null;
  const treatyCountry = residence ? str(residence.country) : null;
  const reason = residence ? ((str(residence.tin_reason) as NoTinReason | null) ?? null) : null;
  const hasTin = !!residence && (!!str(residence.tin_masked) || residence.tin_from_id === true);
  const { status, rate } = treatyDividendRate(treatyCountry);
  const birth = str(identity.birth_date);

  const missing: W8benField[] = [];
  if (!name) missing.push('name');
  if (!citizenship) missing.push('citizenship');
  if (!permanent) missing.push('permanent_address');
  if (!residence) missing.push('treaty_country');
  else if (!hasTin && !reason) missing.push('foreign_tin');
  if (!birth) missing.push('date_of_birth');

  return {
    form: 'W-8BEN',
    revision: 'October 2021',
    name,
    citizenship,
    permanent_address: permanent,
    mailing_address: mailing,
    us_tin: null,
    foreign_tin:
      residence && hasTin
        ? {
            country: treatyCountry!,
            tin_masked: str(residence.tin_masked),
            from_id: residence.tin_from_id === true,
          }
        : null,
    foreign_tin_not_required: reason === 'A' || reason === 'C',
    foreign_tin_reason: hasTin ? null : reason,
    foreign_tin_explanation: !hasTin && reason === 'B' ? str(residence?.tin_reason_explanation) : null,
    date_of_birth: birth,
    treaty_country: treatyCountry,
    treaty_status: treatyCountry ? status : null,
    treaty_claim: rate
      ? {
          article: rate.article,
          paragraph: rate.paragraph,
          rate_percent: rate.ratePercent,
          income: 'dividends',
          treaty: rate.treaty,
        }
      : null,
    dividend_withholding_percent: rate ? rate.ratePercent : STATUTORY_DIVIDEND_RATE_PERCENT,
    missing,
  };
}
