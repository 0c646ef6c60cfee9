import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createFileStore } from '../src/plugins/app/files/create-file-store';
import { SWEEP_MIN_AGE_MS } from '../src/plugins/app/files/file-store';
import { createS3FileStore } from '../src/plugins/app/files/s3-file-store';
import { describeFileStoreContract } from './file-store-contract';
import { type LocalS3, newVault, openFreshDatabase, openS3Store, startLocalS3 } from './file-store-helpers';

describeFileStoreContract('s3', openS3Store);

/** Every file under `dir`, recursively: what s3rver keeps on its disk (objects and metadata). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('s3 file store against a local S3 server', () => {
  let s3: LocalS3;
  let database: Awaited<ReturnType<typeof openFreshDatabase>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await openFreshDatabase('pglite');
  });
  afterAll(async () => {
    await s3?.close();
    await database?.close();
  });
  const later = () => new Date(Date.now() + SWEEP_MIN_AGE_MS + 60_000);

  it('the bucket never holds the plain bytes, neither in objects nor in their metadata', async () => {
    const vault = newVault();
    const store = createS3FileStore(s3.config('plain-check/'), vault);
    const marker = `PLAINTEXT-${randomBytes(8).toString('hex')}`;
    const plain = Buffer.from(`${marker} CHAN Tai Man A123456(7) `.repeat(100));
    const staged = await store.stage(plain);
    await database.db.transaction((tx) => staged.attach(tx));
    const imported = randomBytes(16).toString('hex');
    await store.importSealed(database.db, imported, vault.encryptBytes(plain));

    const objects = await s3.listAll();
    expect(objects.map((o) => o.key)).toEqual(
      expect.arrayContaining([`plain-check/${staged.key}`, `plain-check/${imported}`]),
    );
    for (const o of objects) expect(o.body.includes(marker)).toBe(false);
    const onDisk = filesUnder(s3.directory);
    expect(onDisk.length).toBeGreaterThan(0);
    for (const file of onDisk) expect(readFileSync(file).includes(marker)).toBe(false);
    // and the store still reads it
    expect((await store.get(database.db, staged.key))?.equals(plain)).toBe(true);
    store.close();
  });

  it('sweep pages through the prefix and never touches objects it did not make', async () => {
    const store = createS3FileStore(s3.config('sweep/'), newVault(), { listPageSize: 2 });
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const staged = await store.stage(Buffer.from(`file ${i}`));
      await database.db.transaction((tx) => staged.attach(tx));
      keys.push(staged.key);
    }
    const live = new Set([keys[1]!, keys[3]!]);
    const foreign = ['sweep/readme.txt', `sweep/${'a'.repeat(32)}.bak`, `elsewhere/${'b'.repeat(32)}`];
    for (const name of foreign) await s3.putRaw(name, Buffer.from('not ours'));

    const removed = await store.sweep(
      database.db,
      async (ks) => new Set(ks.filter((k) => live.has(k))),
      later(),
    );
    expect(removed).toBe(3);
    const left = (await s3.listAll()).map((o) => o.key);
    for (const key of keys) expect(left.includes(`sweep/${key}`)).toBe(live.has(key));
    for (const name of foreign) expect(left).toContain(name);
    store.close();
  });

  it('a second process with its own client reads what the first stored, and sees its removal', async () => {
    const vault = newVault();
    const a = createS3FileStore(s3.config('two/'), vault);
    const b = createS3FileStore(s3.config('two/'), vault);
    const plain = randomBytes(20_000);
    const staged = await a.stage(plain);
    await database.db.transaction((tx) => staged.attach(tx));
    expect((await b.get(database.db, staged.key))?.equals(plain)).toBe(true);
    const pending = await database.db.transaction((tx) => b.remove(tx, staged.key));
    expect((await a.get(database.db, staged.key))?.equals(plain)).toBe(true); // not before afterCommit
    await pending.afterCommit();
    expect(await a.get(database.db, staged.key)).toBeNull();
    a.close();
    b.close();
  });

  it('a missing bucket is an error, not a missing file', async () => {
    const store = createS3FileStore({ ...s3.config(), bucket: 'no-such-bucket' }, newVault());
    await expect(store.get(database.db, randomBytes(16).toString('hex'))).rejects.toThrow();
    await expect(store.stage(Buffer.from('x'))).rejects.toThrow();
    store.close();
  });

  it('a delete that fails after the commit is logged and left to the sweep, not thrown', async () => {
    const warnings: string[] = [];
    const logger = { warn: (_obj: Record<string, unknown>, msg: string) => warnings.push(msg) };
    const store = createS3FileStore({ ...s3.config(), bucket: 'no-such-bucket' }, newVault(), { logger });
    const pending = await database.db.transaction((tx) => store.remove(tx, randomBytes(16).toString('hex')));
    await pending.afterCommit();
    expect(warnings).toEqual([expect.stringMatching(/sweep/)]);
    store.close();
  });

  it('FILE_STORE picks the driver: s3 settings reach a working store, the default is the database', async () => {
    const env = {
      DATA_DIR: s3.directory,
      FILE_STORE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'from-config',
    };
    const vault = newVault();
    const store = createFileStore(loadConfig(env).fileStore, vault);
    expect(store.kind).toBe('s3');
    const staged = await store.stage(Buffer.from('configured'));
    await database.db.transaction((tx) => staged.attach(tx));
    expect(await s3.getRaw(`from-config/${staged.key}`)).not.toBeNull();
    expect((await store.get(database.db, staged.key))?.toString()).toBe('configured');
    store.close();

    const fallback = createFileStore(loadConfig({ DATA_DIR: s3.directory }).fileStore, vault);
    expect(fallback.kind).toBe('database');
  });
});
