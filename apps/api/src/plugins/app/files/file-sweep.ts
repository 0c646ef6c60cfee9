import type { Db } from '../../../db/client';
import { findLiveContentKeys } from '../content/content-repository';
import { findLiveStatementKeys } from '../deposit-operations/deposit-repository';
import { findLiveStorageKeys } from '../documents/document-repository';
import { findLiveJobKeys } from '../jobs/job-repository';
import type { FileStore } from './file-store';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Every table naming storage keys: documents, the content's banner images and QR, and the imported
 * bank statements (issue #15), the prepared evidence packs of jobs (issue #22).
 */
export async function findLiveKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const [documents, content, statements, jobs] = await Promise.all([
    findLiveStorageKeys(db, keys),
    findLiveContentKeys(db, keys),
    findLiveStatementKeys(db, keys),
    findLiveJobKeys(db, keys),
  ]);
  return new Set([...documents, ...content, ...statements, ...jobs]);
}

/**
 * Removes what a crash can leave in the file store (an s3 object whose row never committed, or
 * whose post-commit delete never ran), now and then every hour; the timer does not keep the
 * process alive. A live document row always has its bytes: only unreferenced files go.
 */
export function scheduleFileSweep(
  db: Db,
  files: FileStore,
  now: () => Date,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): () => void {
  const run = () =>
    files
      .sweep(db, (keys) => findLiveKeys(db, keys), now())
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'file sweep removed unreferenced files');
      })
      .catch((err) => log.warn({ err: String(err) }, 'file sweep failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
