import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { computeSign } from '@hk/domain';
import { afterAll, beforeAll, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createVault } from '../src/lib/crypto';
import { createFileStore } from '../src/plugins/app/files/create-file-store';
import type { SmsMessage, SmsProvider } from '../src/plugins/app/sms/sms-provider';
import type { AppSurface } from '../src/plugins/app/staff/backoffice-guard';
import { type DbKind, openMigratedDatabase } from './databases';

export const TEST_SIGN_SECRET = 'test-secret';

export { DB_KINDS, type DbKind, findPostgres, freshDatabaseUrl } from './databases';

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
  /** Which listener the app stands for (BACKOFFICE_PORT; default: everything). */
  surface?: AppSurface;
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
    ...loadConfig({
      DATA_DIR: dataDir,
      SIGN_SECRET: TEST_SIGN_SECRET,
      NODE_ENV: 'test',
      // Suites call from a few addresses many times a minute; the general request limit has its
      // own suite (rate-limit.test.ts), which sets a small limit through `overrides`.
      RATE_LIMIT_PER_MINUTE: '1000000',
      // The heavy-work threads run at nice +10 (requests first): on the 2-core CI machine, with
      // both test workers and PostgreSQL busy, a photo's decoding (and its thread's start) was
      // starved past the 10 s limit and refused with 3008 (twice in one run). The limit itself has
      // its own suite (uploads-hostile.test.ts sets a small one); here it only must not be the
      // machine's load that refuses a valid file.
      HEAVY_TIMEOUT_MS: '60000',
    }),
    webDistDir: path.join(dataDir, 'no-web'),
    // the console's build is served only where a test asks for it (backoffice-app.test.ts): a
    // sweep over every route must meet the API's answers, not the console's page
    backofficeDistDir: path.join(dataDir, 'no-backoffice'),
    ...overrides,
  };
  const fresh = options.databaseUrl
    ? {
        database: await openDatabase({ databaseUrl: options.databaseUrl }),
        url: options.databaseUrl,
        drop: async () => {},
      }
    : await openMigratedDatabase(kind);
  const { database } = fresh;
  const sms = new RecordingSms();
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const vault = createVault(config.dataKey);
  const app = await buildApp(
    {
      config,
      db: database.db,
      vault,
      files: createFileStore(config.fileStore, vault),
      sms: options.sms ?? sms,
      now: () => clock.now,
    },
    options.surface ? { surface: options.surface } : {},
  );
  await app.ready();
  return {
    app,
    config,
    sms,
    clock,
    ...(fresh.url ? { databaseUrl: fresh.url } : {}),
    async close() {
      await app.close();
      if (options.databaseUrl) await database.close();
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

/** Every route the app registers, lower-cased as printRoutes shows them. */
export function routesOf(t: TestApp): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  // a route whose path extends another's prints nested under it (`appoint` → `ment_status`)
  const parents: { depth: number; url: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = line.indexOf('──');
    while (parents.length && parents.at(-1)!.depth >= depth) parents.pop();
    const url = (parents.at(-1)?.url ?? '') + m[1]!;
    parents.push({ depth, url });
    if (!m[2]) continue;
    for (const method of m[2].split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}
