// Search in the review queue (issue #22 finding 7, packages/domain/src/review/search.ts): at each
// submission, in its transaction, the application's search keys (name tokens, last digits of the
// mobile and the ID number) are stored as keyed hashes only; a query is hashed the same way. The
// mobile and the ID number are decrypted here, in memory, and never stored, logged or answered.
import { snapshotSteps } from '@hk/domain/review/items';
import { type QueueSearch, searchKeysOf } from '@hk/domain/review/search';
import type { Db, Tx } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import { findLatestSubmission } from '../submissions/submission-repository';
import {
  findSealedMobileOfApplication,
  type HashedSearch,
  listApplicationsWithoutSearchKeys,
  replaceSearchKeys,
} from './review-repository';

const hashOf = (vault: Vault, kind: string, value: string) => vault.lookupHash(`search:${kind}:${value}`);

type Rec = Record<string, unknown>;

/** Stores the application's search keys from these steps (a submission's rows or its snapshot's steps). */
export async function recordSearchKeys(
  tx: Tx | Db,
  vault: Vault,
  applicationId: string,
  steps: readonly { step: string; answers: Rec; sealed: Rec }[],
  now: Date,
): Promise<number> {
  const identity = steps.find((s) => s.step === 'identity');
  const sealedId = identity?.sealed.id_number as { sealed?: unknown } | undefined;
  const open = (sealed: unknown) => {
    if (typeof sealed !== 'string') return null;
    try {
      return vault.decrypt(sealed);
    } catch {
      return null; // a value sealed under another key: no key for it, nothing else lost
    }
  };
  const keys = searchKeysOf({
    chineseName: identity?.answers.chinese_name,
    englishSurname: identity?.answers.english_surname,
    englishGivenName: identity?.answers.english_given_name,
    mobile: open(await findSealedMobileOfApplication(tx, applicationId)),
    idNumber: open(sealedId?.sealed),
  });
  await replaceSearchKeys(
    tx,
    applicationId,
    keys.map((k) => ({ kind: k.kind, valueHash: hashOf(vault, k.kind, k.value) })),
    now,
  );
  return keys.length;
}

/** A parsed query as the queue compares it: the hashes of its values. */
export function hashQueueSearch(vault: Vault, search: QueueSearch): HashedSearch {
  if (search.kind === 'id') return search;
  if (search.kind === 'digits') return { kind: 'digits', hash: hashOf(vault, 'digits', search.value) };
  return { kind: 'name', hashes: search.tokens.map((t) => hashOf(vault, 'name', t)) };
}

/**
 * Applications submitted before the search existed get their keys from their latest submission
 * (data migration `review_search_keys`, idempotent: only applications without keys).
 */
export async function backfillSearchKeys(db: Db, vault: Vault, now: Date): Promise<number> {
  const ids = await listApplicationsWithoutSearchKeys(db);
  for (const id of ids) {
    const latest = await findLatestSubmission(db, id);
    if (latest) await recordSearchKeys(db, vault, id, snapshotSteps(latest.snapshot), now);
  }
  return ids.length;
}
