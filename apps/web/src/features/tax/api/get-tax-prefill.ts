import { type TaxPrefill, TaxPrefillResponseSchema } from '@hk/domain/steps/tax/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';

export const taxPrefillQueryKey = ['open-account', 'tax-prefill'] as const;

// POST /v9/OpenAccountHk/tax_prefill (docs/api/steps/tax.md): the TIN the ID gives (masked), the
// citizenship the ID proves, and with the US market the W-8BEN built from the saved answers.
export async function fetchTaxPrefill(): Promise<TaxPrefill> {
  return (await apiPostJson('/v9/OpenAccountHk/tax_prefill', {}, TaxPrefillResponseSchema)).data;
}

export function useTaxPrefill() {
  return useQuery({ queryKey: taxPrefillQueryKey, queryFn: fetchTaxPrefill, staleTime: 0 });
}
