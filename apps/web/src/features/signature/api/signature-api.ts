import type { Language } from '@hk/domain';
import {
  AgreementOpenedResponseSchema,
  AgreementsResponseSchema,
  SignResponseSchema,
} from '@hk/domain/steps/signature/contracts';
import type { SignaturePoint } from '@hk/domain/steps/signature/signing';
import { useQuery } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';

export type AgreementsData = Awaited<ReturnType<typeof fetchAgreements>>;
export type AgreementDoc = AgreementsData['documents'][number];

export const agreementsQueryKey = (language: Language) => ['open-account', 'agreements', language] as const;

// POST /v9/OpenAccountHk/agreements (docs/api/steps/signature.md): the documents to sign, rendered
// by the server from the saved answers in this language, each with its hash and whether it was opened.
export async function fetchAgreements(language: Language) {
  return (await apiPostJson('/v9/OpenAccountHk/agreements', { language }, AgreementsResponseSchema)).data;
}

export function useAgreements(language: Language) {
  return useQuery({
    queryKey: agreementsQueryKey(language),
    queryFn: () => fetchAgreements(language),
    staleTime: 0,
  });
}

// POST /v9/OpenAccountHk/agreement_opened: the reader showed this text (its checkbox may be ticked).
export async function markAgreementOpened(language: Language, id: string, sha256: string) {
  return (
    await apiPostJson(
      '/v9/OpenAccountHk/agreement_opened',
      { language, id, sha256 },
      AgreementOpenedResponseSchema,
    )
  ).data;
}

interface SignBase {
  language: Language;
  agreements: { id: string; version: string; sha256: string }[];
  answers_hash: string;
}

export type SignInput =
  | (SignBase & {
      image: string;
      strokes: { points: SignaturePoint[] }[];
      pad: { width: number; height: number };
    })
  | (SignBase & { method: 'typed'; typed_name: string; typed_statement: boolean });

// POST /v9/OpenAccountHk/sign: the pad's PNG and its strokes, or the typed name and the statement
// adopting it; the documents accepted and the answers hash.
export async function signAgreements(input: SignInput) {
  return (await apiPostJson('/v9/OpenAccountHk/sign', { ...input }, SignResponseSchema)).data;
}
