// The corpus of hostile text (issue #12): each string and the text rule's key it must be refused
// with. The domain's tests check the rule and every schema against it; the API's no-5xx sweep sends
// it in every field of every route. Written here, not downloaded, so that anyone can read it.
import type { TextProblem } from './text-rule';

export const HOSTILE_TEXTS: readonly (readonly [what: string, value: string, key: TextProblem])[] = [
  ['NUL', 'ACME\u0000 LTD', 'text_control_characters'],
  ['BEL and ESC', 'ACME\u0007\u001b LTD', 'text_control_characters'],
  ['a tab inside', 'ACME\tLTD', 'text_control_characters'],
  ['a newline inside', 'Flat A\nBlock 2', 'text_control_characters'],
  ['DEL', 'ACME\u007f', 'text_control_characters'],
  ['a C1 control (NEL)', 'ACME\u0085LTD', 'text_control_characters'],
  ['a C1 control (CSI)', 'ACME\u009b31m', 'text_control_characters'],
  ['the line separator', 'ACME\u2028LTD', 'text_control_characters'],
  ['a lone high surrogate', 'Flat \ud800 A', 'text_invalid_unicode'],
  ['a lone low surrogate', '\udc00ACME', 'text_invalid_unicode'],
  ['a high surrogate at the end', 'ACME\ud83d', 'text_invalid_unicode'],
  ['a noncharacter', 'ACME\uffff', 'text_invalid_unicode'],
  ['a combining-mark flood', `A${'\u0301\u0300\u0302\u0303\u0304'.repeat(4)}CME`, 'text_invalid_unicode'],
  ['the right-to-left override', '\u202eDTL EMCA', 'text_bidi_control'],
  ['the left-to-right embedding', 'ACME \u202aLTD\u202c', 'text_bidi_control'],
  ['an isolate', 'ACME \u2067LTD\u2069', 'text_bidi_control'],
  ['the right-to-left mark', 'ACME\u200f LTD', 'text_bidi_control'],
  ['the Arabic letter mark', 'ACME\u061c', 'text_bidi_control'],
  ['a zero-width space', 'AC\u200bME', 'text_invisible_characters'],
  ['a zero-width joiner', 'AC\u200dME', 'text_invisible_characters'],
  ['a word joiner', 'AC\u2060ME', 'text_invisible_characters'],
  ['a soft hyphen', 'AC\u00adME', 'text_invisible_characters'],
  ['a BOM inside', 'AC\ufeffME', 'text_invisible_characters'],
  ['tag characters (hidden ASCII)', 'ACME\u{e0041}\u{e0042}', 'text_invisible_characters'],
  ['a Hangul filler', 'ACME\u3164', 'text_invisible_characters'],
];

/** Text people really type: refused by nothing. */
export const LEGITIMATE_TEXTS: readonly string[] = [
  '港峰證券有限公司',
  '陈大文',
  '歐陽·娜娜',
  'CHAN Tai Man',
  "O'Brien-Smith",
  'Flat 12A, 23/F, Tower 1, 1 Harbour Road',
  'محمد عبد الله', // Arabic: right-to-left without any control character
  'שלום', // Hebrew
  'Nguyễn Văn Ánh', // Vietnamese: stacked diacritics, within the limit
  'กรุงเทพมหานคร', // Thai
  'Café Müller',
  '😀👍🏽', // emoji with a skin-tone modifier (a surrogate pair, no joiner)
  '𠀋𡈽', // CJK Extension B (surrogate pairs)
  '葛\u{e0100}', // an ideographic variation selector (names use them)
  'Room\u00a0A', // no-break space
  '　全角空格　内', // ideographic space inside
];
