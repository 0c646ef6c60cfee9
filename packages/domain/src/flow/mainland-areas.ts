// Mainland China's provinces, cities and counties (spec §3 address form: province_list, city_list,
// county_list keyed by 6-digit area codes), from @vant/area-data, a maintained package of the
// GB/T 2260 administrative division codes. Imported by path only (about 60 KB of names): the login
// screen never loads it; the address screen's chunk and the server do.
import { areaList } from '@vant/area-data';

export type AreaList = {
  province_list: Readonly<Record<string, string>>;
  city_list: Readonly<Record<string, string>>;
  county_list: Readonly<Record<string, string>>;
};

/**
 * Taiwan (71), Hong Kong (81) and Macao (82) are in the package's data too, but they are not the
 * mainland: a Hong Kong address is chosen by district (region HK), Macao and Taiwan ones are
 * written as an address in another country or region (region OTHER).
 */
const NOT_MAINLAND_PROVINCE_PREFIXES = ['71', '81', '82'];

function mainlandOnly(list: Record<string, string>): Readonly<Record<string, string>> {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(list).filter(([code]) => !NOT_MAINLAND_PROVINCE_PREFIXES.includes(code.slice(0, 2))),
    ),
  );
}

/** What `GET /app/area/query` answers and the picker offers: the mainland's divisions only. */
export const MAINLAND_AREAS: AreaList = Object.freeze({
  province_list: mainlandOnly(areaList.province_list),
  city_list: mainlandOnly(areaList.city_list),
  county_list: mainlandOnly(areaList.county_list),
});

const AREA_CODE_RE = /^\d{6}$/;

export type MainlandAreaSelection = {
  province_code?: string | undefined;
  city_code?: string | undefined;
  county_code?: string | undefined;
};

export type MainlandAreaProblem = 'address_area_required' | 'address_area_invalid';

/**
 * spec §5: the area picker rejects a selection with any empty code ('area empty'). A selection
 * with all three is real only when each code is in the data and the county lies under the city,
 * the city under the province (GB/T 2260: a city's code starts with its province's first two
 * digits, a county's with its city's first four, as the package's own cascade groups them).
 */
export function checkMainlandArea(sel: MainlandAreaSelection): MainlandAreaProblem | null {
  const { province_code: p, city_code: c, county_code: k } = sel;
  if (!p || !c || !k) return 'address_area_required';
  if (!AREA_CODE_RE.test(p) || !AREA_CODE_RE.test(c) || !AREA_CODE_RE.test(k)) return 'address_area_invalid';
  const { province_list, city_list, county_list } = MAINLAND_AREAS;
  if (!Object.hasOwn(province_list, p) || !Object.hasOwn(city_list, c) || !Object.hasOwn(county_list, k))
    return 'address_area_invalid';
  if (c.slice(0, 2) !== p.slice(0, 2) || k.slice(0, 4) !== c.slice(0, 4)) return 'address_area_invalid';
  return null;
}

/** The selection's names, province to county ('广东省', '深圳市', '南山区'); unknown codes are left out. */
export function mainlandAreaNames(sel: MainlandAreaSelection): string[] {
  const { province_list, city_list, county_list } = MAINLAND_AREAS;
  const name = (list: Readonly<Record<string, string>>, code: string | undefined) =>
    code && Object.hasOwn(list, code) ? list[code] : undefined;
  return [
    name(province_list, sel.province_code),
    name(city_list, sel.city_code),
    name(county_list, sel.county_code),
  ].filter((n): n is string => n !== undefined);
}

export type AreaOption = { label: string; value: string; children?: AreaOption[] };

let cascade: AreaOption[] | undefined;

/** The three levels as a tree for a cascade picker (antd-mobile CascadePicker options), built once. */
export function mainlandAreaOptions(): AreaOption[] {
  if (cascade) return cascade;
  const { province_list, city_list, county_list } = MAINLAND_AREAS;
  const cities = new Map<string, AreaOption[]>();
  const counties = new Map<string, AreaOption[]>();
  for (const [value, label] of Object.entries(county_list)) {
    const key = value.slice(0, 4);
    if (!counties.has(key)) counties.set(key, []);
    counties.get(key)!.push({ label, value });
  }
  for (const [value, label] of Object.entries(city_list)) {
    const key = value.slice(0, 2);
    if (!cities.has(key)) cities.set(key, []);
    cities.get(key)!.push({ label, value, children: counties.get(value.slice(0, 4)) ?? [] });
  }
  cascade = Object.entries(province_list).map(([value, label]) => ({
    label,
    value,
    children: cities.get(value.slice(0, 2)) ?? [],
  }));
  return cascade;
}
