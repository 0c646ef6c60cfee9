import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@hk/domain';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createFileStore } from '../src/plugins/app/documents/file-store';
import { SWEEP_MIN_AGE_MS, sweepOrphanFiles } from '../src/plugins/app/documents/file-sweep';
import {
  countRows,
  createLoggedInUser,
  getFile,
  images,
  post,
  storedFiles,
  upload,
} from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('photos at rest: crash safety and the orphan sweep (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('removes old files without a live row and old temp files, keeps live and recent ones', async () => {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    const live = await upload(t, user.token, 'id_front', await images.jpeg());
    expect(live.json.status).toBe(0);

    const files = createFileStore(t.config.dataDir, t.app.ctx.vault);
    const orphan = await files.put(Buffer.from('written, then the process died before the insert'));
    const recent = await files.put(Buffer.from('an upload still in flight'));
    const dir = path.join(t.config.dataDir, 'files');
    const temp = `${'a'.repeat(32)}.bin.0badf00d.tmp`;
    writeFileSync(path.join(dir, temp), 'half written');

    const old = new Date(Date.now() - SWEEP_MIN_AGE_MS - 60_000);
    for (const name of storedFiles(t)) {
      if (name === `${recent}.bin`) continue;
      utimesSync(path.join(dir, name), old, old);
    }
    const before = storedFiles(t);
    expect(before).toHaveLength(4);

    const removed = await sweepOrphanFiles(t.app.ctx.db, files, new Date());
    expect(removed).toBe(2);
    const after = storedFiles(t);
    expect(after).not.toContain(`${orphan}.bin`);
    expect(after).not.toContain(temp);
    expect(after).toContain(`${recent}.bin`);
    expect(after).toHaveLength(2);
    // the live document still reads back
    const res = await getFile(t, user.token, live.json.data.document_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  run('a failing insert leaves no file behind (and no row)', async () => {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    const kept = await upload(t, user.token, 'id_front', await images.jpeg());
    expect(kept.json.status).toBe(0);
    const filesBefore = storedFiles(t).sort();
    const rowsBefore = await countRows(t);
    // the database refuses the insert after the file was written (disk full, lost connection…)
    await t.app.ctx.db.execute(
      sql.raw(`create function refuse_document() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`),
    );
    await t.app.ctx.db.execute(
      sql.raw(
        'create trigger refuse_document before insert on documents for each row execute function refuse_document()',
      ),
    );
    try {
      const failed = await upload(t, user.token, 'id_front', await images.png());
      expect(failed.json.status).toBe(ErrorCode.INTERNAL);
    } finally {
      await t.app.ctx.db.execute(sql.raw('drop trigger refuse_document on documents'));
      await t.app.ctx.db.execute(sql.raw('drop function refuse_document()'));
    }
    expect(storedFiles(t).sort()).toEqual(filesBefore);
    expect(await countRows(t)).toEqual(rowsBefore);
    // the previous photo was not replaced: the transaction rolled back
    expect((await getFile(t, user.token, kept.json.data.document_id)).statusCode).toBe(200);
    const after = await upload(t, user.token, 'id_front', await images.png());
    expect(after.json.status).toBe(0);
  });
});
