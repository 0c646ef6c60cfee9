import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApplicationStatus } from '@hk/domain';
import {
  AssigneeListSchema,
  CaseQueueSchema,
  type CaseView,
  CaseViewSchema,
  StaffMemberListSchema,
} from '@hk/domain/review/contracts';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import type { StaffRole } from '@hk/domain/staff/roles';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  applicationSteps,
  applications,
  reviewCaseEvents,
  reviewCases,
  staffAccessEvents,
  submissions,
} from '../src/db/schema';
import { documentKindLabel } from '../src/lib/step-texts';
import { openMissingReviewCases } from '../src/plugins/app/review/case-opening';
import { insertSubmission } from '../src/plugins/app/submissions/submission-repository';
import { images, upload } from './application-helpers';
import { saveStep } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import {
  createStaff,
  type SignedInStaff,
  type StaffAccount,
  signInStaff,
  staffCall,
  submittedApplication,
  totpNow,
} from './review-helpers';
import { audit, confirmLoose, ready, sign, submit } from './submit-helpers';

const pgUrl = await findPostgres();

const ROLES: StaffRole[] = ['reviewer', 'approver', 'operations', 'content_editor', 'administrator'];

const view = (res: { json(): { data: unknown } }) => z.parse(CaseViewSchema, res.json().data) as CaseView;

async function statusOf(t: TestApp, applicationId: string) {
  const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, applicationId));
  return row!.status;
}

describe('names the console shares with the applicant’s screens', () => {
  // issue #22 finding 12: a returned address proof is named as the applicant's screen names it
  it.each(['zh-CN', 'zh-HK', 'en'] as const)('the address proof (%s)', (lang) => {
    const screen = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, `../../web/src/locales/${lang}/address.json`), 'utf8'),
    ) as Record<string, string>;
    expect(documentKindLabel('address_proof', lang)).toBe(screen.proof_title);
  });
});

describe.each(DB_KINDS)('review cases (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  const accounts = {} as Record<StaffRole | 'reviewer2' | 'approver2', StaffAccount>;

  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    for (const role of ROLES) accounts[role] = await createStaff(t, [role]);
    accounts.reviewer2 = await createStaff(t, ['reviewer']);
    accounts.approver2 = await createStaff(t, ['approver']);
  });
  const as = (who: keyof typeof accounts) => signInStaff(t, accounts[who]);

  /** A submitted case assigned to the reviewer, every item approved (ready to recommend). */
  async function caseReadyToRecommend(reviewer: SignedInStaff) {
    const s = await submittedApplication(t);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    for (const item of v.items) {
      const res = await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${item.key}`, {
        version: v.case.version,
        verdict: 'approved',
        reasons: [],
        applicantComment: null,
        internalNote: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      v = view(res);
    }
    return { ...s, v };
  }

  test('a submission opens its case in the same transaction; the queue and the case view by role', async () => {
    const s = await submittedApplication(t);
    const [c] = await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.id, s.caseId));
    expect(c).toMatchObject({ stage: 'queued', queue: 'first_review', submissionNumber: 1, version: 0 });
    const [snap] = await t.app.ctx.db.select().from(submissions).where(eq(submissions.id, c!.submissionId));
    expect(c!.submissionSha256).toBe(snap!.sha256);
    expect(c!.dueAt.getTime()).toBeGreaterThan(c!.enteredAt.getTime());

    for (const role of ROLES) {
      const who = await as(role);
      const list = await staffCall(t, who, 'GET', '/cases?pageSize=100&sort=-submitted');
      const one = await staffCall(t, who, 'GET', `/cases/${s.caseId}`);
      if (role === 'content_editor') {
        expect([list.statusCode, one.statusCode]).toEqual([403, 403]);
        expect(list.json().status).toBe(5004);
        continue;
      }
      expect(list.statusCode, list.body).toBe(200);
      const queue = z.parse(CaseQueueSchema, list.json().data);
      expect(queue.cases.map((x) => x.id)).toContain(s.caseId);
      expect(one.statusCode, one.body).toBe(200);
      const v = view(one);
      expect(v.can.readSensitive).toBe(role === 'reviewer' || role === 'approver');
      expect(v.can.assignToMe).toBe(role === 'reviewer' || role === 'approver');
    }
    // no session: 401; an unknown or malformed case: 404
    expect((await staffCall(t, null, 'GET', '/cases')).statusCode).toBe(401);
    const reviewer = await as('reviewer');
    expect((await staffCall(t, reviewer, 'GET', `/cases/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await staffCall(t, reviewer, 'GET', '/cases/not-a-case')).statusCode).toBe(404);
    expect((await staffCall(t, reviewer, 'GET', '/cases?pageSize=1000')).json().status).toBe(1002);
  });

  test('the case view renders every answer through the catalogues for staff, hashes each document, names no field', async () => {
    const s = await submittedApplication(t);
    const reviewer = await as('reviewer');
    const v = view(await staffCall(t, reviewer, 'GET', `/cases/${s.caseId}`));
    const steps = v.items.filter((i) => i.kind === 'step');
    const docs = v.items.filter((i) => i.kind === 'document');
    expect(steps.map((i) => i.step)).toContain('identity');
    expect(steps.some((i) => i.step === 'review')).toBe(false);
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs)
      expect(d.document).toMatchObject({ intact: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const identity = steps.find((i) => i.step === 'identity')!;
    expect(identity.title).toBe('Identity');
    // the console's chosen language (its `lang` header) wins over the account's (en)
    const zh = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/cases/${s.caseId}`,
      headers: { cookie: reviewer.cookie, lang: 'zh-CN' },
    });
    const zhIdentity = view(zh).items.find((i) => i.kind === 'step' && i.step === 'identity')!;
    expect(zhIdentity.title).toMatch(/[\u4e00-\u9fff]/);
    expect(zhIdentity.fields.map((f) => f.label).join('')).not.toMatch(/[A-Za-z]{4,}/);
    expect(identity.fields.length).toBeGreaterThan(3);
    for (const line of steps.flatMap((i) => i.fields)) {
      expect(line.label).not.toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
      expect(line.value).not.toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
    }
    // the ID number appears only masked
    expect(JSON.stringify(identity.fields)).not.toContain(s.applicant.idNumber);
    expect(v.items.every((i) => !i.changedSinceLastReview)).toBe(true);
    expect(v.earlierSubmissions).toEqual([]);
    // a document whose stored bytes no longer hash to the snapshot's SHA-256 is shown as not intact
    const doc = docs[0]!.document!;
    await t.app.ctx.db.execute(sql`update documents set sha256 = 'x' where id = ${doc.id}`);
    await t.app.ctx.db.execute(
      sql`update file_blobs set data = data || '\\x00'::bytea where storage_key = (select storage_key from documents where id = ${doc.id})`,
    );
    const after = view(await staffCall(t, reviewer, 'GET', `/cases/${s.caseId}`));
    expect(after.items.find((i) => i.document?.id === doc.id)?.document?.intact).toBe(false);
  });

  test('assign: to oneself, taking it needs case.reassign, to someone else only if they decide cases; CSRF; stale version', async () => {
    const s = await submittedApplication(t);
    const reviewer = await as('reviewer');
    const reviewer2 = await as('reviewer2');
    const approver = await as('approver');
    const admin = await as('administrator');
    const ops = await as('operations');
    const path = `/cases/${s.caseId}/assign`;
    expect((await staffCall(t, reviewer, 'POST', path, { version: 0 }, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await staffCall(t, ops, 'POST', path, { version: 0 })).statusCode).toBe(403);
    expect((await staffCall(t, admin, 'POST', path, { version: 0 })).statusCode).toBe(403);
    let v = view(await staffCall(t, reviewer, 'POST', path, { version: 0 }));
    expect(v.case).toMatchObject({ stage: 'in_review', version: 1, assignee: { id: reviewer.id } });
    // stale: the version it was read at
    const stale = await staffCall(t, reviewer2, 'POST', path, { version: 0 });
    expect([stale.statusCode, stale.json().status]).toEqual([409, 5102]);
    // a reviewer cannot take a case another holds
    expect((await staffCall(t, reviewer2, 'POST', path, { version: 1 })).statusCode).toBe(403);
    // an administrator reassigns, but not to someone who decides no case
    const bad = await staffCall(t, admin, 'POST', path, { version: 1, assigneeId: accounts.operations.id });
    expect([bad.statusCode, bad.json().status]).toEqual([400, 5114]);
    v = view(await staffCall(t, admin, 'POST', path, { version: 1, assigneeId: reviewer2.id }));
    expect(v.case.assignee?.id).toBe(reviewer2.id);
    v = view(await staffCall(t, approver, 'POST', path, { version: 2 }));
    expect(v.case.assignee?.id).toBe(approver.id);
    const events = await t.app.ctx.db
      .select()
      .from(reviewCaseEvents)
      .where(eq(reviewCaseEvents.caseId, s.caseId));
    expect(events.map((e) => [e.type, e.actorId, e.previous?.assigneeId, e.next?.assigneeId])).toEqual([
      ['assigned', reviewer.id, null, reviewer.id],
      ['assigned', admin.id, reviewer.id, reviewer2.id],
      ['assigned', approver.id, reviewer2.id, approver.id],
    ]);
    expect(v.events.map((e) => e.text)[0]).toMatch(/^Assigned to /);

    // who a case can be given to: those who decide items, for those who may reassign
    const list = await staffCall(t, admin, 'GET', '/assignees');
    expect(list.statusCode, list.body).toBe(200);
    const assignees = z.parse(AssigneeListSchema, list.json().data).assignees;
    const ids = assignees.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([reviewer.id, reviewer2.id, approver.id]));
    expect(ids).not.toContain(accounts.operations.id);
    expect(ids).not.toContain(admin.id);
    expect(assignees.find((a) => a.id === reviewer2.id)?.displayName).toMatch(/^reviewer \d+$/);
    expect((await staffCall(t, approver, 'GET', '/assignees')).statusCode).toBe(200);
    for (const who of [reviewer, ops]) {
      const refused = await staffCall(t, who, 'GET', '/assignees');
      expect([refused.statusCode, refused.json().status]).toEqual([403, 5004]);
    }
  });

  test('item decisions: two at once, one wins; only by the assignee; another case’s item; rules of a decision', async () => {
    const a = await submittedApplication(t);
    const b = await submittedApplication(t);
    const reviewer = await as('reviewer');
    const reviewer2 = await as('reviewer2');
    const ops = await as('operations');
    const v = view(await staffCall(t, reviewer, 'POST', `/cases/${a.caseId}/assign`, { version: 0 }));
    const key = v.items[0]!.key;
    const body = {
      version: v.case.version,
      verdict: 'approved',
      reasons: [],
      applicantComment: null,
      internalNote: null,
    };
    expect((await staffCall(t, ops, 'PUT', `/cases/${a.caseId}/items/${key}`, body)).statusCode).toBe(403);
    const notMine = await staffCall(t, reviewer2, 'PUT', `/cases/${a.caseId}/items/${key}`, body);
    expect([notMine.statusCode, notMine.json().status]).toEqual([409, 5104]);
    // an item of another case (b's documents are not a's)
    const bView = view(await staffCall(t, reviewer, 'GET', `/cases/${b.caseId}`));
    const otherDoc = bView.items.find((i) => i.kind === 'document')!.key;
    expect(
      (await staffCall(t, reviewer, 'PUT', `/cases/${a.caseId}/items/${otherDoc}`, body)).statusCode,
    ).toBe(404);
    const invalid = await staffCall(t, reviewer, 'PUT', `/cases/${a.caseId}/items/${key}`, {
      ...body,
      verdict: 'revision',
    });
    expect([invalid.statusCode, invalid.json().status]).toEqual([400, 5112]);
    const racing = await Promise.all([
      staffCall(t, reviewer, 'PUT', `/cases/${a.caseId}/items/${key}`, body),
      staffCall(t, reviewer, 'PUT', `/cases/${a.caseId}/items/${key}`, {
        ...body,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: 'Please take it again',
      }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json().status).toBe(5102);
    const decided = await t.app.ctx.db.execute(
      sql`select count(*)::int as n from review_item_decisions where case_id = ${a.caseId}`,
    );
    expect(JSON.stringify(decided)).toContain('"n":1');
  });

  test('recommend needs every item approved; the maker cannot approve (code and database); a replayed code is refused; approval → 2', async () => {
    const reviewer = await as('reviewer');
    const s = await submittedApplication(t);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    const early = await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, {
      version: v.case.version,
    });
    expect([early.statusCode, early.json().status]).toEqual([409, 5106]);
    for (const item of v.items)
      v = view(
        await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${item.key}`, {
          version: v.case.version,
          verdict: 'approved',
          reasons: [],
          applicantComment: null,
          internalNote: null,
        }),
      );
    expect(v.can.recommend).toBe(true);
    const approver2 = await as('approver2');
    expect(
      (await staffCall(t, approver2, 'POST', `/cases/${s.caseId}/recommend`, { version: v.case.version }))
        .statusCode,
    ).toBe(403);
    v = view(
      await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, { version: v.case.version }),
    );
    expect(v.case).toMatchObject({ stage: 'recommended', queue: 'approval' });
    expect(v.recommendation).toMatchObject({ by: { id: reviewer.id }, submissionSha256: v.submissionSha256 });
    // items are frozen once recommended
    const late = await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${v.items[0]!.key}`, {
      version: v.case.version,
      verdict: 'approved',
      reasons: [],
      applicantComment: null,
      internalNote: null,
    });
    expect(late.json().status).toBe(5105);

    // the maker holding the approver role too: refused by the code...
    const both = await signInStaff(t, await createStaff(t, ['reviewer', 'approver']));
    const s2 = await caseReadyToRecommend(both);
    const r2 = view(
      await staffCall(t, both, 'POST', `/cases/${s2.caseId}/recommend`, { version: s2.v.case.version }),
    );
    t.clock.advance(30);
    const self = await staffCall(t, both, 'POST', `/cases/${s2.caseId}/approve`, {
      version: r2.case.version,
      totp: totpNow(t, both),
    });
    expect([self.statusCode, self.json().status]).toEqual([409, 5110]);
    // ...and by the database, whatever the code does
    await expect(
      t.app.ctx.db
        .update(reviewCases)
        .set({ approvedBy: both.id, approvedAt: t.clock.now })
        .where(eq(reviewCases.id, s2.caseId)),
    ).rejects.toThrow();

    // the reviewer holds no approval; the approver's sign-in code is spent: a replay is refused
    const approver = await as('approver');
    expect(
      (
        await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/approve`, {
          version: v.case.version,
          totp: '123456',
        })
      ).statusCode,
    ).toBe(403);
    const replay = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: totpNow(t, accounts.approver),
    });
    expect([replay.statusCode, replay.json().status]).toEqual([403, 5113]);
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.SUBMITTED);
    t.clock.advance(30);
    const code = totpNow(t, accounts.approver);
    const ok = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(view(ok).case.stage).toBe('approved');
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.APPROVED);
    const [row] = await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.id, s.caseId));
    expect(row).toMatchObject({
      approvedBy: approver.id,
      recommendedBy: reviewer.id,
      recommendedSha256: v.submissionSha256,
    });
    // decisions after the status moved on
    const after = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/decline`, {
      version: view(ok).case.version,
      reason: 'not_eligible',
      internalNote: null,
    });
    expect([after.statusCode, after.json().status]).toEqual([409, 5103]);
  });

  test('separation of duties (issue #22): an approver who decided the items and handed the case over cannot approve it (code and database)', async () => {
    // the attack: the approver takes the case, decides every item, gives it to a reviewer who only
    // presses "recommend", then approves it herself
    const approver = await signInStaff(t, await createStaff(t, ['approver']));
    const reviewer = await as('reviewer2');
    const s = await caseReadyToRecommend(approver);
    let v = view(
      await staffCall(t, approver, 'POST', `/cases/${s.caseId}/assign`, {
        version: s.v.case.version,
        assigneeId: reviewer.id,
      }),
    );
    expect(v.case.assignee?.id).toBe(reviewer.id);
    v = view(
      await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, { version: v.case.version }),
    );
    expect(v.case.stage).toBe('recommended');
    const fresh = view(await staffCall(t, approver, 'GET', `/cases/${s.caseId}`));
    expect(fresh.can.approve).toBe(false);
    // the case view says why, so the console can tell her where the Approve button would be
    expect(fresh.cannotApprove).toBe('approver_took_part');
    // the reviewer (no case.approve) is told nothing of the kind
    expect(view(await staffCall(t, reviewer, 'GET', `/cases/${s.caseId}`)).cannotApprove).toBeNull();
    t.clock.advance(30);
    const refused = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: totpNow(t, approver),
    });
    expect([refused.statusCode, refused.json().status], refused.body).toEqual([409, 5115]);
    expect(refused.json().info).toMatch(/held this case or decided/);
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.SUBMITTED);

    // the database refuses it too, whatever the code does: as the decider of every item...
    const setApprover = (id: string) =>
      t.app.ctx.db
        .update(reviewCases)
        .set({ approvedBy: id, approvedAt: t.clock.now })
        .where(eq(reviewCases.id, s.caseId));
    await expect(setApprover(approver.id)).rejects.toThrow();
    // ...and as someone who only held it (an assignee of its events, the decisions left aside)
    const holder = await signInStaff(t, await createStaff(t, ['approver']));
    v = view(await staffCall(t, holder, 'GET', `/cases/${s.caseId}`));
    await t.app.ctx.db.insert(reviewCaseEvents).values({
      caseId: s.caseId,
      type: 'assigned',
      actorId: null,
      previous: { assigneeId: reviewer.id },
      next: { assigneeId: holder.id },
      createdAt: t.clock.now,
    });
    await expect(setApprover(holder.id)).rejects.toThrow();
    const [unchanged] = await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.id, s.caseId));
    expect(unchanged!.approvedBy).toBeNull();

    // another approver, who took no part, approves
    const other = await as('approver2');
    const theirs = view(await staffCall(t, other, 'GET', `/cases/${s.caseId}`));
    expect([theirs.can.approve, theirs.cannotApprove]).toEqual([true, null]);
    t.clock.advance(30);
    const ok = await staffCall(t, other, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: totpNow(t, accounts.approver2),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.APPROVED);
  });

  test('an approval is void when the submission changed after the recommendation', async () => {
    const reviewer = await as('reviewer');
    const s = await caseReadyToRecommend(reviewer);
    const v = view(
      await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, { version: s.v.case.version }),
    );
    const [snap] = await t.app.ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.applicationId, s.applicationId));
    await t.app.ctx.db.transaction((tx) =>
      insertSubmission(tx, {
        applicationId: s.applicationId,
        number: 2,
        snapshot: { ...snap!.snapshot, number: 2 },
        sha256: 'f'.repeat(64),
        createdAt: t.clock.now,
      }),
    );
    const approver = await as('approver');
    t.clock.advance(30);
    const res = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/approve`, {
      version: v.case.version,
      totp: totpNow(t, accounts.approver),
    });
    expect([res.statusCode, res.json().status]).toEqual([409, 5111]);
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.SUBMITTED);
  });

  test('return → -1: only the returned steps change; the re-submission is n+1, back with its reviewer, with its diff', async () => {
    const reviewer = await as('reviewer');
    const s = await submittedApplication(t);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    const idFront = v.items.find((i) => i.kind === 'document' && i.step === 'identity')!;
    const nothing = await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/return`, {
      version: v.case.version,
    });
    expect(nothing.json().status).toBe(5108);
    v = view(
      await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${idFront.key}`, {
        version: v.case.version,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: 'The photo is blurry',
        internalNote: 'glare',
      }),
    );
    expect(v.can.recommend).toBe(false);
    const rec = await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/recommend`, {
      version: v.case.version,
    });
    expect(rec.json().status).toBe(5107);
    v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/return`, { version: v.case.version }));
    expect(v.case.stage).toBe('returned');
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.REJECTED);
    const steps = await t.app.ctx.db
      .select()
      .from(applicationSteps)
      .where(eq(applicationSteps.applicationId, s.applicationId));
    expect(steps.filter((r) => r.confirmedAt === null).map((r) => r.step)).toEqual(['identity']);

    // a step not returned stays as reviewed; the returned one changes
    const personal = await saveStep(t, s.applicant, 'personal', {
      answers: { email: 'changed@example.com' },
    });
    expect(personal.json.status).toBe(2002);
    await confirmLoose(t, s.applicant, 'identity', {});
    await sign(t, s.applicant);
    const again = await submit(t, s.applicant);
    expect(again.json.status, JSON.stringify(again.json)).toBe(0);
    const cases = await t.app.ctx.db
      .select()
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, s.applicationId))
      .orderBy(reviewCases.submissionNumber);
    expect(cases.map((c) => [c.submissionNumber, c.stage, c.queue, c.assigneeId])).toEqual([
      [1, 'returned', 'first_review', reviewer.id],
      [2, 'in_review', 'resubmission', reviewer.id],
    ]);
    const second = view(await staffCall(t, reviewer, 'GET', `/cases/${cases[1]!.id}`));
    expect(second.earlierSubmissions).toEqual([
      { number: 1, submittedAt: expect.any(String), outcome: 'Returned to the applicant' },
    ]);
    expect(second.events[0]!.text).toMatch(/^Submission 2, back with its reviewer/);
    expect(second.can.decideItems).toBe(true);
    // nothing was changed but the confirmation: the diff says so
    expect(second.items.filter((i) => i.changedSinceLastReview).map((i) => i.key)).toEqual([]);
  });

  test('the signature card shows staff the agreements, the signing time and language; a re-signing says what changed (issue #22)', async () => {
    const reviewer = await as('reviewer');
    const applicant = await ready(t);
    const signedWith = (at: Date) => ({
      agreements: [
        {
          id: 'client_agreement',
          version: '2026-11-01.1',
          sha256: 'a'.repeat(64),
          title: 'Client Agreement',
        },
        {
          id: 'pics',
          version: '2026-11-01.1',
          sha256: 'b'.repeat(64),
          title: 'Personal Information Collection Statement',
        },
      ],
      signed_at: at.toISOString(),
      language: 'zh-HK',
    });
    await sign(t, applicant, undefined, signedWith(new Date('2026-11-26T02:20:00.000Z')));
    expect((await submit(t, applicant)).json.status).toBe(0);
    const [first] = await t.app.ctx.db
      .select()
      .from(reviewCases)
      .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
      .where(eq(applications.userId, applicant.userId));
    const caseId = first!.review_cases.id;
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${caseId}/assign`, { version: 0 }));
    const card = v.items.find((i) => i.key === 'step:signature')!;
    expect(card.title).toBe('Agreements and signature');
    expect(card.fields).toEqual(
      expect.arrayContaining([
        { label: 'Agreement 1', value: 'Document: Client Agreement; Version: 2026-11-01.1' },
        {
          label: 'Agreement 2',
          value: 'Document: Personal Information Collection Statement; Version: 2026-11-01.1',
        },
        { label: 'Signed at', value: '2026-11-26 10:20 HKT' },
        { label: 'Language signed in', value: 'Traditional Chinese' },
      ]),
    );
    // no hash, pen data or document id as a line
    expect(JSON.stringify(card.fields)).not.toMatch(/a{64}|answers_hash|strokes/);

    // returned; the applicant retakes the ID and signs again a day later
    const idFront = v.items.find((i) => i.kind === 'document' && i.step === 'identity')!;
    v = view(
      await staffCall(t, reviewer, 'PUT', `/cases/${caseId}/items/${idFront.key}`, {
        version: v.case.version,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: null,
        internalNote: null,
      }),
    );
    view(await staffCall(t, reviewer, 'POST', `/cases/${caseId}/return`, { version: v.case.version }));
    expect((await upload(t, applicant.token, 'id_front', await images.jpeg(900, 560))).json.status).toBe(0);
    await confirmLoose(t, applicant, 'identity', {});
    const reopened = (await audit(t, applicant)).json.data.blocking as string[];
    for (const step of reopened.filter((x) => x !== 'signature'))
      await confirmLoose(t, applicant, step as never, {});
    await sign(t, applicant, undefined, signedWith(new Date('2026-11-27T03:05:00.000Z')));
    expect((await submit(t, applicant)).json.status).toBe(0);
    const [second] = await t.app.ctx.db
      .select()
      .from(reviewCases)
      .where(
        and(
          eq(reviewCases.applicationId, first!.review_cases.applicationId),
          eq(reviewCases.submissionNumber, 2),
        ),
      );
    const again = view(await staffCall(t, reviewer, 'GET', `/cases/${second!.id}`));
    const resigned = again.items.find((i) => i.key === 'step:signature')!;
    expect(resigned.changedSinceLastReview).toBe(true);
    expect(resigned.changes).toEqual([
      { label: 'Signed at', before: '2026-11-26 10:20 HKT', after: '2026-11-27 11:05 HKT' },
    ]);
    // the staff member's language: the same card in zh-HK
    const hk = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/cases/${second!.id}`,
      headers: { cookie: reviewer.cookie, lang: 'zh-HK' },
    });
    const hkCard = view(hk).items.find((i) => i.key === 'step:signature')!;
    expect(hkCard.changes.map((c) => c.label)).toEqual(['簽署時間']);
    expect(hkCard.fields.map((f) => f.label)).toEqual(
      expect.arrayContaining(['協議 1', '協議 2', '簽署時間', '簽署語言']),
    );
  });

  test('decline → -2 by an approver only, with its reason (a note for "other")', async () => {
    const s = await submittedApplication(t);
    const reviewer = await as('reviewer');
    const approver = await as('approver');
    const path = `/cases/${s.caseId}/decline`;
    expect(
      (
        await staffCall(t, reviewer, 'POST', path, {
          version: 0,
          reason: 'suspected_fraud',
          internalNote: null,
        })
      ).statusCode,
    ).toBe(403);
    const noNote = await staffCall(t, approver, 'POST', path, {
      version: 0,
      reason: 'other',
      internalNote: ' ',
    });
    expect([noNote.statusCode, noNote.json().status]).toEqual([400, 5112]);
    const v = view(
      await staffCall(t, approver, 'POST', path, {
        version: 0,
        reason: 'suspected_fraud',
        internalNote: 'same device as 3 others',
      }),
    );
    expect(v.case.stage).toBe('declined');
    expect(v.events.at(-1)!.text).toBe('Declined: Suspected fraud');
    expect(await statusOf(t, s.applicationId)).toBe(ApplicationStatus.DECLINED);
    const again = await staffCall(t, approver, 'POST', `/cases/${s.caseId}/assign`, {
      version: v.case.version,
    });
    expect(again.json().status).toBe(5103);
  });

  test('documents: the bytes, sandboxed, for sensitive.read only, each read an access event (audit.read)', async () => {
    const s = await submittedApplication(t);
    const reviewer = await as('reviewer');
    const v = view(await staffCall(t, reviewer, 'GET', `/cases/${s.caseId}`));
    const docItem = v.items.find((i) => i.kind === 'document')!;
    const doc = docItem.document!;
    const path = `/cases/${s.caseId}/documents/${doc.id}`;
    for (const role of ['operations', 'administrator', 'content_editor'] as const)
      expect((await staffCall(t, await as(role), 'GET', path)).statusCode).toBe(403);
    const res = await staffCall(t, reviewer, 'GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(doc.mime);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(doc.sha256);
    // a document of another application through this case: 404, and no access event
    const other = await submittedApplication(t);
    const otherDoc = view(await staffCall(t, reviewer, 'GET', `/cases/${other.caseId}`)).items.find(
      (i) => i.kind === 'document',
    )!.document!;
    expect(
      (await staffCall(t, reviewer, 'GET', `/cases/${s.caseId}/documents/${otherDoc.id}`)).statusCode,
    ).toBe(404);
    const rows = await t.app.ctx.db
      .select()
      .from(staffAccessEvents)
      .where(eq(staffAccessEvents.applicationId, s.applicationId));
    expect(rows.map((r) => [r.staffId, r.documentId, r.what, r.caseId])).toEqual([
      [reviewer.id, doc.id, 'document', s.caseId],
    ]);
    const audit = `/applications/${s.applicationId}/access-events`;
    expect((await staffCall(t, reviewer, 'GET', audit)).statusCode).toBe(403);
    const listed = await staffCall(t, await as('administrator'), 'GET', audit);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.events).toEqual([
      expect.objectContaining({
        staff: { id: reviewer.id, displayName: expect.any(String) },
        applicationId: s.applicationId,
        applicantName: expect.stringMatching(/\S/),
        caseId: s.caseId,
        documentId: doc.id,
        // the kind in the reader's words, as the case view titles the document (never its code)
        documentKind: docItem.title,
        ip: '127.0.0.1',
      }),
    ]);
    // and per staff member: everyone with an account, then the reviewer's own reads
    const admin = await as('administrator');
    const members = await staffCall(t, admin, 'GET', '/staff-members');
    expect(members.statusCode, members.body).toBe(200);
    expect(
      z.parse(StaffMemberListSchema, members.json().data).members.find((m) => m.id === reviewer.id),
    ).toMatchObject({ roles: ['reviewer'], disabled: false });
    const own = await staffCall(t, admin, 'GET', `/staff-members/${reviewer.id}/access-events`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.events.map((e: { documentId: string }) => e.documentId)).toContain(doc.id);
    for (const path of ['/staff-members', `/staff-members/${reviewer.id}/access-events`])
      expect((await staffCall(t, reviewer, 'GET', path)).statusCode).toBe(403);
    const nobody = await staffCall(t, admin, 'GET', `/staff-members/${crypto.randomUUID()}/access-events`);
    expect([nobody.statusCode, nobody.json().status]).toEqual([404, 5006]);
    // append-only
    await expect(
      t.app.ctx.db.delete(staffAccessEvents).where(eq(staffAccessEvents.applicationId, s.applicationId)),
    ).rejects.toThrow();
  });

  test('the queue: flags, assignee me/none, sort, pages, overdue on a moved clock; the data migration', async () => {
    const a = await submittedApplication(t);
    const b = await submittedApplication(t);
    const reviewer = await as('reviewer');
    await staffCall(t, reviewer, 'POST', `/cases/${a.caseId}/assign`, { version: 0 });
    const ids = async (query: string) =>
      z
        .parse(
          CaseQueueSchema,
          (await staffCall(t, reviewer, 'GET', `/cases?pageSize=100&${query}`)).json().data,
        )
        .cases.map((c) => c.id);
    expect(await ids('assignee=me')).toContain(a.caseId);
    expect(await ids('assignee=me')).not.toContain(b.caseId);
    expect(await ids('assignee=none')).toContain(b.caseId);
    expect(await ids('assignee=none')).not.toContain(a.caseId);
    expect(await ids(`assignee=${reviewer.id}`)).toContain(a.caseId);
    const [row] = await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.id, a.caseId));
    await t.app.ctx.db
      .update(reviewCases)
      .set({ flags: ['pep', ...row!.flags.filter((f) => f !== 'pep')] })
      .where(eq(reviewCases.id, a.caseId));
    await t.app.ctx.db.update(reviewCases).set({ flags: [] }).where(eq(reviewCases.id, b.caseId));
    expect(await ids('flag=pep')).toContain(a.caseId);
    expect(await ids('flag=pep')).not.toContain(b.caseId);
    expect(await ids('overdue=true')).not.toContain(b.caseId);
    const sorted = z.parse(
      CaseQueueSchema,
      (await staffCall(t, reviewer, 'GET', '/cases?sort=-submitted&pageSize=100')).json().data,
    ).cases;
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i - 1]!.submittedAt >= sorted[i]!.submittedAt).toBe(true);
    const byDue = z.parse(
      CaseQueueSchema,
      (await staffCall(t, reviewer, 'GET', '/cases?pageSize=100')).json().data,
    ).cases;
    for (let i = 1; i < byDue.length; i++) expect(byDue[i - 1]!.dueAt <= byDue[i]!.dueAt).toBe(true);
    const p1 = z.parse(
      CaseQueueSchema,
      (await staffCall(t, reviewer, 'GET', '/cases?pageSize=1&page=1')).json().data,
    );
    const p2 = z.parse(
      CaseQueueSchema,
      (await staffCall(t, reviewer, 'GET', '/cases?pageSize=1&page=2')).json().data,
    );
    expect(p1.total).toBeGreaterThanOrEqual(2);
    expect([p1.cases.length, p2.cases.length, p1.page, p2.page]).toEqual([1, 1, 1, 2]);
    expect(p1.cases[0]!.id).not.toBe(p2.cases[0]!.id);
    expect(await ids('stage=approved')).not.toContain(a.caseId);

    // two weeks later every open case is past its business-hours due time
    t.clock.advance(14 * 24 * 3600);
    const late = await as('reviewer');
    const overdue = z.parse(
      CaseQueueSchema,
      (await staffCall(t, late, 'GET', '/cases?overdue=true&pageSize=100')).json().data,
    ).cases;
    expect(overdue.map((c) => c.id)).toEqual(expect.arrayContaining([a.caseId, b.caseId]));
    expect(overdue.every((c) => c.overdue)).toBe(true);
    const old = z.parse(
      CaseQueueSchema,
      (await staffCall(t, late, 'GET', '/cases?minAgeHours=300&pageSize=100')).json().data,
    ).cases;
    expect(old.map((c) => c.id)).toEqual(expect.arrayContaining([a.caseId, b.caseId]));

    // a submitted application without a case (submitted before the review existed) gets one
    await t.app.ctx.db.delete(reviewCases).where(and(eq(reviewCases.id, b.caseId)));
    // (the earlier test's hand-made submission 2 has none either)
    expect(await openMissingReviewCases(t.app.ctx.db, t.clock.now)).toBeGreaterThanOrEqual(1);
    expect(await openMissingReviewCases(t.app.ctx.db, t.clock.now)).toBe(0);
    const [reopened] = await t.app.ctx.db
      .select()
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, b.applicationId));
    expect(reopened).toMatchObject({ stage: 'queued', submissionNumber: 1 });
  });
});
