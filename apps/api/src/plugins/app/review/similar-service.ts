// Similar clients (issue #14): at each submission, in its transaction, the application's
// fingerprints (keyed hashes of what packages/domain/src/review/similar.ts compares) are stored and
// compared with every other application's; a match flags this case and the other applications'
// open cases. The case view lists the matches with what they share.
import type { Language } from '@hk/domain';
import {
  SIMILARITY_KINDS,
  type SimilarityKind,
  similarityKindKey,
  similarityValues,
} from '@hk/domain/review/similar';
import type { Db, Tx } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import { lockSubject } from '../auth/advisory-lock';
import type { StepRow } from '../steps/step-repository';
import { reviewText } from './case-texts';
import type { ReviewCaseRow } from './review-repository';
import {
  type Fingerprint,
  findApplicationsSharing,
  flagSimilar,
  insertFingerprints,
  latestCasesOf,
  listDeviceIdsOfUser,
  listFingerprints,
} from './similar-repository';

const isKind = (k: string): k is SimilarityKind => (SIMILARITY_KINDS as readonly string[]).includes(k);

export async function recordSimilarity(
  tx: Tx,
  vault: Vault,
  app: { id: string; userId: string },
  rows: readonly StepRow[],
  reviewCase: ReviewCaseRow,
  now: Date,
): Promise<boolean> {
  const answersOf = (step: string) => rows.find((r) => r.step === step)?.answers;
  const bank = rows.find((r) => r.step === 'bank')?.sealed as Record<string, { hash?: unknown }> | undefined;
  const bankHash = typeof bank?.card_number?.hash === 'string' ? bank.card_number.hash : null;
  const values = similarityValues({
    identity: answersOf('identity'),
    personal: answersOf('personal'),
    bankAccountHash: bankHash,
    deviceIds: await listDeviceIdsOfUser(tx, app.userId),
  });
  const prints: Fingerprint[] = values.map((v) => ({
    kind: v.kind,
    // the card number's hash is already keyed; every other value is hashed here, never kept
    valueHash: v.kind === 'bank_account' ? v.value : vault.lookupHash(`similar:${v.kind}:${v.value}`),
  }));
  // Two similar applications submitted at the same moment would each compare before the other's
  // fingerprints are committed and miss each other. A lock per value (taken in one order, so two
  // submissions cannot wait on each other) makes the second wait for the first's commit; it then
  // sees the first's fingerprints. Held until this transaction ends.
  const subjects = [...new Set(prints.map((p) => `similar:${p.kind}:${p.valueHash}`))].sort();
  for (const subject of subjects) await lockSubject(tx, subject);
  await insertFingerprints(tx, app.id, prints, now);
  return flagSimilar(tx, reviewCase.id, app.id, prints);
}

/** The applications similar to this one, for the case view: their latest case and what they share. */
export async function similarApplications(db: Db, applicationId: string, lang: Language) {
  const prints = await listFingerprints(db, applicationId);
  const others = await findApplicationsSharing(db, applicationId, prints);
  const cases = await latestCasesOf(
    db,
    others.map((o) => o.applicationId),
  );
  return others.map((o) => {
    const c = cases.get(o.applicationId);
    return {
      caseId: c?.id ?? null,
      applicantName: c?.applicantName ?? '—',
      reasons: SIMILARITY_KINDS.filter((k) => o.kinds.some((x) => isKind(x) && x === k)).map((k) =>
        reviewText(similarityKindKey(k), lang),
      ),
    };
  });
}
