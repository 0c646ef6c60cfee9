import { type Language, PHONE_REGIONS, RegionListResponseCheck } from '@hk/domain';
import { apiGet } from '../../../lib/api-client';
import { useLiteQuery } from '../../../lib/lite-query';

export interface RegionOption {
  code: string;
  name: string;
  /** dial code without the plus */
  dial: string;
}

// GET /user/login/get_region_list?type=open → [{code, country, No}] in the request's language.
export async function fetchRegionList(): Promise<RegionOption[]> {
  const res = await apiGet('/user/login/get_region_list', { type: 'open' }, RegionListResponseCheck);
  return res.data.map((r) => ({ code: r.code, name: r.country, dial: r.No.replace(/^\+/, '') }));
}

/** The domain's list of spec §3 regions, shown while the server's list loads or if it fails. */
export function fallbackRegions(lang: Language): RegionOption[] {
  return PHONE_REGIONS.map((r) => ({ code: r.code, name: r.names[lang], dial: r.dial }));
}

/** The server's list in `lang`, fetched once per language while the form lives. */
export function useRegionList(lang: Language): RegionOption[] {
  const q = useLiteQuery(`region-list:${lang}`, fetchRegionList);
  return q.data?.length ? q.data : fallbackRegions(lang);
}
