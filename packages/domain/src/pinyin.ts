// Separate entry (`@hk/domain/pinyin`): the pinyin dictionary is large, so only the ID confirm
// screen loads it.
import { pinyin } from 'pinyin-pro';
import { splitChineseName } from './names';

function toLatin(s: string, isSurname: boolean): string {
  return pinyin(s, { toneType: 'none', type: 'array', v: true, surname: isSurname ? 'head' : 'off' })
    .join('')
    .replace(/ü/g, 'V')
    .toUpperCase();
}

/** Mainland passports and bank records spell names in pinyin without tones: 张三丰 → ZHANG / SANFENG. */
export function suggestPinyinName(chineseName: string): { surname: string; given: string } | null {
  const { surname, given } = splitChineseName(chineseName);
  if (!surname || !given) return null;
  return { surname: toLatin(surname, true), given: toLatin(given, false) };
}
