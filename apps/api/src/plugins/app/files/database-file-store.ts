import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fileBlobs } from '../../../db/schema';
import type { Vault } from '../../../lib/crypto';
import {
  checkStorageKey,
  createStorageKey,
  type FileStore,
  openSealed,
  SWEEP_BATCH,
  SWEEP_MIN_AGE_MS,
} from './file-store';

const noop = async () => {};

/**
 * Sealed bytes in `file_blobs`, in the same database as the rows that name them. The blob is
 * inserted and deleted in the caller's transaction, so nothing is ever left half-done and the
 * sweep only has work if a caller forgot a `remove`. `size` is the length of the sealed bytes.
 */
export function createDatabaseFileStore(vault: Vault): FileStore {
  return {
    kind: 'database',

    async stage(plain) {
      const key = createStorageKey();
      const sealed = vault.encryptBytes(plain);
      let attached = false;
      return {
        key,
        async attach(tx) {
          if (attached) throw new Error('staged file attached twice');
          attached = true;
          await tx.insert(fileBlobs).values({ storageKey: key, data: sealed, size: sealed.length });
        },
        discard: noop,
      };
    },

    async get(db, key) {
      checkStorageKey(key);
      const [row] = await db
        .select({ data: fileBlobs.data })
        .from(fileBlobs)
        .where(eq(fileBlobs.storageKey, key));
      if (!row) return null;
      return openSealed(vault.decryptBytes, key, row.data);
    },

    async remove(tx, key) {
      checkStorageKey(key);
      await tx.delete(fileBlobs).where(eq(fileBlobs.storageKey, key));
      return { afterCommit: noop };
    },

    async sweep(db, isLive, now) {
      const cutoff = new Date(now.getTime() - SWEEP_MIN_AGE_MS);
      let removed = 0;
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: fileBlobs.storageKey })
          .from(fileBlobs)
          .where(and(lt(fileBlobs.createdAt, cutoff), gt(fileBlobs.storageKey, after)))
          .orderBy(asc(fileBlobs.storageKey))
          .limit(SWEEP_BATCH);
        if (rows.length === 0) return removed;
        const keys = rows.map((r) => r.key);
        after = keys[keys.length - 1]!;
        const live = await isLive(keys);
        const dead = keys.filter((k) => !live.has(k));
        if (dead.length === 0) continue;
        const deleted = await deleteBlobs(db, dead, cutoff);
        removed += deleted;
      }
    },

    async importSealed(db, key, sealed) {
      checkStorageKey(key);
      await db
        .insert(fileBlobs)
        .values({ storageKey: key, data: sealed, size: sealed.length })
        .onConflictDoNothing({ target: fileBlobs.storageKey });
    },

    close() {},
  };
}

async function deleteBlobs(db: Db, keys: string[], cutoff: Date): Promise<number> {
  // The age condition again: a key only ever gets its row in the blob's own transaction, so an
  // old blob cannot become live in between; this just keeps the delete honest on its own.
  const rows = await db
    .delete(fileBlobs)
    .where(and(inArray(fileBlobs.storageKey, keys), lt(fileBlobs.createdAt, cutoff)))
    .returning({ key: fileBlobs.storageKey });
  return rows.length;
}
