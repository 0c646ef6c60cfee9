import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { completedPercent, FLOW_STAGES } from '@hk/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runStartupMigrations } from '../src/db/data-migrations';
import { applicationSteps, fileBlobs } from '../src/db/schema';
import { createVault } from '../src/lib/crypto';
import { mobileLookupHash } from '../src/plugins/app/auth/mobile-identity';
import { createSession } from '../src/plugins/app/auth/session-repository';
import { findOrCreateUser } from '../src/plugins/app/auth/user-repository';
import { createFileStore } from '../src/plugins/app/files/create-file-store';
import { getFile, post } from './application-helpers';
import { RecordingSms, TEST_SIGN_SECRET, type TestApp } from './helpers';

/**
 * issue #5 §2: a DATA_DIR made by main ec599fe through its own API (scripts/make-legacy-data-fixture.ts,
 * four users at different points of the ID step, photos on disk) opens with today's code: the SQL
 * migrations move the ID step into its step row, the start-up migrations move the photos into the
 * file store and re-hash the passport, and every user finds what they had.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/legacy-data-ec599fe.tar.gz');
interface LegacyUser {
  key: string;
  region: 'HK' | 'CN';
  mobile: string;
  uid: string;
  documents?: { document_id: string; kind: string; served: { sha256: string } }[];
  status: Record<string, unknown>;
  info?: { status: number; data: ({ id_step: Record<string, unknown> } & Record<string, unknown>) | null };
}
const manifest = JSON.parse(readFileSync(FIXTURE.replace('.tar.gz', '.json'), 'utf8')) as {
  users: LegacyUser[];
};

describe('a DATA_DIR made by the previous main', () => {
  let dataDir: string;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hk-legacy-'));
    execFileSync('tar', ['-xzf', FIXTURE, '-C', dataDir]);
    expect(readdirSync(path.join(dataDir, 'files')).length).toBe(5);
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, SIGN_SECRET: TEST_SIGN_SECRET, NODE_ENV: 'test' }),
      webDistDir: path.join(dataDir, 'no-web'),
    };
    const database = await openDatabase({ dataDir });
    const vault = createVault(config.dataKey);
    const files = createFileStore(config.fileStore, vault);
    await runStartupMigrations({
      db: database.db,
      vault,
      files,
      dataDir,
      now: new Date(),
      logger: { info: () => {}, warn: () => {} },
    });
    const clock = { now: new Date(), advance() {} };
    const app = await buildApp({
      config,
      db: database.db,
      vault,
      files,
      sms: new RecordingSms(),
      now: () => clock.now,
    });
    await app.ready();
    t = { app, config, sms: new RecordingSms(), clock } as unknown as TestApp;
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 60_000);

  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function sessionOf(user: LegacyUser): Promise<string> {
    // the same person logging in again: found by the mobile's look-up hash, not created anew
    const { vault, db } = t.app.ctx;
    const found = await db.transaction((tx) =>
      findOrCreateUser(
        tx,
        {
          region: user.region,
          mobileEnc: vault.encrypt(user.mobile),
          mobileHash: mobileLookupHash(vault, user.region, user.mobile),
          mobileMasked: '',
          source: null,
          signup: {},
        },
        t.clock.now,
      ),
    );
    expect(found.id).toBe(user.uid);
    return (await createSession(db, found.id, 'test-device', t.clock.now)).token;
  }

  it('moves every photo into the file store and empties the old folder', async () => {
    const blobs = await t.app.ctx.db.select({ key: fileBlobs.storageKey }).from(fileBlobs);
    const live = manifest.users.flatMap((u) => u.documents ?? []);
    expect(blobs).toHaveLength(live.length);
    const left = existsSync(path.join(dataDir, 'files')) ? readdirSync(path.join(dataDir, 'files')) : [];
    expect(left).toEqual([]);
  });

  for (const user of manifest.users) {
    it(`user ${user.key}: the same status, ID step and photos as before`, async () => {
      const token = await sessionOf(user);
      const status = await post(t, '/v9/OpenAccountHk/status', {}, { token });
      expect(status.json.status).toBe(0);
      // info_progress now says the stage the person is in (decision 011), where the old main said
      // the last one done: the same stages done, and a stage at or past the last of them
      const { info_progress: _before, ...same } = user.status as Record<string, unknown>;
      expect(status.json.data).toMatchObject(same);
      const done = (user.status as { stages_done?: string[] }).stages_done ?? [];
      const now = status.json.data.info_progress as number;
      if (!user.info?.data) expect(now).toBe(0);
      else {
        expect(FLOW_STAGES.map((stage) => stage.progress)).toContain(now);
        expect(now).toBeGreaterThanOrEqual(completedPercent(done));
      }
      if (!user.info?.data) {
        expect((await post(t, '/v9/OpenAccountHk/info', {}, { token })).json.status).toBe(2001);
        return;
      }
      const info = await post(t, '/v9/OpenAccountHk/info', {}, { token });
      const { id_step: before, ...rest } = user.info.data;
      const { id_step: after, ...restNow } = info.json.data;
      expect(restNow).toEqual(rest);
      // the ID step as it was, plus its version and (no) reopen reason
      expect(after).toEqual({ ...before, version: 1, reopened_reason: null });
      for (const doc of user.documents ?? []) {
        const file = await getFile(t, token, doc.document_id);
        expect(file.statusCode, doc.kind).toBe(200);
        expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(doc.served.sha256);
      }
    });
  }

  it('the passport holder keeps the step and the hash now includes the issuing country', async () => {
    const user = manifest.users.find((u) => u.info?.data?.id_step.id_type === 'passport')!;
    const token = await sessionOf(user);
    const { vault, db } = t.app.ctx;
    const [row] = await db
      .select()
      .from(applicationSteps)
      .where(
        and(eq(applicationSteps.step, 'identity'), sql`${applicationSteps.answers}->>'id_type' = 'passport'`),
      );
    const sealed = row!.sealed.id_number!;
    const number = vault.decrypt(sealed.sealed);
    expect(row!.answers.nationality).toBe('SG');
    expect(sealed.hash).toBe(vault.lookupHash(`passport:SG:${number}`));
    // and the person can confirm again with the number on file
    const again = await post(t, '/v9/OpenAccountHk/info', {}, { token });
    expect(again.json.data.id_step.confirmed_at).not.toBeNull();
  });
});
