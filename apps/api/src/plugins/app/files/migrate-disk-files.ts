import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import {
  type FileStore,
  type FileStoreLogger,
  type LiveKeys,
  SWEEP_BATCH,
  SWEEP_MIN_AGE_MS,
  silentLogger,
} from './file-store';

export interface MigrateDiskFilesInput {
  /** DATA_DIR: the files are `DATA_DIR/files/<32 hex>.bin`, as the old disk store wrote them. */
  dataDir: string;
  db: Db;
  store: FileStore;
  /** The vault the files were sealed with (the app's): each file is opened before it is moved. */
  vault: Vault;
  /** Which keys a live row refers to; a file no live row names is dropped, not moved. */
  isLive: LiveKeys;
  now: Date;
  logger?: FileStoreLogger;
}

export interface MigrateDiskFilesResult {
  /** Copied into the store, read back equal, then removed from disk. */
  moved: number;
  /** Removed from disk without a copy: no live row, or an unfinished temp file; older than an hour. */
  dropped: number;
  /** Left on disk for a later run: younger than an hour and not (yet) named by a live row. */
  deferred: number;
  /** Left on disk: could not be opened with this vault, or did not read back equal. */
  failed: string[];
}

const FILE_RE = /^([0-9a-f]{32})\.bin$/;
const TEMP_RE = /^[0-9a-f]{32}\.bin\.[0-9a-f]{8}\.tmp$/;

/**
 * Moves the old disk store's files (`DATA_DIR/files`) into `store`, once, at start-up. The bytes
 * on disk are already sealed with the vault's file format, so they are copied as they are, under
 * the same storage key (existing document rows keep working), then read back through the store
 * and compared before the disk copy goes. Safe to run again at any point: a crash half-way leaves
 * each file either still on disk (moved on the next run; importing a key twice keeps one copy) or
 * already gone from disk after a verified copy. No folder: nothing to do.
 *
 * A file with no live row is dropped only once it is older than an hour, like the sweep: a
 * process of the previous version sharing this DATA_DIR may have written it and not yet committed
 * its row. Such files are `deferred` to the next run.
 */
export async function migrateDiskFiles(input: MigrateDiskFilesInput): Promise<MigrateDiskFilesResult> {
  const { store, db, vault } = input;
  const logger = input.logger ?? silentLogger;
  const dir = path.join(input.dataDir, 'files');
  const result: MigrateDiskFilesResult = { moved: 0, dropped: 0, deferred: 0, failed: [] };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw err;
  }
  const cutoff = input.now.getTime() - SWEEP_MIN_AGE_MS;
  const isOld = async (file: string) => {
    const info = await stat(file).catch(() => null);
    return info ? info.mtime.getTime() < cutoff : false;
  };

  const keys: string[] = [];
  for (const name of names) {
    const key = FILE_RE.exec(name)?.[1];
    if (key) keys.push(key);
    else if (TEMP_RE.test(name)) {
      // An upload that never finished its rename: it never had a row.
      const file = path.join(dir, name);
      if (await isOld(file)) {
        await rm(file, { force: true });
        result.dropped++;
      } else result.deferred++;
    }
  }

  for (let i = 0; i < keys.length; i += SWEEP_BATCH) {
    const batch = keys.slice(i, i + SWEEP_BATCH);
    const live = await input.isLive(batch);
    for (const key of batch) {
      const file = path.join(dir, `${key}.bin`);
      if (!live.has(key)) {
        if (await isOld(file)) {
          await rm(file, { force: true });
          result.dropped++;
        } else result.deferred++;
        continue;
      }
      let sealed: Buffer;
      try {
        sealed = await readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it
        throw err;
      }
      let plain: Buffer;
      try {
        plain = vault.decryptBytes(sealed);
      } catch {
        // Not ours to guess about: keep the file where an operator can look at it.
        logger.warn({ module: 'file-store', storageKey: key }, 'disk file does not open with DATA_KEY; kept');
        result.failed.push(key);
        continue;
      }
      await store.importSealed(db, key, sealed);
      const back = await store.get(db, key);
      if (!back?.equals(plain)) {
        logger.warn({ module: 'file-store', storageKey: key }, 'disk file did not read back equal; kept');
        result.failed.push(key);
        continue;
      }
      await rm(file, { force: true });
      result.moved++;
    }
  }

  // Gone when empty, so later starts do not even list it; kept while anything is left in it.
  await rmdir(dir).catch(() => {});
  return result;
}
