import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../lib/api-root';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(API_ROOT, 'drizzle');

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`, and migrates it. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** An in-memory PGlite starts from this image (`migratedPgliteImage`) instead of an empty cluster. */
  pgliteImage?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    // Two servers starting together must not both apply the same migration.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727001)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727001)').catch(() => {});
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true }); // stack notes: PGlite wants the directory to exist
    client = new PGlite(dir);
  } else {
    // in memory: tests (from a migrated image: initdb and every migration cost ~2.5 s each time)
    client = opts.pgliteImage ? new PGlite({ loadDataDir: opts.pgliteImage }) : new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * A migrated, empty in-memory PGlite as an image for `openDatabase({ pgliteImage })`: the test
 * suites open a hundred databases or more, and loading the image costs a fifth of initdb plus the
 * migrations. Made by the real migrations, so every database opened from it is what
 * `openDatabase` would have made (migrating it again finds nothing to do).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
