import { sql } from 'drizzle-orm';
import type { Vault } from '../lib/crypto';
import { findLiveStorageKeys } from '../plugins/app/documents/document-repository';
import type { FileStore, FileStoreLogger } from '../plugins/app/files/file-store';
import { migrateDiskFiles } from '../plugins/app/files/migrate-disk-files';
import { openMissingReviewCases } from '../plugins/app/review/case-opening';
import { backfillSearchKeys } from '../plugins/app/review/search-service';
import type { Db } from './client';
import { applicationSteps, dataMigrations } from './schema';

interface StartupInput {
  db: Db;
  vault: Vault;
  files: FileStore;
  dataDir: string;
  now: Date;
  logger: FileStoreLogger & { info(obj: object, msg: string): void };
}

/**
 * Data migrations that need the server's keys or its files, run at start-up after the SQL
 * migrations. Each is idempotent; a row in `data_migrations` marks the one-off ones done, and an
 * advisory lock keeps two servers starting together from doing them twice.
 */
export async function runStartupMigrations(input: StartupInput): Promise<void> {
  await input.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const done = new Set(
      (await tx.select({ name: dataMigrations.name }).from(dataMigrations)).map((r) => r.name),
    );
    if (!done.has('passport_hash_with_country')) {
      const n = await rehashPassports(tx as unknown as Db, input.vault);
      await tx.insert(dataMigrations).values({ name: 'passport_hash_with_country', doneAt: input.now });
      if (n > 0)
        input.logger.info({ rehashed: n }, 'passport look-up hashes now include the issuing country');
    }
    if (!done.has('review_cases_for_submitted')) {
      // issue #14: applications submitted before the review existed get their case
      const n = await openMissingReviewCases(tx as unknown as Db, input.now);
      await tx.insert(dataMigrations).values({ name: 'review_cases_for_submitted', doneAt: input.now });
      if (n > 0) input.logger.info({ opened: n }, 'review cases opened for applications already submitted');
    }
    if (!done.has('review_search_keys')) {
      // issue #22: applications submitted before the queue's search get their keys (hashes only)
      const n = await backfillSearchKeys(tx as unknown as Db, input.vault, input.now);
      await tx.insert(dataMigrations).values({ name: 'review_search_keys', doneAt: input.now });
      if (n > 0)
        input.logger.info({ applications: n }, 'search keys written for applications already submitted');
    }
  });
  // Files of the old disk store (DATA_DIR/files) move into the configured store, once each.
  const moved = await migrateDiskFiles({
    dataDir: input.dataDir,
    db: input.db,
    store: input.files,
    vault: input.vault,
    isLive: (keys) => findLiveStorageKeys(input.db, keys),
    now: input.now,
    logger: input.logger,
  });
  if (moved.moved + moved.dropped + moved.failed.length > 0)
    input.logger.info({ ...moved, failed: moved.failed.length }, 'files moved from disk into the file store');
}

/**
 * issue #5 §4.4: a passport number is unique only with its issuing country. The hashes written
 * before (`passport:<number>`) are recomputed as `passport:<country>:<number>`.
 */
async function rehashPassports(db: Db, vault: Vault): Promise<number> {
  const rows = await db
    .select()
    .from(applicationSteps)
    .where(
      sql`${applicationSteps.step} = 'identity' and ${applicationSteps.answers}->>'id_type' = 'passport'`,
    )
    .for('update');
  let n = 0;
  for (const row of rows) {
    const sealed = row.sealed.id_number;
    if (!sealed) continue;
    const number = vault.decrypt(sealed.sealed);
    const country = typeof row.answers.nationality === 'string' ? row.answers.nationality : '';
    const hash = vault.lookupHash(`passport:${country}:${number}`);
    if (hash === sealed.hash) continue;
    await db
      .update(applicationSteps)
      .set({ sealed: { ...row.sealed, id_number: { ...sealed, hash } } })
      .where(
        sql`${applicationSteps.applicationId} = ${row.applicationId} and ${applicationSteps.step} = 'identity'`,
      );
    n++;
  }
  return n;
}
