// A real server process killed (SIGKILL) in the middle of a submit (issue #7 "a crash at each point
// inside submit"): the submit's transaction is held at a point by a lock the test takes on
// PostgreSQL, the process is killed while it waits there, and the application is found either
// submitted whole or not at all — here, not at all — and a later submit makes it whole, once.
import { randomUUID } from 'node:crypto';
import { computeSign } from '@hk/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../scripts/lib/server.mjs';
import { createTestApp, findPostgres, TEST_SIGN_SECRET, type TestApp } from './helpers';
import { ready, submit, written } from './submit-helpers';

const pgUrl = await findPostgres();

/**
 * Where the killed submit waits, by the table lock that holds it there:
 * - documents (ACCESS EXCLUSIVE): the application row locked, nothing written yet;
 * - application_events (SHARE): the status already 1 in the transaction, its event not written;
 * - submissions (SHARE): status and its event written, the snapshot not yet.
 */
const POINTS = [
  { name: 'before any write', table: 'documents', mode: 'ACCESS EXCLUSIVE' },
  {
    name: 'after the status change',
    table: 'application_events',
    mode: 'SHARE',
  },
  {
    name: 'after the status event, before the snapshot',
    table: 'submissions',
    mode: 'SHARE',
  },
] as const;

describe.skipIf(!pgUrl)('a server process killed inside submit (PostgreSQL)', () => {
  let t: TestApp;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    t = await createTestApp('postgres');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it.each(POINTS)(
    'killed $name: nothing of the submission is there; the next submit makes it whole',
    async ({ table, mode }) => {
      const user = await ready(t);
      const before = await written(t, user);
      server = await startServer({
        name: `submit-crash-${table}`,
        databaseUrl: t.databaseUrl!,
        env: {
          SIGN_SECRET: TEST_SIGN_SECRET,
          DATA_KEY: t.config.dataKey.toString('hex'),
          LINK_KEY: t.config.linkKey.toString('hex'),
        },
      });
      const locker = new pg.Client({ connectionString: t.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query(`lock table ${table} in ${mode} mode`);
        const stamp = String(Date.now());
        const body = new URLSearchParams({
          broker: 'HPS',
          version: 'hk9.0',
          open_type: 'NewAccount',
          token: user.token,
          idempotency_key: randomUUID(),
          _t: stamp,
          _sign: computeSign(user.token, stamp, TEST_SIGN_SECRET),
        });
        const pending = fetch(`${server.url}/v9/OpenAccountHk/submit`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}` },
          body,
        }).catch(() => 'connection lost');
        // the submit's transaction waits on the lock: the point it was to be killed at
        let waiting: string[] = [];
        for (let i = 0; i < 200 && waiting.length === 0; i++) {
          // (pg_stat_activity's query text is the previous statement while a lock is awaited at parse)
          const { rows } = await locker.query(
            `select relation::regclass::text as relation from pg_locks
              where not granted and locktype = 'relation' and pid <> pg_backend_pid()`,
          );
          waiting = rows.map((r: { relation: string }) => r.relation);
          if (waiting.length === 0) await new Promise((r) => setTimeout(r, 50));
        }
        expect(waiting, 'the submit reached the point').toHaveLength(1);
        expect(waiting[0]).toBe(table);
        await server.kill();
        expect(await pending).toBe('connection lost');
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      // the killed process's transaction ends without a commit
      for (let i = 0; i < 100; i++) {
        const probe = new pg.Client({ connectionString: t.databaseUrl });
        await probe.connect();
        const { rows } = await probe.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
        );
        await probe.end();
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await written(t, user)).toEqual(before);
      // the person tries again (the in-process app on the same database): submitted whole, once
      const again = await submit(t, user);
      expect(again.json.data).toMatchObject({ submission_number: 1, status: 1, replayed: false });
      const after = await written(t, user);
      expect(after.submissions).toHaveLength(1);
      expect(after.created).toHaveLength(1);
      expect(after.statusChanges).toHaveLength(1);
      await server.stop();
      server = undefined;
    },
    120_000,
  );
});
