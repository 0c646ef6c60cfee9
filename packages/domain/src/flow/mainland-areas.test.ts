import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AreaQueryResponseSchema } from './area-contracts';
import { checkMainlandArea, MAINLAND_AREAS, mainlandAreaNames, mainlandAreaOptions } from './mainland-areas';

const SHENZHEN_NANSHAN = { province_code: '440000', city_code: '440300', county_code: '440305' };

describe('MAINLAND_AREAS (spec §3 area data, from @vant/area-data)', () => {
  it('keeps the 31 mainland provinces and leaves out Taiwan, Hong Kong and Macao', () => {
    expect(Object.keys(MAINLAND_AREAS.province_list)).toHaveLength(31);
    for (const list of Object.values(MAINLAND_AREAS))
      for (const code of Object.keys(list)) expect(['71', '81', '82']).not.toContain(code.slice(0, 2));
    expect(areaList.province_list['810000']).toBe('香港特别行政区');
    expect(MAINLAND_AREAS.province_list['810000']).toBeUndefined();
  });

  it('is every mainland entry of the package, keyed by 6-digit codes', () => {
    const mainland = (l: Record<string, string>) =>
      Object.keys(l).filter((c) => !['71', '81', '82'].includes(c.slice(0, 2))).length;
    expect(Object.keys(MAINLAND_AREAS.city_list)).toHaveLength(mainland(areaList.city_list));
    expect(Object.keys(MAINLAND_AREAS.county_list)).toHaveLength(mainland(areaList.county_list));
    expect(Object.keys(MAINLAND_AREAS.county_list).length).toBeGreaterThan(2800);
    for (const list of Object.values(MAINLAND_AREAS))
      for (const code of Object.keys(list)) expect(code).toMatch(/^\d{6}$/);
  });

  it('fits the /app/area/query contract', () => {
    expect(
      z.safeParse(AreaQueryResponseSchema, { status: 0, data: MAINLAND_AREAS, info: 'ok' }).success,
    ).toBe(true);
    expect(
      z.safeParse(AreaQueryResponseSchema, {
        status: 0,
        data: { ...MAINLAND_AREAS, city_list: { '4403': '深圳市' } },
        info: 'ok',
      }).success,
    ).toBe(false);
  });
});

describe('checkMainlandArea (spec §5: a selection with any empty code is refused)', () => {
  it.each([
    SHENZHEN_NANSHAN,
    { province_code: '110000', city_code: '110100', county_code: '110105' },
    // a county-level city directly under its province (河南 省直辖县 济源市)
    { province_code: '410000', city_code: '419000', county_code: '419001' },
    // a city without districts: its towns are the third level (东莞市 南城街道)
    { province_code: '440000', city_code: '441900', county_code: '441903' },
  ])('%j is a real selection', (sel) => {
    expect(checkMainlandArea(sel)).toBeNull();
  });

  it.each([
    {},
    { ...SHENZHEN_NANSHAN, county_code: '' },
    { ...SHENZHEN_NANSHAN, city_code: '' },
    { ...SHENZHEN_NANSHAN, province_code: '' },
    { ...SHENZHEN_NANSHAN, county_code: undefined },
  ])('%j has an empty code: area empty', (sel) => {
    expect(checkMainlandArea(sel)).toBe('address_area_required');
  });

  it.each([
    ['an unknown county', { ...SHENZHEN_NANSHAN, county_code: '440399' }],
    ['a county of another city (广州 天河区)', { ...SHENZHEN_NANSHAN, county_code: '440106' }],
    ['a city of another province', { ...SHENZHEN_NANSHAN, province_code: '110000' }],
    ['a county code given as the city', { ...SHENZHEN_NANSHAN, city_code: '440305' }],
    ['Hong Kong, not the mainland', { province_code: '810000', city_code: '810100', county_code: '810101' }],
    ['not 6 digits', { ...SHENZHEN_NANSHAN, county_code: '44030' }],
    ['letters', { ...SHENZHEN_NANSHAN, county_code: '44030a' }],
    [
      'a name of the object prototype',
      { province_code: '440000', city_code: '440300', county_code: 'constructor' },
    ],
  ])('%s is not a real selection', (_label, sel) => {
    expect(checkMainlandArea(sel)).toBe('address_area_invalid');
  });
});

describe('names and picker options', () => {
  it('names the selection province to county', () => {
    expect(mainlandAreaNames(SHENZHEN_NANSHAN)).toEqual(['广东省', '深圳市', '南山区']);
    expect(mainlandAreaNames({ province_code: '440000', city_code: '999999' })).toEqual(['广东省']);
  });

  it('builds the three-level tree with every county once, under its city and province', () => {
    const options = mainlandAreaOptions();
    expect(options).toHaveLength(31);
    const guangdong = options.find((o) => o.value === '440000')!;
    const shenzhen = guangdong.children!.find((c) => c.value === '440300')!;
    expect(shenzhen.label).toBe('深圳市');
    expect(shenzhen.children!.map((c) => c.label)).toContain('南山区');
    const counties = options.flatMap((p) => p.children!.flatMap((c) => c.children!));
    expect(counties).toHaveLength(Object.keys(MAINLAND_AREAS.county_list).length);
    for (const p of options)
      for (const c of p.children!) {
        expect(c.children!.length).toBeGreaterThan(0);
        for (const k of c.children!)
          expect(
            checkMainlandArea({ province_code: p.value, city_code: c.value, county_code: k.value }),
          ).toBeNull();
      }
    expect(mainlandAreaOptions()).toBe(options);
  });
});
