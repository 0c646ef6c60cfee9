// Similar clients (issue #14): applications that share the same name and date of birth, the same
// bank account, the same email or the same device with another. The reviewer sees them flagged
// and listed; nothing is refused on this alone (relatives share devices, families share emails).

export const SIMILARITY_KINDS = ['name_birth', 'bank_account', 'email', 'device'] as const;
export type SimilarityKind = (typeof SIMILARITY_KINDS)[number];

type Rec = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const upperWords = (v: unknown) => text(v).toUpperCase().replace(/\s+/g, ' ');

/** Text key of a kind's words (namespace `review`): "Same name and date of birth"… */
export function similarityKindKey(kind: SimilarityKind): string {
  return `similar_${kind}`;
}

/**
 * What an application is compared by, each value normalised so that equal facts compare equal
 * (names in capitals with single spaces, emails in lower case). `bankAccountHash` is the sealed
 * card number's lookup hash; `deviceIds` the devices the applicant logged in from. The server hashes
 * each value before it stores or compares it: no value is kept in clear.
 */
export function similarityValues(input: {
  identity: Rec | undefined;
  personal: Rec | undefined;
  bankAccountHash: string | null;
  deviceIds: readonly string[];
}): { kind: SimilarityKind; value: string }[] {
  const out: { kind: SimilarityKind; value: string }[] = [];
  const surname = upperWords(input.identity?.english_surname);
  const given = upperWords(input.identity?.english_given_name);
  const birth = text(input.identity?.birth_date);
  if (surname && given && birth) out.push({ kind: 'name_birth', value: `${surname}|${given}|${birth}` });
  if (input.bankAccountHash) out.push({ kind: 'bank_account', value: input.bankAccountHash });
  const email = text(input.personal?.email).toLowerCase();
  if (email) out.push({ kind: 'email', value: email });
  for (const device of new Set(input.deviceIds.map(text).filter(Boolean)))
    out.push({ kind: 'device', value: device });
  return out;
}
