// The bank step's reference data (issue #7 step 3): the Hong Kong licensed banks a designated
// account may be held at, with their 3-digit bank codes, and the major mainland banks with the
// card BINs (issuer prefixes) their UnionPay debit cards start with. Imported by path only.
//
// Sources and limits (docs/api/steps/bank.md):
// - Hong Kong bank codes: the clearing codes HKICL assigns (the same code as on the bank's cheques
//   and in FPS/CHATS), for licensed banks incorporated in Hong Kong that serve individuals, plus
//   the HK branch of the Bank of Communications (382) and the eight virtual banks (387–395).
// - Account number lengths: digits of the branch code and account number together, as the bank
//   prints them on statements (bank code excluded). Where a public guide states a bank's length
//   (OSL's eDDA bank-code guide: HSBC and Hang Seng 10–12, BOCHK 11, Standard Chartered 11, ICBC
//   (Asia) 12, CITIC Bank Intl 12, CMB Wing Lung 11, Citibank 10–11, CCB (Asia) 11–12) the range
//   below contains it, widened by one where the bank's own formats vary (a 12-digit BOCHK number
//   with its branch); every other bank takes the general Hong Kong range, 9 to 12 digits. A range
//   refuses what is clearly not an account number; it cannot prove one exists.
// - Mainland BINs: well-known prefixes of the banks' own debit cards. Each one was checked (issue #7)
//   against two independent public BIN tables: hexindai/bcbc data/bin.csv (bin, bank, card type
//   DC/CC, length; commit de63182, 2025-02) and sirencode/BankBin (per-bank lists). Every prefix
//   below is in both, for the same bank, and bcbc marks it a debit card (DC). Two corrections came
//   from it: ICBC's 955880 became 95588 (the 5-digit prefix of its older 19-digit cards, as both
//   list), and Ping An's 622155 (a credit card BIN in both) gave way to its debit BINs 623058 and
//   622298. These are community-kept tables, not UnionPay's own register. Few per bank: a card of a
//   listed bank whose prefix is not here is "not found" (the person then picks the bank) rather
//   than given a wrong bank.

export interface HongKongBank {
  /** HKICL 3-digit bank code. */
  code: string;
  en: string;
  zh_hans: string;
  zh_hant: string;
  /** Fewest and most digits of branch code + account number. */
  account_digits: readonly [number, number];
}

const HK_GENERAL: readonly [number, number] = [9, 12];

export const HONG_KONG_BANKS: readonly HongKongBank[] = [
  {
    code: '003',
    en: 'Standard Chartered Bank (Hong Kong) Limited',
    zh_hans: '渣打银行（香港）有限公司',
    zh_hant: '渣打銀行（香港）有限公司',
    account_digits: [10, 12],
  },
  {
    code: '004',
    en: 'The Hongkong and Shanghai Banking Corporation Limited',
    zh_hans: '香港上海汇丰银行有限公司',
    zh_hant: '香港上海滙豐銀行有限公司',
    account_digits: [10, 12],
  },
  {
    code: '009',
    en: 'China Construction Bank (Asia) Corporation Limited',
    zh_hans: '中国建设银行（亚洲）股份有限公司',
    zh_hant: '中國建設銀行（亞洲）股份有限公司',
    account_digits: [11, 12],
  },
  {
    code: '012',
    en: 'Bank of China (Hong Kong) Limited',
    zh_hans: '中国银行（香港）有限公司',
    zh_hant: '中國銀行（香港）有限公司',
    account_digits: [11, 12],
  },
  {
    code: '015',
    en: 'The Bank of East Asia, Limited',
    zh_hans: '东亚银行有限公司',
    zh_hant: '東亞銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '016',
    en: 'DBS Bank (Hong Kong) Limited',
    zh_hans: '星展银行（香港）有限公司',
    zh_hant: '星展銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '018',
    en: 'China CITIC Bank International Limited',
    zh_hans: '中信银行（国际）有限公司',
    zh_hant: '中信銀行（國際）有限公司',
    account_digits: [12, 12],
  },
  {
    code: '020',
    en: 'CMB Wing Lung Bank Limited',
    zh_hans: '招商永隆银行有限公司',
    zh_hant: '招商永隆銀行有限公司',
    account_digits: [11, 12],
  },
  {
    code: '024',
    en: 'Hang Seng Bank Limited',
    zh_hans: '恒生银行有限公司',
    zh_hant: '恒生銀行有限公司',
    account_digits: [10, 12],
  },
  {
    code: '025',
    en: 'Shanghai Commercial Bank Limited',
    zh_hans: '上海商业银行有限公司',
    zh_hant: '上海商業銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '027',
    en: 'Bank of Communications (Hong Kong) Limited',
    zh_hans: '交通银行（香港）有限公司',
    zh_hant: '交通銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '028',
    en: 'Public Bank (Hong Kong) Limited',
    zh_hans: '大众银行（香港）有限公司',
    zh_hant: '大眾銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '035',
    en: 'OCBC Bank (Hong Kong) Limited',
    zh_hans: '华侨银行（香港）有限公司',
    zh_hant: '華僑銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '038',
    en: 'Tai Yau Bank Limited',
    zh_hans: '大有银行有限公司',
    zh_hant: '大有銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '039',
    en: 'Chiyu Banking Corporation Limited',
    zh_hans: '集友银行有限公司',
    zh_hant: '集友銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '040',
    en: 'Dah Sing Bank, Limited',
    zh_hans: '大新银行有限公司',
    zh_hant: '大新銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '041',
    en: 'Chong Hing Bank Limited',
    zh_hans: '创兴银行有限公司',
    zh_hant: '創興銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '043',
    en: 'Nanyang Commercial Bank, Limited',
    zh_hans: '南洋商业银行有限公司',
    zh_hant: '南洋商業銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '061',
    en: 'Tai Sang Bank Limited',
    zh_hans: '大生银行有限公司',
    zh_hant: '大生銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '072',
    en: 'Industrial and Commercial Bank of China (Asia) Limited',
    zh_hans: '中国工商银行（亚洲）有限公司',
    zh_hant: '中國工商銀行（亞洲）有限公司',
    account_digits: [12, 12],
  },
  {
    code: '128',
    en: 'Fubon Bank (Hong Kong) Limited',
    zh_hans: '富邦银行（香港）有限公司',
    zh_hant: '富邦銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '250',
    en: 'Citibank (Hong Kong) Limited',
    zh_hans: '花旗银行（香港）有限公司',
    zh_hant: '花旗銀行（香港）有限公司',
    account_digits: [10, 12],
  },
  {
    code: '382',
    en: 'Bank of Communications Co., Ltd. Hong Kong Branch',
    zh_hans: '交通银行股份有限公司香港分行',
    zh_hant: '交通銀行股份有限公司香港分行',
    account_digits: HK_GENERAL,
  },
  {
    code: '387',
    en: 'ZA Bank Limited',
    zh_hans: '众安银行有限公司',
    zh_hant: '眾安銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '388',
    en: 'Livi Bank Limited',
    zh_hans: '理慧银行有限公司',
    zh_hant: '理慧銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '389',
    en: 'Mox Bank Limited',
    zh_hans: 'Mox Bank Limited',
    zh_hant: 'Mox Bank Limited',
    account_digits: HK_GENERAL,
  },
  {
    code: '390',
    en: 'WeLab Bank Limited',
    zh_hans: '汇立银行有限公司',
    zh_hant: '匯立銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '391',
    en: 'Fusion Bank Limited',
    zh_hans: '富融银行有限公司',
    zh_hant: '富融銀行有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '392',
    en: 'PAO Bank Limited',
    zh_hans: '平安壹账通银行（香港）有限公司',
    zh_hant: '平安壹賬通銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '393',
    en: 'Ant Bank (Hong Kong) Limited',
    zh_hans: '蚂蚁银行（香港）有限公司',
    zh_hant: '螞蟻銀行（香港）有限公司',
    account_digits: HK_GENERAL,
  },
  {
    code: '395',
    en: 'Airstar Bank Limited',
    zh_hans: '天星银行有限公司',
    zh_hant: '天星銀行有限公司',
    account_digits: HK_GENERAL,
  },
];

export interface MainlandBank {
  /** The bank's usual short code (as in CNAPS-era listings: ICBC, CCB…). */
  code: string;
  en: string;
  zh_hans: string;
  zh_hant: string;
  /** Debit-card BIN prefixes (6 digits; 5 for the banks' older 19-digit cards). */
  bins: readonly string[];
}

export const MAINLAND_BANKS: readonly MainlandBank[] = [
  {
    code: 'ICBC',
    en: 'Industrial and Commercial Bank of China',
    zh_hans: '中国工商银行',
    zh_hant: '中國工商銀行',
    bins: ['622202', '622208', '621226', '621225', '95588'],
  },
  {
    code: 'CCB',
    en: 'China Construction Bank',
    zh_hans: '中国建设银行',
    zh_hant: '中國建設銀行',
    bins: ['621700', '622700', '436742'],
  },
  {
    code: 'ABC',
    en: 'Agricultural Bank of China',
    zh_hans: '中国农业银行',
    zh_hant: '中國農業銀行',
    bins: ['622848', '622845', '95599'],
  },
  { code: 'BOC', en: 'Bank of China', zh_hans: '中国银行', zh_hant: '中國銀行', bins: ['601382', '621661'] },
  {
    code: 'BOCOM',
    en: 'Bank of Communications',
    zh_hans: '交通银行',
    zh_hant: '交通銀行',
    bins: ['622260', '622262', '405512'],
  },
  {
    code: 'CMB',
    en: 'China Merchants Bank',
    zh_hans: '招商银行',
    zh_hant: '招商銀行',
    bins: ['622588', '622580', '621485', '95555'],
  },
  {
    code: 'PSBC',
    en: 'Postal Savings Bank of China',
    zh_hans: '中国邮政储蓄银行',
    zh_hant: '中國郵政儲蓄銀行',
    bins: ['621799', '622150', '622151', '621098'],
  },
  {
    code: 'CITIC',
    en: 'China CITIC Bank',
    zh_hans: '中信银行',
    zh_hant: '中信銀行',
    bins: ['622690', '622691'],
  },
  {
    code: 'CEB',
    en: 'China Everbright Bank',
    zh_hans: '中国光大银行',
    zh_hant: '中國光大銀行',
    bins: ['622660', '622662'],
  },
  {
    code: 'CMBC',
    en: 'China Minsheng Bank',
    zh_hans: '中国民生银行',
    zh_hant: '中國民生銀行',
    bins: ['622622', '622615', '622617', '622619'],
  },
  {
    code: 'SPDB',
    en: 'Shanghai Pudong Development Bank',
    zh_hans: '上海浦东发展银行',
    zh_hant: '上海浦東發展銀行',
    bins: ['622521', '622522', '622523'],
  },
  {
    code: 'CIB',
    en: 'Industrial Bank',
    zh_hans: '兴业银行',
    zh_hant: '興業銀行',
    bins: ['622908', '622909'],
  },
  {
    code: 'PAB',
    en: 'Ping An Bank',
    zh_hans: '平安银行',
    zh_hant: '平安銀行',
    bins: ['621626', '623058', '622298'],
  },
  { code: 'HXB', en: 'Hua Xia Bank', zh_hans: '华夏银行', zh_hant: '華夏銀行', bins: ['622630', '622631'] },
  {
    code: 'GDB',
    en: 'China Guangfa Bank',
    zh_hans: '广发银行',
    zh_hant: '廣發銀行',
    bins: ['622568', '621462'],
  },
];

const HK_BY_CODE = new Map(HONG_KONG_BANKS.map((b) => [b.code, b]));
const CN_BY_CODE = new Map(MAINLAND_BANKS.map((b) => [b.code, b]));

export function hongKongBankOf(code: string): HongKongBank | undefined {
  return HK_BY_CODE.get(code);
}
export function mainlandBankOf(code: string): MainlandBank | undefined {
  return CN_BY_CODE.get(code);
}

/** Digits only: the spaces and hyphens people type in groups are dropped (spec §5). */
export function digitsOf(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** ISO/IEC 7812 Luhn check digit: every card number of UnionPay's debit cards carries one. */
export function checkLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The mainland bank whose BIN the card number starts with (the longest prefix wins), if listed. */
export function bankOfCard(number: string): MainlandBank | undefined {
  const digits = digitsOf(number);
  let best: { bank: MainlandBank; length: number } | undefined;
  for (const bank of MAINLAND_BANKS)
    for (const bin of bank.bins)
      if (digits.startsWith(bin) && (!best || bin.length > best.length)) best = { bank, length: bin.length };
  return best?.bank;
}

/** A bank's name in a language (zh-CN Simplified, zh-HK Traditional, en English). */
export function bankNameIn(bank: { en: string; zh_hans: string; zh_hant: string }, lang: string): string {
  return lang === 'en' ? bank.en : lang === 'zh-HK' ? bank.zh_hant : bank.zh_hans;
}

/** A bank as a picker's option (spec §3 select option): HK banks show their 3-digit code first. */
export function bankSelectOptions(
  region: 'HK' | 'CN',
  lang: string,
): { value: string; text: string; disabled: boolean }[] {
  return region === 'HK'
    ? HONG_KONG_BANKS.map((b) => ({
        value: b.code,
        text: `${b.code} ${bankNameIn(b, lang)}`,
        disabled: false,
      }))
    : MAINLAND_BANKS.map((b) => ({ value: b.code, text: bankNameIn(b, lang), disabled: false }));
}

/**
 * Where the designated account's bank is (spec §7 `get_bank_country_list`): a mainland debit card
 * (bank_type 1) at a mainland bank, a Hong Kong account (bank_type 2) at a Hong Kong bank.
 */
export const BANK_REGION_OF_TYPE = { 1: 'CN', 2: 'HK' } as const;

/** Below this many digits (Hong Kong accounts, 9–12) only the last 4 stay: 4 + 4 would show most of it. */
const MASK_KEEPS_FIRST_FOUR_FROM = 13;

/**
 * spec §5: a card or account number shown in groups of 4, its middle masked: a card (13 digits or
 * more) keeps its first 4 and last 4 digits ("6222 **** **** 1234"); a shorter account number only
 * its last 4 ("**** **** 9012").
 */
export function maskBankNumber(raw: string): string {
  const d = digitsOf(raw);
  const masked =
    d.length < MASK_KEEPS_FIRST_FOUR_FROM
      ? d.replace(/.(?=.{4})/g, '*')
      : `${d.slice(0, 4)}${'*'.repeat(d.length - 8)}${d.slice(-4)}`;
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
