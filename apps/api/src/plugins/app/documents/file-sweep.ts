import type { Db } from '../../../db/client';
import { findLiveStorageKeys } from './document-repository';
import type { FileStore } from './file-store';

/** Uploads still in flight (in this or another process) are younger than this; never swept. */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what a crash can leave behind: a file written whose row was never committed, the file
 * of a row soft-deleted just before the process died, a temp file never renamed. The row is only
 * ever written after its file, so a live row always has its bytes.
 */
export async function sweepOrphanFiles(db: Db, files: FileStore, now: Date): Promise<number> {
  const { storageKeys, tempFiles } = await files.listOlderThan(new Date(now.getTime() - SWEEP_MIN_AGE_MS));
  let removed = 0;
  for (const name of tempFiles) {
    await files.removeTemp(name);
    removed++;
  }
  for (let i = 0; i < storageKeys.length; i += 500) {
    const batch = storageKeys.slice(i, i + 500);
    const live = await findLiveStorageKeys(db, batch);
    for (const key of batch) {
      if (live.has(key)) continue;
      await files.remove(key);
      removed++;
    }
  }
  return removed;
}
