// Content that staff manage for the status page (issue #15, docs/content.md): today's IPOs, the
// banner carousel and the customer-service block. Pure rules, shared by the API, the console and
// the applicant's app.
import type { Language } from '../constants';
import { hongKongToday } from '../hong-kong-time';

/** spec §3 banner item: the types a banner may have. */
export const BANNER_TYPES = ['openWebView', 'stock_detail', 'miniProgram', 'ipoList', 'stock_ipo'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** spec §3 banner item `data`: every key a banner's data may hold. */
export const BANNER_DATA_KEYS = [
  'title',
  'url',
  'share',
  'name',
  'exchange',
  'symbol',
  'market',
  'ei',
  'userName',
  'path',
] as const;
export type BannerDataKey = (typeof BANNER_DATA_KEYS)[number];

/**
 * What each type needs in `data` to open its target (the rest is optional): a web view needs the
 * page; a quote (stock_detail) or an IPO's page (stock_ipo) needs the instrument (symbol, exchange
 * and market); a mini program needs its account and path; the IPO list needs nothing.
 */
export const BANNER_REQUIRED_DATA = {
  openWebView: ['url'],
  stock_detail: ['symbol', 'exchange', 'market'],
  stock_ipo: ['symbol', 'exchange', 'market'],
  miniProgram: ['userName', 'path'],
  ipoList: [],
} as const satisfies Record<BannerType, readonly BannerDataKey[]>;

/** The keys a type may carry: what it needs plus the shared display fields. */
export const BANNER_ALLOWED_DATA = {
  openWebView: ['url', 'title', 'share'],
  stock_detail: ['symbol', 'exchange', 'market', 'name', 'ei'],
  stock_ipo: ['symbol', 'exchange', 'market', 'name', 'ei'],
  miniProgram: ['userName', 'path', 'title'],
  ipoList: ['title'],
} as const satisfies Record<BannerType, readonly BannerDataKey[]>;

export const BANNER_MARKETS = ['HK', 'US', 'SH', 'SZ'] as const;
export const BANNER_DATA_MAX = 500;

/**
 * The problems of a banner's data for its type, keyed by the field (`data.url`, …), each an
 * error-catalogue key; empty when the data is right. A web view's page must be https (a banner is
 * a link every applicant taps: no http, no javascript: or data: URLs).
 */
export function bannerDataProblems(type: BannerType, data: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  const allowed: readonly string[] = BANNER_ALLOWED_DATA[type];
  for (const key of Object.keys(data)) {
    if (!allowed.includes(key) && data[key] !== '')
      problems[`data.${key}`] = 'content_banner_data_not_for_type';
  }
  for (const key of BANNER_REQUIRED_DATA[type]) {
    if (!data[key]?.trim()) problems[`data.${key}`] = 'content_banner_data_required';
  }
  if (data.url && !problems['data.url'] && !isHttpsUrl(data.url))
    problems['data.url'] = 'content_banner_url_invalid';
  if (data.market && !problems['data.market'] && !(BANNER_MARKETS as readonly string[]).includes(data.market))
    problems['data.market'] = 'content_banner_market_invalid';
  if (data.symbol && !problems['data.symbol'] && !/^[A-Za-z0-9.]{1,12}$/.test(data.symbol))
    problems['data.symbol'] = 'content_banner_symbol_invalid';
  if (data.share && !problems['data.share'] && data.share !== '0' && data.share !== '1')
    problems['data.share'] = 'content_banner_share_invalid';
  return problems;
}

/** An absolute https URL with a host (what a banner may open). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Only the keys of the type, blanks dropped: what is stored and served. */
export function cleanBannerData(type: BannerType, data: Record<string, string>): Record<string, string> {
  const allowed: readonly string[] = BANNER_ALLOWED_DATA[type];
  return Object.fromEntries(
    Object.entries(data)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([k, v]) => allowed.includes(k) && v !== ''),
  );
}

export const BANNER_LANGUAGES = ['all', 'zh-CN', 'zh-HK', 'en'] as const;
export type BannerLanguage = (typeof BANNER_LANGUAGES)[number];

/**
 * A banner the applicant sees now in `lang`: published, not deleted, its language or every
 * language, and inside its schedule (start inclusive, end exclusive; either may be open).
 */
export function checkIsBannerLive(
  b: {
    published: boolean;
    deletedAt?: string | null;
    language: string;
    startsAt: string | null;
    endsAt: string | null;
  },
  lang: Language,
  now: Date,
): boolean {
  if (!b.published || b.deletedAt) return false;
  if (b.language !== 'all' && b.language !== lang) return false;
  const t = now.getTime();
  if (b.startsAt && Date.parse(b.startsAt) > t) return false;
  if (b.endsAt && Date.parse(b.endsAt) <= t) return false;
  return true;
}

/**
 * An IPO open for subscription today in Hong Kong (spec §1 "open for subscription today"): its
 * subscription dates (inclusive, Hong Kong dates) contain today's Hong Kong date.
 */
export function checkIsIpoOpenOn(ipo: { subscribeFrom: string; subscribeTo: string }, now: Date): boolean {
  const today = hongKongToday(now);
  return ipo.subscribeFrom <= today && today <= ipo.subscribeTo;
}

/** spec §3 IPO item: the leverage "0" means none. */
export function checkHasLeverage(leverage: string): boolean {
  return leverage.trim() !== '' && Number(leverage) > 0;
}

/** Leverage as entered: "0" (none) or a multiple from 1 to 100 with at most one decimal place. */
export const LEVERAGE_RE = /^(0|[1-9]\d?(\.\d)?|100)$/;

export const IPO_CURRENCIES = ['HKD', 'USD', 'CNY'] as const;
export type IpoCurrency = (typeof IPO_CURRENCIES)[number];

/** Popularity as a level from 0 (none shown) to 5. */
export const IPO_POPULARITY_MAX = 5;

/** Each currency's minor units per major unit (HKD, USD and CNY all have cents). */
const MINOR_PER_MAJOR: Record<IpoCurrency, number> = { HKD: 100, USD: 100, CNY: 100 };

/** The most an amount may be (in minor units): 10 billion in major units, well inside 2^53. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/**
 * An amount entered as money ("3,030.25", "3030", "1 000.5") in minor units, or null when it is not
 * money: digits with optional thousands separators (comma or space) and at most two decimals.
 */
export function parseMoneyToMinor(input: string, currency: IpoCurrency): number | null {
  const s = input.trim();
  if (!/^(\d{1,3}([, ]\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const [whole, fraction = ''] = s.replace(/[, ]/g, '').split('.');
  const per = MINOR_PER_MAJOR[currency];
  const minor = Number(whole) * per + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** Minor units as the amount a person types ("3030.25", "3000"): what the console's form shows. */
export function minorToMoneyInput(minor: number, currency: IpoCurrency): string {
  const per = MINOR_PER_MAJOR[currency];
  const whole = Math.floor(minor / per);
  const cents = minor % per;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

const INTL_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-CN', 'zh-HK': 'zh-HK', en: 'en-HK' };

/** Minor units as digits in the person's language, with the decimals the amount has ("3,030.25", "3,000"). */
export function formatMoneyDigits(minor: number, currency: IpoCurrency, lang: Language): string {
  const per = MINOR_PER_MAJOR[currency];
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    minimumFractionDigits: minor % per === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / per);
}

/** The currency's name in the person's language ("港元", "港幣", "Hong Kong dollars"). */
export function currencyName(currency: IpoCurrency, lang: Language): string {
  return CURRENCY_NAMES[currency][lang];
}

const CURRENCY_NAMES: Record<IpoCurrency, Record<Language, string>> = {
  HKD: { 'zh-CN': '港元', 'zh-HK': '港元', en: 'Hong Kong dollars' },
  USD: { 'zh-CN': '美元', 'zh-HK': '美元', en: 'US dollars' },
  CNY: { 'zh-CN': '人民币', 'zh-HK': '人民幣', en: 'Renminbi' },
};

/** "3,030.25 港元" / "3,030.25 Hong Kong dollars": the amount in its currency, digits and words. */
export function formatMoney(minor: number, currency: IpoCurrency, lang: Language): string {
  return `${formatMoneyDigits(minor, currency, lang)} ${currencyName(currency, lang)}`;
}
