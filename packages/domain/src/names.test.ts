import { describe, expect, it } from 'vitest';
import { CHINESE_NAME_RE, ENGLISH_NAME_RE, normalizeEnglishName, splitChineseName } from './names';
import { suggestPinyinName } from './pinyin';

describe('splitChineseName (compound surnames read as one surname)', () => {
  it.each([
    ['张三丰', '张', '三丰'],
    ['李白', '李', '白'],
    ['欧阳娜娜', '欧阳', '娜娜'],
    ['歐陽娜娜', '歐陽', '娜娜'],
    ['司马光', '司马', '光'],
    ['诸葛亮', '诸葛', '亮'],
    ['上官婉儿', '上官', '婉儿'],
    [' 陈小春 ', '陈', '小春'],
  ])('%s → %s / %s', (name, surname, given) => {
    expect(splitChineseName(name)).toEqual({ surname, given });
  });

  it('does not take a two-character compound surname as the whole name', () => {
    expect(splitChineseName('欧阳')).toEqual({ surname: '欧', given: '阳' });
  });

  it('gives an empty given name for a single character', () => {
    expect(splitChineseName('张')).toEqual({ surname: '张', given: '' });
  });
});

describe('suggestPinyinName (mainland spelling: toneless pinyin, upper case, ü written V)', () => {
  it.each([
    ['张三丰', 'ZHANG', 'SANFENG'],
    ['欧阳娜娜', 'OUYANG', 'NANA'],
    ['吕布', 'LV', 'BU'],
    ['单田芳', 'SHAN', 'TIANFANG'],
    ['曾国藩', 'ZENG', 'GUOFAN'],
    ['王绿', 'WANG', 'LV'],
  ])('%s → %s / %s', (name, surname, given) => {
    expect(suggestPinyinName(name)).toEqual({ surname, given });
  });

  it('reads 单 as DAN outside the surname position', () => {
    expect(suggestPinyinName('王单')?.given).toBe('DAN');
  });

  it('suggests nothing without a given name', () => {
    expect(suggestPinyinName('张')).toBeNull();
    expect(suggestPinyinName('')).toBeNull();
  });
});

describe('normalizeEnglishName (upper case, single spaces, trimmed)', () => {
  it.each([
    [' smith ', 'SMITH'],
    ['john  paul', 'JOHN PAUL'],
    ["o'brien-jones", "O'BRIEN-JONES"],
    ['\tmary\n ann ', 'MARY ANN'],
  ])('%j → %j', (input, out) => {
    expect(normalizeEnglishName(input)).toBe(out);
  });
});

describe('name patterns', () => {
  it.each(['张三', '欧阳娜娜', '迪丽热巴·迪力木拉提'])('CHINESE_NAME_RE accepts %s', (n) => {
    expect(CHINESE_NAME_RE.test(n)).toBe(true);
  });
  it.each(['张', 'Zhang San', '张3', '张 三', '一二三四五六七八九十一二三四五六七八九十一'])(
    'CHINESE_NAME_RE refuses %j',
    (n) => expect(CHINESE_NAME_RE.test(n)).toBe(false),
  );
  it.each(['SMITH', "O'BRIEN", 'JOHN PAUL', 'ANNE-MARIE'])('ENGLISH_NAME_RE accepts %s', (n) => {
    expect(ENGLISH_NAME_RE.test(n)).toBe(true);
  });
  it.each(['', '-SMITH', 'SMITH1', '张', 'A'.repeat(41)])('ENGLISH_NAME_RE refuses %j', (n) => {
    expect(ENGLISH_NAME_RE.test(n)).toBe(false);
  });
});
