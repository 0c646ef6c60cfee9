import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { fileBlobs } from '../src/db/schema';
import { createDatabaseFileStore } from '../src/plugins/app/files/database-file-store';
import { DB_KINDS, findPostgres } from './databases';
import { describeFileStoreContract } from './file-store-contract';
import { countBlobs, newVault, openDatabaseStore, openFreshDatabase } from './file-store-helpers';

const pgUrl = await findPostgres();

describeFileStoreContract('database', openDatabaseStore);

describe.each(DB_KINDS)('database file store: the blob and its row commit together (%s)', (kind) => {
  const test = it.skipIf(kind === 'postgres' && !pgUrl);

  test('a row insert that fails takes the blob written before it in its transaction', async () => {
    const s = await openDatabaseStore(kind);
    try {
      const before = await countBlobs(s.db);
      const staged = await s.store.stage(Buffer.from('an ID photo'));
      // The row written after the blob violates a constraint, so the database fails the whole
      // transaction after the blob was written in it, as a crash between the two halves would.
      await expect(
        s.db.transaction(async (tx) => {
          await staged.attach(tx);
          await tx.insert(fileBlobs).values({ storageKey: staged.key, data: Buffer.from('x'), size: 1 });
        }),
      ).rejects.toThrow();
      await staged.discard();
      expect(await countBlobs(s.db)).toBe(before);
      expect(await s.readStored(staged.key)).toBeNull();
    } finally {
      await s.close();
    }
  });
});

describe('database file store: two servers on one PostgreSQL', () => {
  it.skipIf(!pgUrl)(
    'a file stored through one process reads through the other, only once committed',
    async () => {
      const first = await openFreshDatabase('postgres');
      const second = await openDatabase({ databaseUrl: first.url });
      try {
        const vault = newVault();
        const a = createDatabaseFileStore(vault);
        const b = createDatabaseFileStore(vault);
        const plain = randomBytes(50_000);
        const staged = await a.stage(plain);
        let seenBeforeCommit: Buffer | null = Buffer.alloc(1);
        await first.db.transaction(async (tx) => {
          await staged.attach(tx);
          seenBeforeCommit = await b.get(second.db, staged.key);
        });
        expect(seenBeforeCommit).toBeNull(); // no half-written file is ever visible
        expect((await b.get(second.db, staged.key))?.equals(plain)).toBe(true);

        const pending = await second.db.transaction((tx) => b.remove(tx, staged.key));
        await pending.afterCommit();
        expect(await a.get(first.db, staged.key)).toBeNull();
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
