import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { computeSign } from '@hk/domain';
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createVault } from '../src/lib/crypto';
import type { SmsMessage, SmsProvider } from '../src/plugins/app/sms/sms-provider';

export const TEST_SIGN_SECRET = 'test-secret';

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

/** An SMS provider that records what it was asked to send, and can be told to fail. */
export class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  sent: SmsMessage[] = [];
  failNext = false;
  async send(message: SmsMessage) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('provider down');
    }
    this.sent.push(message);
  }
  lastCodeFor(mobile: string): string | undefined {
    return [...this.sent].reverse().find((m) => m.mobile === mobile)?.code;
  }
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  sms: RecordingSms;
  clock: { now: Date; advance(seconds: number): void };
  /** The PostgreSQL database of this app (undefined for PGlite): a second app can share it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Open this existing PostgreSQL database (not created, not dropped by close()) instead of a fresh one. */
  databaseUrl?: string;
  /** Use this SMS provider instead of the recording one (then `sms.sent` stays empty). */
  sms?: SmsProvider;
}

/**
 * Builds the whole app on a fresh database of `kind` with a controllable clock. Tests call the
 * real routes through `app.inject`.
 */
export async function createTestApp(
  kind: DbKind = 'pglite',
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hk-api-test-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SIGN_SECRET: TEST_SIGN_SECRET, NODE_ENV: 'test' }),
    webDistDir: path.join(dataDir, 'no-web'),
    ...overrides,
  };
  const fresh = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await freshDatabaseUrl(kind);
  const database = await openDatabase({ databaseUrl: fresh.url });
  const sms = new RecordingSms();
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    vault: createVault(config.dataKey),
    sms: options.sms ?? sms,
    now: () => clock.now,
  });
  await app.ready();
  return {
    app,
    config,
    sms,
    clock,
    ...(fresh.url ? { databaseUrl: fresh.url } : {}),
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Adds `_t` and `_sign` (and the other common parameters) the way the web client does. */
export function signed(
  t: TestApp,
  params: Record<string, unknown>,
  opts: { token?: string; mobile?: string } = {},
): Record<string, unknown> {
  const _t = String(t.clock.now.getTime());
  const mobile = opts.mobile ?? (typeof params.mobile === 'string' ? params.mobile.replace(/\D/g, '') : '');
  const subject = opts.token ?? (params.token as string | undefined) ?? mobile;
  return {
    broker: 'HPS',
    version: 'hk9.0',
    open_type: 'NewAccount',
    ...(opts.token ? { token: opts.token } : {}),
    ...params,
    _t,
    _sign: computeSign(subject, _t, TEST_SIGN_SECRET),
  };
}

/**
 * One app per database kind for a `describe.each(DB_KINDS)` suite: started before the suite,
 * closed after it, skipped for PostgreSQL when no server answers. `t` stands for the suite's
 * app (it resolves once the suite has started); `test` skips itself where the kind is missing.
 */
export function useTestApp(
  kind: DbKind,
  pgUrl: string | undefined,
  setup?: (t: TestApp) => void | Promise<void>,
) {
  const missing = kind === 'postgres' && !pgUrl;
  let current: TestApp | undefined;
  beforeAll(async () => {
    if (missing) return;
    current = await createTestApp(kind);
    await setup?.(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = (): TestApp => {
    if (!current) throw new Error('the test app is used before its suite started');
    return current;
  };
  const t = new Proxy({} as TestApp, {
    get: (_target, key) => Reflect.get(started(), key),
    set: (_target, key, value) => Reflect.set(started(), key, value),
  });
  return { t, test: it.skipIf(missing) };
}
