import type { Language } from '@hk/domain';
import {
  CompanyNameListResponseSchema,
  type CompanyNameSuggestion,
} from '@hk/domain/steps/employment/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';

/** How long the person pauses typing before the list is asked for. */
export const COMPANY_NAME_DEBOUNCE_MS = 300;

// GET /v9/OpenAccountHk/company_name_list (docs/api/steps/employment.md): suggestions from the broker's list.
export async function fetchCompanyNames(keyword: string, lang: Language): Promise<CompanyNameSuggestion[]> {
  return (
    await apiGet('/v9/OpenAccountHk/company_name_list', { keyword, lang }, CompanyNameListResponseSchema)
  ).data.items;
}

/** Suggestions for what is typed, asked for once the typing pauses; none for an empty box. */
export function useCompanyNames(typed: string, lang: Language) {
  const [keyword, setKeyword] = useState(typed.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), COMPANY_NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return useQuery({
    queryKey: ['reference', 'company-names', lang, keyword],
    queryFn: () => fetchCompanyNames(keyword, lang),
    enabled: keyword.length > 0,
    staleTime: 60 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}
