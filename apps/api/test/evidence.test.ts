import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApplicationStatus } from '@hk/domain';
import { DisposalListSchema, type RecordsView, RecordsViewSchema } from '@hk/domain/evidence/contracts';
import { parseManifest, serializeManifest } from '@hk/domain/evidence/manifest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { runEvidenceCommand } from '../src/commands/evidence';
import { applicationEvents, applications, documents, staffAccessEvents, staffJobs } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { unzipEvidencePack, verifyPackFiles } from '../src/plugins/app/evidence/evidence-service';
import { lockApplication } from '../src/plugins/app/steps/step-repository';
import { changeApplicationStatus } from '../src/plugins/app/submissions/status-service';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { createApplicant } from './investment-helpers';
import { jobIn, jobOf, readJob, runJobs } from './job-helpers';
import { activatedApplication, submittedWithConsent } from './opening-helpers';
import { createStaff, type SignedInStaff, type StaffAccount, signInStaff, staffCall } from './review-helpers';

const pgUrl = await findPostgres();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'hk-evidence-'));
  dirs.push(d);
  return d;
};

const records = (res: { json(): { data: unknown } }) =>
  z.parse(RecordsViewSchema, res.json().data) as RecordsView;

/** Declined through the status machine (as the review's decline call does it). */
async function declineForTest(t: TestApp, applicationId: string) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    await changeApplicationStatus(
      tx,
      app!,
      'decline',
      { ...SYSTEM_EVENT_META, actorType: 'staff' },
      t.clock.now,
    );
  });
}

describe.each(DB_KINDS)('evidence pack, retention and legal holds (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const staff = {} as Record<'operations' | 'approver' | 'approver2' | 'administrator', StaffAccount>;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    staff.operations = await createStaff(t, ['operations']);
    staff.approver = await createStaff(t, ['approver']);
    staff.approver2 = await createStaff(t, ['approver']);
    staff.administrator = await createStaff(t, ['administrator']);
  });

  /** POST of the prepared pack's download (its requester's, CSRF), the raw answer. */
  function fetchPrepared(who: SignedInStaff, jobId: string) {
    return t.app.inject({
      method: 'POST',
      url: `/backoffice/api/jobs/${jobId}/download`,
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    });
  }

  /** Issue #22: asked for (a job, answered at once), prepared by the runner, downloaded. */
  async function download(applicationId: string) {
    const approver = await signInStaff(t, staff.approver);
    const queued = jobIn(await staffCall(t, approver, 'POST', `/records/${applicationId}/evidence-pack`));
    expect(queued).toMatchObject({ kind: 'evidence_export', state: 'queued', exportResult: null });
    expect(await runJobs(t)).toBe(1);
    const job = await jobOf(t, approver, queued.id);
    expect(job, JSON.stringify(job.error)).toMatchObject({
      state: 'succeeded',
      progress: { done: 3, total: 3 },
      exportResult: { applicationId, canDownload: true },
    });
    const res = await fetchPrepared(approver, queued.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    lastZip = res.rawPayload;
    lastJobId = queued.id;
    return unzipEvidencePack(res.rawPayload);
  }
  let lastJobId = '';
  let lastZip: Buffer = Buffer.alloc(0);

  test('the pack holds the submissions, every document, the logs and the deposit, and verifies; the export is logged', async () => {
    const a = await activatedApplication(t, { consent: true });
    const ops = await signInStaff(t, staff.operations);
    expect((await staffCall(t, ops, 'POST', `/opening/${a.applicationId}`)).json().status).toBe(0);

    const files = await download(a.applicationId);
    const paths = [...files.keys()];
    expect(paths).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'manifest.sig',
        'public-key.pem',
        'application.json',
        'submissions/1/snapshot.json',
        'submissions/index.json',
        'documents/index.json',
        'events/application-events.json',
        'review/cases.json',
        'access/staff-access-events.json',
        'deposit/match.json',
        'records/legal-holds.json',
      ]),
    );
    expect(paths.some((p) => /^submissions\/1\/application-[a-zA-Z-]+\.pdf$/.test(p))).toBe(true);
    const pdf = files.get(paths.find((p) => p.endsWith('.pdf'))!)!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // every document the application ever uploaded, decrypted, with the SHA-256 recorded at upload
    const rows = await t.app.ctx.db
      .select()
      .from(documents)
      .where(eq(documents.applicationId, a.applicationId));
    const index = JSON.parse(files.get('documents/index.json')!.toString()) as {
      id: string;
      file: string;
      sha256Recorded: string;
      sha256Matches: boolean;
    }[];
    expect(index.map((d) => d.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(rows.length).toBeGreaterThan(0);
    for (const d of index) expect(d.sha256Matches, d.file).toBe(true);
    const [snapshotInfo] = JSON.parse(files.get('submissions/index.json')!.toString());
    expect(snapshotInfo.snapshotMatches).toBe(true);

    const check = verifyPackFiles(files);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    // the signing key is the configured one
    expect(verifyPackFiles(files, files.get('public-key.pem')!.toString()).ok).toBe(true);

    // the export is in the staff access log, and in the pack's own copy of it
    const access = await t.app.ctx.db
      .select()
      .from(staffAccessEvents)
      .where(
        and(
          eq(staffAccessEvents.applicationId, a.applicationId),
          eq(staffAccessEvents.what, 'evidence_export'),
        ),
      );
    expect(access.map((e) => e.staffId)).toEqual([staff.approver.id]);
    expect(files.get('access/staff-access-events.json')!.toString()).toContain('evidence_export');
    expect(JSON.parse(files.get('application.json')!.toString())).toMatchObject({
      status: 5,
      bcan: expect.any(String),
    });

    // the zip the console downloads verifies with the command as it is
    const zip = path.join(tempDir(), 'pack.zip');
    writeFileSync(zip, lastZip);
    const out: string[] = [];
    const io = { out: (x: string) => void out.push(x), err: (x: string) => void out.push(x) };
    expect(await runEvidenceCommand(['verify', zip], io)).toBe(0);
    expect(out.join('')).toContain(check.keyFingerprint!);
  });

  // issue #22: the pack is prepared as a job, off the request thread, and kept for its requester
  test('the export is a job: built in the worker pool, downloaded by its requester only, each download logged, gone after its time', async () => {
    const a = await activatedApplication(t, { consent: true });
    const poolBefore = t.app.ctx.heavy.stats().started;
    await download(a.applicationId);
    // the PDF and the zip were made in the worker threads
    expect(t.app.ctx.heavy.stats().started - poolBefore).toBeGreaterThanOrEqual(2);
    const approver = await signInStaff(t, staff.approver);
    // a second download: the same pack, logged again; the export itself once
    const again = await fetchPrepared(approver, lastJobId);
    expect(again.rawPayload.equals(lastZip)).toBe(true);
    const events = await t.app.ctx.db
      .select()
      .from(staffAccessEvents)
      .where(eq(staffAccessEvents.applicationId, a.applicationId));
    expect(events.filter((e) => e.what === 'evidence_export')).toHaveLength(1);
    expect(events.filter((e) => e.what === 'evidence_download').map((e) => e.staffId)).toEqual([
      staff.approver.id,
      staff.approver.id,
    ]);

    // another approver neither sees the job nor downloads its pack; operations cannot either
    const other = await signInStaff(t, staff.approver2);
    expect((await readJob(t, other, lastJobId)).statusCode).toBe(404);
    expect((await fetchPrepared(other, lastJobId)).statusCode).toBe(404);
    const ops = await signInStaff(t, staff.operations);
    expect((await readJob(t, ops, lastJobId)).statusCode).toBe(404);
    expect((await fetchPrepared(ops, lastJobId)).statusCode).toBe(403);
    // without the CSRF header, no download
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/backoffice/api/jobs/${lastJobId}/download`,
      headers: { cookie: approver.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);

    // an unknown application is refused at once, no job
    const none = await staffCall(
      t,
      approver,
      'POST',
      '/records/00000000-0000-4000-8000-000000000000/evidence-pack',
    );
    expect([none.statusCode, none.json().status]).toEqual([404, 5401]);

    // a day later: no download, and the runner removes the stored pack
    t.clock.advance(24 * 3600 + 1);
    const nextDay = await signInStaff(t, staff.approver);
    const late = await jobOf(t, nextDay, lastJobId);
    expect(late.exportResult).toMatchObject({ canDownload: false, downloadUntil: null });
    expect((await fetchPrepared(nextDay, lastJobId)).statusCode).toBe(404);
    const [before] = await t.app.ctx.db.select().from(staffJobs).where(eq(staffJobs.id, lastJobId));
    await runJobs(t);
    const [after] = await t.app.ctx.db.select().from(staffJobs).where(eq(staffJobs.id, lastJobId));
    expect(before!.resultKey).not.toBeNull();
    expect(after!.resultKey).toBeNull();
    expect(await t.app.ctx.files.get(t.app.ctx.db, before!.resultKey!)).toBeNull();
  });

  test('verification fails on any changed byte of any file, a missing or added file, an edited manifest', async () => {
    const s = await submittedWithConsent(t, { consent: false });
    const files = await download(s.applicationId);
    expect(verifyPackFiles(files).ok).toBe(true);
    for (const [p, bytes] of files) {
      // one byte of each file, in the middle
      const changed = Buffer.from(bytes);
      const i = Math.floor(changed.length / 2);
      changed[i] = changed[i]! ^ 0x01;
      const result = verifyPackFiles(new Map([...files, [p, changed]]));
      expect(result.ok, p).toBe(false);
      // the file is named (a manifest that no longer reads names the manifest)
      expect(
        result.problems.map((x) => x.path),
        p,
      ).toContain(p);
    }
    const missing = new Map(files);
    missing.delete('documents/index.json');
    expect(verifyPackFiles(missing).problems).toEqual([{ path: 'documents/index.json', problem: 'missing' }]);
    const added = new Map([...files, ['extra/note.txt', Buffer.from('hello')]]);
    expect(verifyPackFiles(added).problems).toEqual([{ path: 'extra/note.txt', problem: 'unexpected' }]);
    // a manifest edited to match a changed file, canonical again, no longer matches its signature
    const parsed = parseManifest(files.get('manifest.json')!.toString());
    if (!parsed.ok) throw new Error('manifest');
    const edited = serializeManifest({
      ...parsed.manifest,
      files: parsed.manifest.files.filter((f) => f.path !== 'deposit/match.json'),
    });
    const withoutDeposit = new Map(files);
    withoutDeposit.delete('deposit/match.json');
    withoutDeposit.set('manifest.json', Buffer.from(edited));
    expect(verifyPackFiles(withoutDeposit).problems).toEqual([
      { path: 'manifest.json', problem: 'signature_invalid' },
      { path: 'manifest.sig', problem: 'signature_invalid' },
    ]);
    // another key: the pack's own key still checks, the expected one does not
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(verifyPackFiles(files, other).problems).toEqual([
      { path: 'public-key.pem', problem: 'key_not_expected' },
    ]);
  });

  test('npm run evidence: export writes a folder that verify accepts; a changed, missing or added file fails it by name', async () => {
    const s = await submittedWithConsent(t, { consent: true });
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (x: string) => void out.push(x), err: (x: string) => void err.push(x) };
    const open = async () => ({ ctx: t.app.ctx, close: async () => {} });
    const dir = path.join(tempDir(), 'pack');
    // only someone allowed to export, named
    expect(
      await runEvidenceCommand(['export', s.applicationId, dir, '--as', staff.operations.username], io, open),
    ).toBe(1);
    expect(await runEvidenceCommand(['export', s.applicationId, dir], io, open)).toBe(2);
    expect(
      await runEvidenceCommand(['export', s.applicationId, dir, '--as', staff.approver.username], io, open),
    ).toBe(0);
    expect(await runEvidenceCommand(['verify', dir], io, open)).toBe(0);
    expect(out.join('')).toMatch(/OK: \d+ files/);

    const target = path.join(dir, 'events', 'application-events.json');
    const original = readFileSync(target);
    writeFileSync(target, Buffer.concat([original.subarray(0, 10), Buffer.from('X'), original.subarray(11)]));
    err.length = 0;
    expect(await runEvidenceCommand(['verify', dir], io, open)).toBe(1);
    expect(err.join('')).toContain('FAIL events/application-events.json: hash mismatch');
    writeFileSync(target, original);
    unlinkSync(path.join(dir, 'deposit', 'match.json'));
    writeFileSync(path.join(dir, 'added.txt'), 'x');
    err.length = 0;
    expect(await runEvidenceCommand(['verify', dir], io, open)).toBe(1);
    expect(err.join('')).toContain('FAIL deposit/match.json: missing');
    expect(err.join('')).toContain('FAIL added.txt: unexpected');
    const logged = await t.app.ctx.db
      .select()
      .from(staffAccessEvents)
      .where(
        and(
          eq(staffAccessEvents.applicationId, s.applicationId),
          eq(staffAccessEvents.what, 'evidence_export'),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  test('permissions: exporting needs records.export, holds need records.hold, reading needs records.read', async () => {
    const s = await submittedWithConsent(t, { consent: true });
    const ops = await signInStaff(t, staff.operations);
    const admin = await signInStaff(t, staff.administrator);
    expect((await staffCall(t, ops, 'GET', `/records/${s.applicationId}`)).statusCode).toBe(200);
    expect(records(await staffCall(t, ops, 'GET', `/records/${s.applicationId}`)).can).toEqual({
      export: false,
      hold: false,
    });
    expect((await staffCall(t, ops, 'POST', `/records/${s.applicationId}/evidence-pack`)).statusCode).toBe(
      403,
    );
    expect((await staffCall(t, admin, 'POST', `/records/${s.applicationId}/evidence-pack`)).statusCode).toBe(
      403,
    );
    expect(
      (await staffCall(t, ops, 'POST', `/records/${s.applicationId}/holds`, { reason: 'litigation notice' }))
        .statusCode,
    ).toBe(403);
    expect((await staffCall(t, null, 'GET', `/records/${s.applicationId}`)).statusCode).toBe(401);
    const none = await staffCall(t, ops, 'GET', '/records/00000000-0000-4000-8000-000000000000');
    expect([none.statusCode, none.json().status]).toEqual([404, 5401]);
    const noExport = await staffCall(t, ops, 'GET', '/records/not-an-id');
    expect(noExport.statusCode).toBe(404);
    const hold = await staffCall(t, admin, 'POST', `/records/${s.applicationId}/holds`, { reason: ' ' });
    expect(hold.statusCode).toBeLessThan(500);
    expect(hold.json().status).not.toBe(0);
    expect(JSON.stringify(hold.json())).toContain('reason');
  });

  test('retention: opened (kept while it lasts), declined (five years from the decline), never submitted (from the last activity)', async () => {
    const ops = await signInStaff(t, staff.operations);
    const opened = await activatedApplication(t, { consent: false });
    await staffCall(t, ops, 'POST', `/opening/${opened.applicationId}`);
    expect(records(await staffCall(t, ops, 'GET', `/records/${opened.applicationId}`)).retention).toEqual({
      basis: 'relationship_open',
      clockFrom: null,
      keepUntil: null,
      onHold: false,
      eligible: false,
    });

    const declined = await submittedWithConsent(t, { consent: true });
    await declineForTest(t, declined.applicationId);
    const [row] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, declined.applicationId));
    expect(row!.status).toBe(ApplicationStatus.DECLINED);
    expect(row!.relationshipEndedAt?.toISOString()).toBe(t.clock.now.toISOString());
    const d = records(await staffCall(t, ops, 'GET', `/records/${declined.applicationId}`)).retention;
    const fiveYears = new Date(t.clock.now);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    expect(d).toMatchObject({
      basis: 'relationship_ended',
      keepUntil: fiveYears.toISOString(),
      eligible: false,
    });

    const filling = await createApplicant(t);
    const [draft] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.userId, filling.userId));
    const f = records(await staffCall(t, ops, 'GET', `/records/${draft!.id}`)).retention;
    const fromActivity = new Date(draft!.updatedAt);
    fromActivity.setUTCFullYear(fromActivity.getUTCFullYear() + 5);
    expect(f).toMatchObject({
      basis: 'last_activity',
      keepUntil: fromActivity.toISOString(),
      eligible: false,
    });
  });

  // last in the suite: it moves the clock five years on
  test('a legal hold blocks disposal until released; each change is an event; two releases, one wins', async () => {
    const declined = await submittedWithConsent(t, { consent: true });
    await declineForTest(t, declined.applicationId);
    t.clock.advance(5 * 366 * 24 * 3600);
    const ops = await signInStaff(t, staff.operations);
    const admin = await signInStaff(t, staff.administrator);
    const listed = async () =>
      z
        .parse(DisposalListSchema, (await staffCall(t, ops, 'GET', '/records/disposal')).json().data)
        .applications.some((x) => x.applicationId === declined.applicationId);
    expect(await listed()).toBe(true);
    expect(
      records(await staffCall(t, ops, 'GET', `/records/${declined.applicationId}`)).retention.eligible,
    ).toBe(true);

    const placed = records(
      await staffCall(t, admin, 'POST', `/records/${declined.applicationId}/holds`, {
        reason: 'Court order HCA 123/2031',
      }),
    );
    expect(placed.retention).toMatchObject({ onHold: true, eligible: false });
    expect(placed.holds).toHaveLength(1);
    expect(placed.holds[0]).toMatchObject({ reason: 'Court order HCA 123/2031', releasedAt: null });
    expect(await listed()).toBe(false);

    const holdId = placed.holds[0]!.id;
    const approver = await signInStaff(t, staff.approver);
    const [r1, r2] = await Promise.all([
      staffCall(t, admin, 'POST', `/records/${declined.applicationId}/holds/${holdId}/release`, {
        reason: 'Case closed',
      }),
      staffCall(t, approver, 'POST', `/records/${declined.applicationId}/holds/${holdId}/release`, {
        reason: 'Done',
      }),
    ]);
    expect([r1.json().status, r2.json().status].sort()).toEqual([0, 5421]);
    expect(await listed()).toBe(true);
    const other = await staffCall(
      t,
      admin,
      'POST',
      `/records/${declined.applicationId}/holds/00000000-0000-4000-8000-000000000000/release`,
      { reason: 'Case closed' },
    );
    expect([other.statusCode, other.json().status]).toEqual([404, 5420]);

    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, declined.applicationId));
    expect(events.filter((e) => e.type === 'legal_hold_placed')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'legal_hold_released')).toHaveLength(1);
    // nothing was deleted
    const [still] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, declined.applicationId));
    expect(still).toBeDefined();
  });
});
