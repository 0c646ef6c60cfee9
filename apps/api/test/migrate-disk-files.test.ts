import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_MIN_AGE_MS } from '../src/plugins/app/files/file-store';
import { migrateDiskFiles } from '../src/plugins/app/files/migrate-disk-files';
import { type DbKind, findPostgres } from './databases';
import { newVault, openDatabaseStore, openS3Store, type StoreUnderTest } from './file-store-helpers';

const pgUrl = await findPostgres();

const CASES: [string, DbKind, (kind: DbKind) => Promise<StoreUnderTest>][] = [
  ['database', 'pglite', openDatabaseStore],
  ['database', 'postgres', openDatabaseStore],
  ['s3', 'pglite', openS3Store],
];

describe.each(CASES)('moving the old disk files into the %s store (%s)', (_driver, kind, open) => {
  const missing = kind === 'postgres' && !pgUrl;
  const test = it.skipIf(missing);
  let s: StoreUnderTest;
  const dirs: string[] = [];
  beforeAll(async () => {
    if (!missing) s = await open(kind);
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const now = new Date();
  const old = new Date(now.getTime() - SWEEP_MIN_AGE_MS - 60_000);

  /** A DATA_DIR with `files/`, as the old disk store left it. */
  function dataDir(): { dataDir: string; files: string } {
    const dir = mkdtempSync(path.join(tmpdir(), 'hk-migrate-test-'));
    dirs.push(dir);
    const files = path.join(dir, 'files');
    mkdirSync(files);
    return { dataDir: dir, files };
  }
  /** Written exactly as the old disk store wrote: vault-sealed bytes in `<key>.bin`. */
  function diskFile(files: string, plain: Buffer, opts: { old?: boolean; vault?: typeof s.vault } = {}) {
    const key = randomBytes(16).toString('hex');
    const file = path.join(files, `${key}.bin`);
    writeFileSync(file, (opts.vault ?? s.vault).encryptBytes(plain));
    if (opts.old ?? true) utimesSync(file, old, old);
    return { key, plain, file, sealed: readFileSync(file) };
  }
  const liveOf = (keys: string[]) => async (asked: string[]) =>
    new Set(asked.filter((k) => keys.includes(k)));
  const run = (dir: string, live: string[]) =>
    migrateDiskFiles({ dataDir: dir, db: s.db, store: s.store, vault: s.vault, isLive: liveOf(live), now });

  test('no files folder: nothing to do, nothing created', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hk-migrate-test-'));
    dirs.push(dir);
    expect(await run(dir, [])).toEqual({ moved: 0, dropped: 0, deferred: 0, failed: [] });
    expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });

  test('moves live files under their own keys, drops old orphans, defers young ones; a re-run is a no-op', async () => {
    const { dataDir: dir, files } = dataDir();
    const live = [
      diskFile(files, randomBytes(120_000)),
      diskFile(files, Buffer.from('id back')),
      diskFile(files, Buffer.from('a file written a minute ago'), { old: false }),
    ];
    const orphan = diskFile(files, Buffer.from('row never committed'));
    const youngOrphan = diskFile(files, Buffer.from('row maybe still coming'), { old: false });
    const temp = path.join(files, `${randomBytes(16).toString('hex')}.bin.0badf00d.tmp`);
    writeFileSync(temp, 'half written');
    utimesSync(temp, old, old);
    writeFileSync(path.join(files, 'NOTES.txt'), 'not ours');

    const result = await run(
      dir,
      live.map((f) => f.key),
    );
    expect(result).toEqual({ moved: 3, dropped: 2, deferred: 1, failed: [] });
    for (const f of live) {
      expect((await s.store.get(s.db, f.key))?.equals(f.plain)).toBe(true);
      expect((await s.readStored(f.key))?.equals(f.sealed)).toBe(true); // copied as it was
    }
    expect(await s.readStored(orphan.key)).toBeNull();
    expect(readdirSync(files).sort()).toEqual(['NOTES.txt', `${youngOrphan.key}.bin`].sort());

    // Again: nothing left to move; what was moved still reads back.
    expect(await run(dir, [...live.map((f) => f.key)])).toEqual({
      moved: 0,
      dropped: 0,
      deferred: 1,
      failed: [],
    });
    for (const f of live) expect((await s.store.get(s.db, f.key))?.equals(f.plain)).toBe(true);
  });

  test('finishes the job after a run that crashed half-way, then removes the empty folder', async () => {
    const { dataDir: dir, files } = dataDir();
    const copiedNotRemoved = diskFile(files, Buffer.from('copied, then the process died'));
    const copiedAndRemoved = diskFile(files, Buffer.from('copied and removed from disk'));
    const untouched = diskFile(files, Buffer.from('not reached'));
    // What the crashed run had done:
    await s.store.importSealed(s.db, copiedNotRemoved.key, copiedNotRemoved.sealed);
    await s.store.importSealed(s.db, copiedAndRemoved.key, copiedAndRemoved.sealed);
    rmSync(copiedAndRemoved.file);

    const all = [copiedNotRemoved, copiedAndRemoved, untouched];
    expect(
      await run(
        dir,
        all.map((f) => f.key),
      ),
    ).toEqual({ moved: 2, dropped: 0, deferred: 0, failed: [] });
    for (const f of all) expect((await s.store.get(s.db, f.key))?.equals(f.plain)).toBe(true);
    expect(existsSync(files)).toBe(false);
  });

  test('a file that does not open with this DATA_KEY stays on disk and is not copied', async () => {
    const { dataDir: dir, files } = dataDir();
    const foreign = diskFile(files, Buffer.from('sealed under another key'), { vault: newVault() });
    const truncated = diskFile(files, Buffer.from('cut short'));
    writeFileSync(truncated.file, truncated.sealed.subarray(0, 10));
    const good = diskFile(files, Buffer.from('fine'));

    const result = await run(dir, [foreign.key, truncated.key, good.key]);
    expect(result.moved).toBe(1);
    expect(result.failed.sort()).toEqual([foreign.key, truncated.key].sort());
    expect(await s.readStored(foreign.key)).toBeNull();
    expect(await s.readStored(truncated.key)).toBeNull();
    expect(existsSync(foreign.file)).toBe(true);
    expect(existsSync(truncated.file)).toBe(true);
    expect((await s.store.get(s.db, good.key))?.toString()).toBe('fine');
  });
});
