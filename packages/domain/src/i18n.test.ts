import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from './constants';
import { ERROR_MESSAGES, pickLanguage, translateError } from './i18n';

describe('pickLanguage (spec §1: zh-CN default; Traditional for Hant, TW or HK; English for en)', () => {
  it.each([
    'zh-TW',
    'zh-Hant',
    'zh-HK',
    'zh-MO',
    'zh-hk',
    'zh_TW',
    'zh-Hant-TW',
    'zh-Hant-CN',
    'yue-HK',
    'ZH-HK',
  ])('%s → zh-HK', (tag) => expect(pickLanguage(tag)).toBe('zh-HK'));
  it.each(['zh', 'zh-CN', 'zh-cn', 'zh-Hans', 'zh-SG', 'zh-Hans-CN', 'zh-Hans-HK'])('%s → zh-CN', (tag) =>
    expect(pickLanguage(tag)).toBe('zh-CN'),
  );
  it.each(['en', 'en-US', 'en-GB', 'EN', 'en-HK'])('%s → en', (tag) => expect(pickLanguage(tag)).toBe('en'));
  it.each(['hant', 'tw', 'hk'])('a bare language parameter %s → zh-HK', (tag) =>
    expect(pickLanguage(tag)).toBe('zh-HK'),
  );

  it.each([undefined, null, '', '   ', 'fr', 'de-DE', '*', 'xx-YY', ',,;q=1'])(
    'unknown %j → zh-CN',
    (tag) => {
      expect(pickLanguage(tag)).toBe(DEFAULT_LANGUAGE);
      expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    },
  );

  describe('Accept-Language lists', () => {
    it.each([
      ['zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7', 'zh-HK'],
      ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
      ['fr-FR,fr;q=0.9,zh-HK;q=0.8', 'zh-HK'],
      ['de, en;q=0.5', 'en'],
      ['fr, de;q=0.5', 'zh-CN'],
    ])('%s → %s (first known language)', (header, lang) => {
      expect(pickLanguage(header)).toBe(lang);
    });
    it('honours q values, not the written order', () => {
      expect(pickLanguage('en;q=0.1, zh-TW;q=0.9')).toBe('zh-HK');
      expect(pickLanguage('zh-CN;q=0.2, en')).toBe('en');
    });
    it('keeps the written order between equal q values', () => {
      expect(pickLanguage('zh-HK;q=0.8, en;q=0.8')).toBe('zh-HK');
      expect(pickLanguage('en, zh-HK')).toBe('en');
    });
    it('skips languages marked q=0 (not acceptable)', () => {
      expect(pickLanguage('en;q=0, zh-TW;q=0.5')).toBe('zh-HK');
      expect(pickLanguage('zh-TW;q=0')).toBe('zh-CN');
    });
  });
});

describe('translateError (falls back to zh-CN, then to the key itself)', () => {
  it('translates a key in each language', () => {
    expect(translateError('zh-CN', 'mobile_required')).toBe(ERROR_MESSAGES['zh-CN'].mobile_required);
    expect(translateError('zh-HK', 'mobile_required')).toBe(ERROR_MESSAGES['zh-HK'].mobile_required);
    expect(translateError('en', 'mobile_required')).toBe(ERROR_MESSAGES.en.mobile_required);
    expect(
      new Set(['zh-CN', 'zh-HK', 'en'].map((l) => translateError(l as 'en', 'mobile_required'))).size,
    ).toBe(3);
  });

  it('falls back to zh-CN when a language lacks the key', () => {
    const zhCN = ERROR_MESSAGES['zh-CN'];
    zhCN.__only_in_zh_cn = '仅简体';
    try {
      expect(translateError('en', '__only_in_zh_cn')).toBe('仅简体');
      expect(translateError('zh-HK', '__only_in_zh_cn')).toBe('仅简体');
    } finally {
      delete zhCN.__only_in_zh_cn;
    }
  });

  it('returns the key when no language has it', () => {
    expect(translateError('en', 'no_such_key_anywhere')).toBe('no_such_key_anywhere');
    expect(translateError('zh-CN', 'no_such_key_anywhere')).toBe('no_such_key_anywhere');
  });
});
