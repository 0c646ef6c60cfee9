import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FileIntegrityError,
  InvalidStorageKeyError,
  SWEEP_MIN_AGE_MS,
} from '../src/plugins/app/files/file-store';
import { DB_KINDS, type DbKind, findPostgres } from './databases';
import type { StoreUnderTest } from './file-store-helpers';

const pgUrl = await findPostgres();

class Rollback extends Error {}

/** Keys a store must refuse on every call: never a path, never an object name. */
export const INVALID_KEYS: unknown[] = [
  '',
  '../../etc/passwd',
  '../files/0123456789abcdef0123456789abcdef',
  '0123456789ABCDEF0123456789ABCDEF',
  '0123456789abcdef0123456789abcde',
  '0123456789abcdef0123456789abcdef0',
  '0123456789abcdef0123456789abcdef\n',
  'g123456789abcdef0123456789abcdef',
  '0123456789abcdef/123456789abcdef',
  123,
  null,
];

/**
 * What every driver promises (`FileStore` in src/plugins/app/files/file-store.ts), run against
 * each driver on each database kind.
 */
export function describeFileStoreContract(driver: string, open: (kind: DbKind) => Promise<StoreUnderTest>) {
  describe.each(DB_KINDS)(`file store contract: ${driver} driver (%s)`, (kind) => {
    const missing = kind === 'postgres' && !pgUrl;
    const test = it.skipIf(missing);
    let s: StoreUnderTest;
    beforeAll(async () => {
      if (!missing) s = await open(kind);
    });
    afterAll(async () => {
      await s?.close();
    });

    /** A file stored the way the documents code does: staged, attached in a committed transaction. */
    async function putCommitted(plain: Buffer): Promise<string> {
      const staged = await s.store.stage(plain);
      await s.db.transaction(async (tx) => {
        await staged.attach(tx);
      });
      return staged.key;
    }

    test('round trip: what was stored reads back byte for byte, under a new server-made key', async () => {
      const photo = randomBytes(300_000);
      const empty = Buffer.alloc(0);
      const a = await putCommitted(photo);
      const b = await putCommitted(empty);
      expect(a).toMatch(/^[0-9a-f]{32}$/);
      expect(b).toMatch(/^[0-9a-f]{32}$/);
      expect(a).not.toBe(b);
      expect((await s.store.get(s.db, a))?.equals(photo)).toBe(true);
      expect((await s.store.get(s.db, b))?.equals(empty)).toBe(true);
    });

    test('a key with nothing stored reads as null', async () => {
      expect(await s.store.get(s.db, randomBytes(16).toString('hex'))).toBeNull();
    });

    test('stores only vault-sealed bytes, never the plain ones', async () => {
      const plain = Buffer.from(`HKID A123456(7) ${randomBytes(8).toString('hex')} `.repeat(50));
      const key = await putCommitted(plain);
      const stored = await s.readStored(key);
      expect(stored).not.toBeNull();
      expect(stored!.includes(plain.subarray(0, 24))).toBe(false);
      // the vault's file format, so the old disk files can be copied in as they are
      expect(s.vault.decryptBytes(stored!).equals(plain)).toBe(true);
    });

    test('tampered bytes are refused (GCM), not returned', async () => {
      const key = await putCommitted(Buffer.from('a passport page'));
      const stored = (await s.readStored(key))!;
      const flipped = Buffer.from(stored);
      flipped[flipped.length - 1]! ^= 0x01;
      await s.writeStored(key, flipped);
      await expect(s.store.get(s.db, key)).rejects.toBeInstanceOf(FileIntegrityError);
      await s.writeStored(key, stored.subarray(0, 20)); // truncated
      await expect(s.store.get(s.db, key)).rejects.toBeInstanceOf(FileIntegrityError);
    });

    test('a staged file whose transaction rolls back, then discarded, leaves nothing stored', async () => {
      const staged = await s.store.stage(Buffer.from('the row insert failed'));
      await expect(
        s.db.transaction(async (tx) => {
          await staged.attach(tx);
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      await staged.discard();
      expect(await s.readStored(staged.key)).toBeNull();
      expect(await s.store.get(s.db, staged.key)).toBeNull();
      await staged.discard(); // twice is harmless
    });

    test('a staged file attaches once', async () => {
      const staged = await s.store.stage(Buffer.from('once'));
      await expect(
        s.db.transaction(async (tx) => {
          await staged.attach(tx);
          await staged.attach(tx);
        }),
      ).rejects.toThrow(/twice/);
      await staged.discard();
    });

    test('remove in a committed transaction, then afterCommit: the file is gone', async () => {
      const key = await putCommitted(Buffer.from('replaced photo'));
      const pending = await s.db.transaction((tx) => s.store.remove(tx, key));
      await pending.afterCommit();
      expect(await s.store.get(s.db, key)).toBeNull();
      expect(await s.readStored(key)).toBeNull();
      // removing what is already gone is harmless (a retried delete)
      const again = await s.db.transaction((tx) => s.store.remove(tx, key));
      await again.afterCommit();
    });

    test('remove in a transaction that rolls back keeps the file', async () => {
      const plain = Buffer.from('the delete was rolled back');
      const key = await putCommitted(plain);
      await expect(
        s.db.transaction(async (tx) => {
          await s.store.remove(tx, key);
          throw new Rollback(); // afterCommit is never called: there was no commit
        }),
      ).rejects.toBeInstanceOf(Rollback);
      expect((await s.store.get(s.db, key))?.equals(plain)).toBe(true);
    });

    test('sweep removes old files without a live row only; live and recent ones stay', async () => {
      const dead = await putCommitted(Buffer.from('never got its row'));
      const live = await putCommitted(Buffer.from('a document row names me'));
      const asked: string[] = [];
      // Only `dead` is unreferenced; every other file of this suite counts as live.
      const isLive = async (keys: string[]) => {
        asked.push(...keys);
        return new Set(keys.filter((k) => k !== dead));
      };
      const later = new Date(Date.now() + SWEEP_MIN_AGE_MS + 60_000);
      expect(await s.store.sweep(s.db, isLive, later)).toBe(1);
      expect(asked).toContain(dead);
      expect(asked).toContain(live);
      expect(await s.store.get(s.db, dead)).toBeNull();
      expect(await s.readStored(dead)).toBeNull();
      expect(await s.store.get(s.db, live)).not.toBeNull();

      // Younger than an hour: possibly an upload in flight, never even asked about.
      const recent = await putCommitted(Buffer.from('upload in flight'));
      asked.length = 0;
      expect(await s.store.sweep(s.db, async () => new Set(), new Date())).toBe(0);
      expect(asked).not.toContain(recent);
      expect(await s.store.get(s.db, recent)).not.toBeNull();
      expect(await s.store.get(s.db, live)).not.toBeNull();
    });

    test('importSealed keeps the given key, copies sealed bytes as they are, and is idempotent', async () => {
      const key = randomBytes(16).toString('hex');
      const plain = Buffer.from('a photo from the old disk store');
      const sealed = s.vault.encryptBytes(plain);
      await s.store.importSealed(s.db, key, sealed);
      await s.store.importSealed(s.db, key, sealed);
      expect((await s.readStored(key))?.equals(sealed)).toBe(true);
      expect((await s.store.get(s.db, key))?.equals(plain)).toBe(true);
    });

    test('invalid keys are refused on every call', async () => {
      for (const bad of INVALID_KEYS) {
        const key = bad as string;
        await expect(s.store.get(s.db, key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(s.db.transaction((tx) => s.store.remove(tx, key))).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
        await expect(s.store.importSealed(s.db, key, Buffer.from('x'))).rejects.toBeInstanceOf(
          InvalidStorageKeyError,
        );
      }
    });
  });
}
