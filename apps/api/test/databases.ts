import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, migratedPgliteImage, openDatabase } from '../src/db/client';

// Database set-up shared by every API suite; no import of the app (only its database client), so a
// suite that only needs a database (the file store, migrations) does not load every route to get one.

/** Where PostgreSQL tests run: TEST_DATABASE_URL, or a server answering on 127.0.0.1:5432. */
let pgProbe: Promise<string | undefined> | undefined;
export function findPostgres(): Promise<string | undefined> {
  pgProbe ??= (async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL does not answer: ${url}`);
      return undefined;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgProbe;
}

/** Database kinds to run each data-layer suite against (PGlite always; PostgreSQL when reachable). */
export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

/**
 * A fresh database of that kind; `drop` removes it. Empty, or with `migrated` a copy of a database
 * the real migrations made (PostgreSQL: `create database … template`), so that a suite need not
 * pay for the migrations each time; migrating it again finds nothing to do.
 */
export async function freshDatabaseUrl(
  kind: DbKind,
  opts: { migrated?: boolean } = {},
): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { drop: async () => {} };
  const base = await findPostgres();
  if (!base) throw new Error('PostgreSQL not available');
  const template = opts.migrated ? await postgresTemplate(base) : undefined;
  const name = `hk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pool.end() resolves before its connections have closed; a forced drop kills those still
      // closing, which pg then reports as an uncaught error (57P01) that fails the test run.
      await waitForNoConnections(c, name);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh, migrated database of `kind`, opened; `drop` closes and removes it. */
export async function openMigratedDatabase(
  kind: DbKind,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    pgliteImage ??= migratedPgliteImage();
    const database = await openDatabase({ pgliteImage: await pgliteImage });
    return { database, drop: () => database.close() };
  }
  const fresh = await freshDatabaseUrl(kind, { migrated: true });
  const database = await openDatabase({ databaseUrl: fresh.url });
  return {
    database,
    ...(fresh.url ? { url: fresh.url } : {}),
    drop: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}
let pgliteImage: Promise<Blob> | undefined;

const migrationsFolder = path.join(import.meta.dirname, '../drizzle');

/**
 * The name of a PostgreSQL database the current migrations made, created once (under an advisory
 * lock: the suites' processes ask at the same time) and kept between runs: its name is the hash of
 * the migrations, so a changed migration makes a new one and the old ones are dropped.
 */
let templateName: Promise<string> | undefined;
function postgresTemplate(base: string): Promise<string> {
  templateName ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort())
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    hash.update(readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
    const name = `hk_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(727002)');
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length > 0) return name;
      const { rows: stale } = await admin.query(
        "select datname from pg_database where datname like 'hk\\_template\\_%'",
      );
      for (const r of stale) await admin.query(`drop database if exists ${r.datname} with (force)`);
      // made under another name and renamed when whole: a crash never leaves a half-made template
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      await database.close();
      await waitForNoConnections(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(727002)').catch(() => {});
      await admin.end();
    }
  })();
  return templateName;
}

async function waitForNoConnections(c: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
