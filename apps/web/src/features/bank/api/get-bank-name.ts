import { BankNameResponseSchema, type BankNameResult } from '@hk/domain/steps/bank/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPostJson } from '../../../lib/api-client';

/** Time without typing before the card's issuer is asked (a number is typed digit by digit). */
export const BANK_NAME_DELAY_MS = 400;

// POST /v9/OpenAccountHk/bank_name (docs/api/steps/bank.md): the issuer of a mainland debit card.
export async function fetchBankName(cardNumber: string): Promise<BankNameResult> {
  return (
    await apiPostJson('/v9/OpenAccountHk/bank_name', { card_number: cardNumber }, BankNameResponseSchema)
  ).data;
}

/**
 * The issuing bank of the card being typed, asked once the number is complete (`ready`: 16–19
 * digits with a valid check digit) and the person stopped typing for a moment. The number is
 * personal data: the answer is not kept once the screen is left (gcTime 0).
 */
export function useCardIssuer(digits: string, ready: boolean, lang: string) {
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!ready) {
      setAsked('');
      return;
    }
    const timer = setTimeout(() => setAsked(digits), BANK_NAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [digits, ready]);
  return useQuery({
    queryKey: ['open-account', 'bank-name', asked, lang],
    queryFn: () => fetchBankName(asked),
    enabled: asked !== '' && asked === digits,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
