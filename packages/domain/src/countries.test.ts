import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { COUNTRY_CODES, checkIsCountryCode, countryName, listCountries } from './countries';

describe('country codes (ISO 3166-1 alpha-2)', () => {
  it('has 249 unique two-letter codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const c of COUNTRY_CODES) expect(c).toMatch(/^[A-Z]{2}$/);
  });
  it('includes the regions the product cares about and not user-assigned codes', () => {
    for (const c of ['CN', 'HK', 'MO', 'TW', 'US', 'GB', 'DE']) expect(checkIsCountryCode(c)).toBe(true);
    for (const c of ['XK', 'EU', 'ZZ', 'cn', '', 'CHN']) expect(checkIsCountryCode(c)).toBe(false);
  });
});

describe('listCountries (names in each language, sorted for its reader)', () => {
  it.each([
    ['zh-CN', '德国'],
    ['zh-HK', '德國'],
    ['en', 'Germany'],
  ] as const)('%s names DE %s', (lang, name) => {
    expect(listCountries(lang).find((c) => c.code === 'DE')?.name).toBe(name);
    expect(countryName('DE', lang)).toBe(name);
  });

  it.each(LANGUAGES)('%s lists all 249 codes once, each with a real name', (lang) => {
    const list = listCountries(lang);
    expect(list).toHaveLength(249);
    expect(new Set(list.map((c) => c.code)).size).toBe(249);
    const unnamed = list.filter((c) => c.name === c.code || !c.name.trim());
    expect(unnamed).toEqual([]);
  });

  it.each([
    ['en', 'zh-Hans-CN'],
    ['zh-CN', 'zh-Hans-CN'],
    ['zh-HK', 'zh-Hant-HK'],
  ] as const)('%s is sorted by its collation', (lang, locale) => {
    const list = listCountries(lang);
    const collator = new Intl.Collator(lang === 'en' ? 'en' : locale);
    for (let i = 1; i < list.length; i++)
      expect(
        collator.compare(list[i - 1]!.name, list[i]!.name),
        `${list[i - 1]!.name} ≤ ${list[i]!.name}`,
      ).toBeLessThanOrEqual(0);
  });

  it('sorts English names alphabetically ignoring accents (Åland between Afghanistan and Albania)', () => {
    const names = listCountries('en').map((c) => c.name);
    expect(names[0]).toBe('Afghanistan');
    expect(names.indexOf('Åland Islands')).toBe(names.indexOf('Afghanistan') + 1);
    expect(names.indexOf('Albania')).toBe(names.indexOf('Åland Islands') + 1);
  });

  it('sorts Simplified Chinese names by pinyin (阿… before 中国)', () => {
    const names = listCountries('zh-CN').map((c) => c.name);
    expect(names[0]?.startsWith('阿')).toBe(true);
    expect(names.indexOf('中国')).toBeGreaterThan(names.indexOf('德国'));
  });
});
