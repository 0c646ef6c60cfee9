import { CountryListResponseSchema, type Language, listCountries } from '@hk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export type Country = { code: string; name: string };

// GET /v9/OpenAccountHk/get_country_list (names in the request language). When the call fails the
// same list is built locally: both come from CLDR through Intl.DisplayNames.
export async function fetchCountryList(lang: Language): Promise<Country[]> {
  try {
    const list = (await apiGet('/v9/OpenAccountHk/get_country_list', { lang }, CountryListResponseSchema))
      .data;
    if (list.length > 0) return list;
  } catch {}
  return listCountries(lang);
}

export function useCountryList(lang: Language, enabled = true) {
  return useQuery({
    queryKey: ['reference', 'countries', lang],
    queryFn: () => fetchCountryList(lang),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
