import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Database set-up shared by every API suite; no import of the app, so a suite that only needs a
// database (the file store, migrations) does not load every route to get one.

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

/** A fresh, empty database of that kind; `drop` removes it. */
export async function freshDatabaseUrl(kind: DbKind): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { drop: async () => {} };
  const base = await findPostgres();
  if (!base) throw new Error('PostgreSQL not available');
  const name = `hk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
