// Issue #15: operations match identity deposits. A bank credit names its payer in free text
// ("CHAN TAI MAN", "Mr. Chan Tai-man", "陳大文", "CHEN DAWEN"); `matchPayerName` decides whether that
// text is the applicant's own name. Spec §5: the identity deposit comes from an account in the
// applicant's own name, and a third-party payment is never matched silently, so every doubt answers
// 'none' and a person looks at the credit. There is no score and no "partial": 'exact' or 'none'.
//
// The result: `{ match: 'exact', form }` says which of the applicant's names the payer text is
// (PayerNameForm); `{ match: 'none', reason }` says why not (PayerNameRefusal, a code to translate,
// not a sentence).
//
// How the payer text is read:
// - NFKC (full-width letters and spaces, compatibility ideographs), white space collapsed; more than
//   200 characters is refused before any other work.
// - Latin text: upper case; accents dropped, but ü written V as pinyin.ts writes it (LÜ = LV, never LU,
//   which is another surname); apostrophes dropped (XI'AN = XIAN); . , - / ( ) read as spaces. Any
//   other character (digits, & and +, symbols, zero-width or bidi controls) refuses the text. One
//   honorific (MR, MRS, MS, MISS, MDM, MADAM, DR) may stand first and one last.
// - Chinese text: Han characters (and the middle dot of transliterated names) only, spaces dropped;
//   先生, 女士 or 小姐 may follow the name. Latin and Chinese in one text are refused: which is the name?
//
// The applicant's forms, tried in this order:
// - english_id: the English surname and given name on the ID;
// - pinyin: the pinyin recorded for a mainland applicant, and the toneless pinyin of the Chinese name
//   the ID step suggests (`suggestPinyinName`); ü may be written V or YU (passports write LYU);
// - hk_romanisation: the Hong Kong Government romanisation of the Chinese name (cantonese-romanisation
//   `getRoman`), each reading of each character (written any of its variant ways, below), while the
//   name has at most 64 combinations of readings (more than that is too ambiguous to match on sound
//   alone; the other forms still apply). A character of a name written in simplified characters is
//   also read as its OpenCC traditional form (张 as 張, 万 as 萬); in any other name it is read as
//   itself, and as its traditional form only when the dictionary does not know it: 郁 in 郁文 is YUK,
//   never the WAT of 鬱, which simplifies to 郁;
// - chinese: the Chinese name itself, traditional or simplified.
// A Latin form matches surname first or given name first. Within the surname and within the given
// name, adjacent syllables may be joined (TAI MAN = TAI-MAN = TAIMAN) but a word never splits a
// syllable (TA IMAN) and the surname is never joined to the given name (CHANTAIMAN). A form is one
// reading throughout: CHEN TAI MAN (pinyin surname, Cantonese given name) is refused. Everything else
// is refused too: a missing or extra word, initials, another letter, a company, a second person.
//
// Traditional and simplified, through OpenCC (opencc-js), one character at a time (a name is not a
// phrase, and OpenCC's phrase tables would read one as words):
// - a character matches itself and its variants: characters that OpenCC's Hong Kong or Taiwan variant
//   table folds into the same OpenCC standard character (衞 = 衛, 温 = 溫, 峯 = 峰, 裏 = 裡, 啟 = 啓).
//   The tables are OpenCC's, not a list of name characters: they also fold 台 = 臺, 才 = 纔 and
//   參 = 蔘, which Hong Kong or Taiwan writes as one character;
// - only when one name is written in simplified characters and the other in traditional ones, a
//   traditional character also matches its OpenCC simplified form (陳大文 = 陈大文, 溫 = 温). Two
//   traditional names that differ are two names even where simplification merges them (陳家杰 is not
//   陳家傑, 鍾 is not 鐘, 豔 is not 艷: OpenCC keeps these apart as traditional characters).
// A name is traditional when a character of it changes on simplification; simplified when a character
// of it has an OpenCC traditional form and the Hong Kong romanisation dictionary (of traditional
// characters) knows none of its variant forms: 杰, 台, 后 are written in both scripts and prove
// nothing. A name with both (陈家傑) is neither, and matches only itself and its variants. A character
// OpenCC leaves alone (栢, not a variant of 柏 there) matches only itself. Homophones never match.
import { getRoman } from 'cantonese-romanisation';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { splitChineseName } from '../names';
import { suggestPinyinName } from '../pinyin';

/** Which of the applicant's names the payer text is (see the top of this file). */
export type PayerNameForm = 'english_id' | 'pinyin' | 'hk_romanisation' | 'chinese';

/** Why a payer text is not taken as the applicant's name; the first that applies is given. */
export type PayerNameRefusal =
  /** nothing left to read (blank, or an honorific alone) */
  | 'empty'
  /** characters no name has (digits, symbols, controls), or longer than any name */
  | 'unreadable'
  /** Latin and Chinese characters together */
  | 'mixed_scripts'
  /** &, +, 、, AND, 及, 與: a joint account or two payers */
  | 'several_persons'
  /** LTD, CO, LIMITED, COMPANY, 有限公司, … */
  | 'company'
  /** a one-letter word where the name has a syllable (CHAN T M) */
  | 'initials'
  /** a Chinese payer name, and the applicant has no Chinese name to compare it with */
  | 'no_chinese_name'
  /** none of the applicant's forms */
  | 'different_name';

/** The answer of `matchPayerName`. */
export type PayerNameMatch =
  | { match: 'exact'; form: PayerNameForm }
  | { match: 'none'; reason: PayerNameRefusal };

/** The applicant's names as recorded by the identity step. */
export interface ApplicantNames {
  /** identity `chinese_name`, traditional or simplified (陳大文, 陈大文); absent when the ID has none */
  chineseName?: string | null;
  /** identity `english_surname` as on the ID (CHAN) */
  englishSurname?: string | null;
  /** identity `english_given_name` as on the ID (TAI MAN) */
  englishGivenName?: string | null;
  /** mainland applicants: the pinyin as recorded, when it was (ZHANG / SAN FENG) */
  pinyin?: { surname: string; given: string } | null;
}

const MAX_PAYER_LENGTH = 200;
// the Chinese-name rule of the ID step (names.ts CHINESE_NAME_RE) allows at most 20 characters
const MAX_CHINESE_NAME_LENGTH = 20;
const MAX_READING_COMBINATIONS = 64;

const HONORIFICS = new Set(['MR', 'MRS', 'MS', 'MISS', 'MDM', 'MADAM', 'DR']);
const COMPANY_WORDS = new Set([
  'LTD',
  'LIMITED',
  'CO',
  'COMPANY',
  'CORP',
  'CORPORATION',
  'INC',
  'LLC',
  'LLP',
  'PLC',
  'HOLDINGS',
  'GROUP',
  'ENTERPRISE',
  'ENTERPRISES',
  'TRADING',
  'INTERNATIONAL',
]);
const JOINING_WORDS = new Set(['AND']);
const CHINESE_HONORIFICS = ['先生', '女士', '小姐'];
const CHINESE_COMPANY = /公司|有限|集團|集团|企業|企业/;
const CHINESE_SEVERAL = /[及與与]/;
const SEVERAL_SIGNS = /[&+、]/;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

// OpenCC's converters, each built on first use and kept: building one reads its dictionaries (the
// simplified → traditional one, with its phrase table, takes a noticeable fraction of a second).
function once(make: () => (text: string) => string): (text: string) => string {
  let convert: ((text: string) => string) | undefined;
  return (text) => {
    convert ??= make();
    return convert(text);
  };
}
const hongKongToStandard = once(() => OpenCC.Converter({ from: 'hk', to: 't' }));
const taiwanToStandard = once(() => OpenCC.Converter({ from: 'tw', to: 't' }));
const standardToHongKong = once(() => OpenCC.Converter({ from: 't', to: 'hk' }));
const standardToTaiwan = once(() => OpenCC.Converter({ from: 't', to: 'tw' }));
const standardToSimplified = once(() => OpenCC.Converter({ from: 't', to: 'cn' }));
const simplifiedToStandard = once(() => OpenCC.Converter({ from: 'cn', to: 't' }));

/** The OpenCC standard form of a character: its Hong Kong and Taiwan variants folded. */
const standardOf = (c: string): string => taiwanToStandard(hongKongToStandard(c));
/** The simplified form of a character (itself when it has none). */
const simplifiedOf = (c: string): string => standardToSimplified(standardOf(c));

/** The Hong Kong romanisations of a character written any of its variant ways (温 is known as 溫). */
function romanOf(c: string): string[] {
  const standard = standardOf(c);
  const forms = new Set([c, standard, standardToHongKong(standard), standardToTaiwan(standard)]);
  const readings = new Set<string>();
  for (const form of forms) {
    // the dictionary has a few placeholders ('$'): only letters are readings
    for (const r of getRoman(form)[0] ?? []) if (/^[a-z]+$/.test(r)) readings.add(r.toUpperCase());
  }
  return [...readings];
}

// A simplified character that Hong Kong's traditional text does not use: it has an OpenCC traditional
// form, and the HK romanisation dictionary (traditional characters) knows none of its variant forms.
// 杰, 岳, 台 are used in both and prove nothing. The costly converter is asked last.
const isSimplifiedOnly = (c: string): boolean =>
  simplifiedOf(c) === c && romanOf(c).length === 0 && simplifiedToStandard(c) !== c;

/**
 * The readings of a character of the name. In a name written in simplified characters, those of
 * its traditional form too (张 is read as 張, 万 as 萬); elsewhere the character's own, unless the
 * dictionary has none (郁 in a traditional name is YUK, not the WAT of 鬱, which simplifies to 郁).
 */
function readingsOf(c: string, simplifiedName: boolean): string[] {
  const own = romanOf(c);
  if (own.length > 0 && !simplifiedName) return own;
  return [...new Set([...own, ...romanOf(simplifiedToStandard(c))])];
}

type Script = 'traditional' | 'simplified' | 'neither' | 'mixed';

function scriptOf(chars: readonly string[]): Script {
  const traditional = chars.some((c) => simplifiedOf(c) !== c);
  const simplified = chars.some(isSimplifiedOnly);
  if (traditional && simplified) return 'mixed';
  if (traditional) return 'traditional';
  return simplified ? 'simplified' : 'neither';
}

function isSameChineseName(payer: readonly string[], recorded: readonly string[]): boolean {
  if (payer.length !== recorded.length) return false;
  if (payer.every((c, i) => c === recorded[i] || standardOf(c) === standardOf(recorded[i]!))) return true;
  const scripts = [scriptOf(payer), scriptOf(recorded)];
  let traditional: readonly string[];
  let simplified: readonly string[];
  if (scripts[0] === 'traditional' && scripts[1] === 'simplified')
    [traditional, simplified] = [payer, recorded];
  else if (scripts[0] === 'simplified' && scripts[1] === 'traditional')
    [traditional, simplified] = [recorded, payer];
  else return false;
  return traditional.every((c, i) => simplifiedOf(c) === simplified[i]);
}

/** A Chinese text as characters, or null when it holds anything but Han (and ·). */
function chineseChars(text: string): string[] | null {
  const s = text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[•・‧･]/g, '·');
  if (!/^[\p{Script=Han}·]+$/u.test(s)) return null;
  return Array.from(s);
}

/** A Latin text as upper-case words, or null when it holds a character no Latin name has. */
function latinWords(text: string): string[] | null {
  const s = text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/U\u0308/g, 'V')
    .replace(/\p{M}/gu, '')
    .replace(/['‘’`]/g, '')
    .replace(/[\s.,/()\-‐‑–—]+/g, ' ')
    .trim();
  if (!/^[A-Z ]*$/.test(s)) return null;
  return s ? s.split(' ') : [];
}

interface LatinForm {
  form: Exclude<PayerNameForm, 'chinese'>;
  surname: readonly string[];
  given: readonly string[];
}

/** Every choice of one option per position, or null when there would be more than the limit. */
function combinations(options: readonly (readonly string[])[]): string[][] | null {
  const count = options.reduce((n, o) => n * o.length, 1);
  if (count === 0 || count > MAX_READING_COMBINATIONS) return null;
  return options.reduce<string[][]>((acc, o) => acc.flatMap((prefix) => o.map((x) => [...prefix, x])), [[]]);
}

// Passports write ü as YU (LYU), bank systems as V (LV); U alone would be another syllable.
function umlautSpellings(surname: readonly string[], given: readonly string[], form: LatinForm['form']) {
  const options = [...surname, ...given].map((s) => (s.includes('V') ? [s, s.replace(/V/g, 'YU')] : [s]));
  const spellings = combinations(options) ?? [[...surname, ...given]];
  return spellings.map(
    (all): LatinForm => ({ form, surname: all.slice(0, surname.length), given: all.slice(surname.length) }),
  );
}

function pinyinSyllables(part: string, isSurname: boolean, joined: string): string[] {
  // the same call as pinyin.ts, kept as an array so that DA WEN may be written apart
  const syllables = pinyin(part, {
    toneType: 'none',
    type: 'array',
    v: true,
    surname: isSurname ? 'head' : 'off',
  }).map((s) => s.replace(/ü/g, 'V').toUpperCase());
  return syllables.join('') === joined && syllables.every((s) => /^[A-Z]+$/.test(s)) ? syllables : [joined];
}

// the names come from stored answers: a field that is not a string reads as no name, never throws
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function recordedChineseName(applicant: ApplicantNames): string[] | null {
  const chars = chineseChars(textOf(applicant.chineseName));
  return chars && chars.length <= MAX_CHINESE_NAME_LENGTH ? chars : null;
}

/** The applicant's Latin forms, cheapest first; the HK romanisation only when the others failed. */
function* latinForms(applicant: ApplicantNames): Generator<LatinForm> {
  const surname = latinWords(textOf(applicant.englishSurname));
  const given = latinWords(textOf(applicant.englishGivenName));
  if (surname && given) yield { form: 'english_id', surname, given };

  if (applicant.pinyin) {
    const s = latinWords(textOf(applicant.pinyin.surname));
    const g = latinWords(textOf(applicant.pinyin.given));
    if (s && g) yield* umlautSpellings(s, g, 'pinyin');
  }

  const chinese = recordedChineseName(applicant);
  if (!chinese || chinese.includes('·')) return;
  const name = chinese.join('');
  const parts = splitChineseName(name);
  const suggested = suggestPinyinName(name);
  if (suggested && /^[A-Z]+$/.test(suggested.surname + suggested.given)) {
    yield* umlautSpellings(
      pinyinSyllables(parts.surname, true, suggested.surname),
      pinyinSyllables(parts.given, false, suggested.given),
      'pinyin',
    );
  }

  const simplifiedName = scriptOf(chinese) === 'simplified';
  const readings = combinations(chinese.map((c) => readingsOf(c, simplifiedName)));
  const surnameLength = Array.from(parts.surname).length;
  for (const r of readings ?? []) {
    yield { form: 'hk_romanisation', surname: r.slice(0, surnameLength), given: r.slice(surnameLength) };
  }
}

/** Whether the words are the syllables, some adjacent ones joined, none split. */
function isGrouping(words: readonly string[], syllables: readonly string[]): boolean {
  let i = 0;
  for (const word of words) {
    let joined = '';
    while (joined.length < word.length && i < syllables.length) joined += syllables[i++];
    if (joined !== word) return false;
  }
  return i === syllables.length;
}

function isInOrder(words: readonly string[], first: readonly string[], second: readonly string[]): boolean {
  for (let k = 1; k < words.length; k++) {
    if (isGrouping(words.slice(0, k), first) && isGrouping(words.slice(k), second)) return true;
  }
  return false;
}

function isForm(words: readonly string[], { surname, given }: LatinForm): boolean {
  if (words.length === 0) return false;
  if (surname.length === 0 || given.length === 0) {
    const only = surname.length ? surname : given;
    return only.length > 0 && isGrouping(words, only);
  }
  return isInOrder(words, surname, given) || isInOrder(words, given, surname);
}

function withoutHonorifics(words: readonly string[]): readonly string[] {
  let w = words;
  if (w.length > 1 && HONORIFICS.has(w[0]!)) w = w.slice(1);
  if (w.length > 1 && HONORIFICS.has(w[w.length - 1]!)) w = w.slice(0, -1);
  return w;
}

const none = (reason: PayerNameRefusal): PayerNameMatch => ({ match: 'none', reason });

function matchLatin(text: string, applicant: ApplicantNames): PayerNameMatch {
  if (SEVERAL_SIGNS.test(text)) return none('several_persons');
  const words = latinWords(text);
  if (!words) return none('unreadable');
  const readings = [words, withoutHonorifics(words)];
  for (const form of latinForms(applicant)) {
    if (readings.some((w) => isForm(w, form))) return { match: 'exact', form: form.form };
  }
  if (words.every((w) => HONORIFICS.has(w))) return none('empty');
  if (words.some((w) => COMPANY_WORDS.has(w))) return none('company');
  if (words.some((w) => JOINING_WORDS.has(w))) return none('several_persons');
  if (words.some((w) => w.length === 1)) return none('initials');
  return none('different_name');
}

function matchChinese(text: string, applicant: ApplicantNames): PayerNameMatch {
  if (SEVERAL_SIGNS.test(text)) return none('several_persons');
  const chars = chineseChars(text);
  if (!chars) return none('unreadable');
  const recorded = recordedChineseName(applicant);
  if (!recorded) return none('no_chinese_name');
  const joined = chars.join('');
  const readings = [
    chars,
    ...CHINESE_HONORIFICS.filter((h) => joined.endsWith(h)).map((h) => chars.slice(0, -h.length)),
  ];
  if (readings.some((c) => isSameChineseName(c, recorded))) return { match: 'exact', form: 'chinese' };
  if (CHINESE_COMPANY.test(joined)) return none('company');
  if (CHINESE_SEVERAL.test(joined)) return none('several_persons');
  return none('different_name');
}

/**
 * Whether the payer name on a bank credit is the applicant's own name (issue #15).
 *
 * `payer` is the free text of a bank statement; `applicant` the names the identity step recorded.
 * 'exact' only when the text is one of the applicant's names written another way (order, case,
 * hyphens, spacing, full width, an honorific, traditional or simplified characters, pinyin or Hong
 * Kong romanisation of the Chinese name); every near miss is 'none' with a reason. Never throws.
 *
 * @example matchPayerName('Mr. Chan Tai-man', { chineseName: '陳大文', englishSurname: 'CHAN', englishGivenName: 'TAI MAN' })
 * // → { match: 'exact', form: 'english_id' }
 */
export function matchPayerName(payer: string, applicant: ApplicantNames): PayerNameMatch {
  if (typeof payer !== 'string') return none('empty');
  // cheap checks first: the rest of the work grows with the text
  if (payer.length > MAX_PAYER_LENGTH) return none('unreadable');
  const text = payer.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!text) return none('empty');
  const hasHan = HAN.test(text);
  const hasLatin = LATIN.test(text);
  if (hasHan && hasLatin) return none('mixed_scripts');
  const names = applicant ?? {};
  if (hasHan) return matchChinese(text, names);
  if (hasLatin) return matchLatin(text, names);
  return none(SEVERAL_SIGNS.test(text) ? 'several_persons' : 'unreadable');
}
