// The applicant's side of a return (issue #14): what staff returned, read by the applicant in
// their language (never the internal note, never another applicant's), and the evidence a
// submission names kept whole when the applicant replaces a returned photo.
import { ApplicationStatus, type StepId } from '@hk/domain';
import { type CaseView, CaseViewSchema } from '@hk/domain/review/contracts';
import { ReturnedResponseSchema } from '@hk/domain/review/returned-contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { documents, reviewCases } from '../src/db/schema';
import { findLiveStorageKeys } from '../src/plugins/app/documents/document-repository';
import { images, storedFiles, upload } from './application-helpers';
import type { Lang } from './flow-step-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import { postJson } from './investment-helpers';
import {
  createStaff,
  type SignedInStaff,
  type StaffAccount,
  signInStaff,
  staffCall,
  submittedApplication,
} from './review-helpers';
import { audit, confirmLoose, sign, submit } from './submit-helpers';

const pgUrl = await findPostgres();
const view = (res: { json(): { data: unknown } }) => z.parse(CaseViewSchema, res.json().data) as CaseView;

describe.each(DB_KINDS)('the applicant after a return (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  let reviewerAccount: StaffAccount;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    reviewerAccount = await createStaff(t, ['reviewer']);
  });

  /** The case of an application's second submission. */
  const secondCase = async (applicationId: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(reviewCases)
        .where(eq(reviewCases.applicationId, applicationId))
        .orderBy(reviewCases.submissionNumber)
        .offset(1)
    )[0];

  const returned = async (token: string, lang: Lang) => {
    const res = await postJson(t, '/v9/OpenAccountHk/returned', {}, { token, lang });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
    return z.parse(ReturnedResponseSchema, res.json).data;
  };

  /** Submitted, assigned, the ID front returned as blurry with a comment and a note, the case returned. */
  async function returnIdFront(reviewer: SignedInStaff) {
    const s = await submittedApplication(t);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    const front = v.items.find((i) => i.kind === 'document' && i.title === 'ID front')!;
    v = view(
      await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${front.key}`, {
        version: v.case.version,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: '请在光线充足处重新拍摄',
        internalNote: 'INTERNAL glare on the number',
      }),
    );
    v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/return`, { version: v.case.version }));
    expect(v.case.stage).toBe('returned');
    return { ...s, frontId: front.document!.id };
  }

  test('lists what was returned, in the applicant’s language, without the internal note; nothing before a return', async () => {
    const reviewer = await signInStaff(t, reviewerAccount);
    const s = await submittedApplication(t);
    const before = await returned(s.applicant.token, 'zh-CN');
    expect(before).toMatchObject({
      status: ApplicationStatus.SUBMITTED,
      items: [],
      steps: [],
      returned_at: null,
    });

    const r = await returnIdFront(reviewer);
    const zh = await returned(r.applicant.token, 'zh-CN');
    expect(zh.status).toBe(ApplicationStatus.REJECTED);
    expect(zh.submission_number).toBe(1);
    expect(zh.items).toEqual([
      {
        step: 'identity',
        kind: 'document',
        document_kind: 'id_front',
        document_id: r.frontId,
        label: '身份证件正面',
        reasons: ['图片模糊，无法看清'],
        comment: '请在光线充足处重新拍摄',
      },
    ]);
    expect(zh.steps).toEqual([{ step: 'identity', confirmed: false }]);
    const en = await returned(r.applicant.token, 'en');
    expect(en.items[0]).toMatchObject({
      label: 'ID front',
      reasons: ['The image is blurry and cannot be read'],
    });
    const raw = (await postJson(t, '/v9/OpenAccountHk/returned', {}, { token: r.applicant.token })).res.body;
    expect(raw).not.toContain('INTERNAL');
    expect(raw).not.toContain(reviewerAccount.username);
    // another applicant (still submitted) sees nothing of it
    expect((await returned(s.applicant.token, 'en')).items).toEqual([]);
    // no session: refused as every applicant call is
    const anon = await postJson(t, '/v9/OpenAccountHk/returned', {}, {});
    expect(anon.json.status).not.toBe(0);
  });

  test('a replaced photo keeps its bytes as the first submission’s evidence; the re-submission shows the change', async () => {
    const reviewer = await signInStaff(t, reviewerAccount);
    const r = await returnIdFront(reviewer);
    const [oldDoc] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, r.frontId));
    expect(await storedFiles(t)).toContain(oldDoc!.storageKey);

    const retake = await upload(t, r.applicant.token, 'id_front', await images.jpeg(900, 560));
    expect(retake.json.status, JSON.stringify(retake.json)).toBe(0);
    const [replaced] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, r.frontId));
    expect(replaced!.deletedAt).not.toBeNull();
    // the row is gone for the applicant, the bytes stay for the back office, and the sweep keeps them
    expect(await storedFiles(t)).toContain(oldDoc!.storageKey);
    expect((await findLiveStorageKeys(t.app.ctx.db, [oldDoc!.storageKey])).has(oldDoc!.storageKey)).toBe(
      true,
    );
    const swept = await t.app.ctx.files.sweep(
      t.app.ctx.db,
      (keys) => findLiveStorageKeys(t.app.ctx.db, keys),
      new Date(t.clock.now.getTime() + 7 * 24 * 3600_000),
    );
    expect(swept).toBe(0);
    expect(await storedFiles(t)).toContain(oldDoc!.storageKey);
    const first = await staffCall(t, reviewer, 'GET', `/cases/${r.caseId}/documents/${r.frontId}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.length).toBeGreaterThan(100);

    // a photo no submission names still goes with its replacement (nothing kept without a reason)
    const newId = retake.json.data.document_id as string;
    const [newDoc] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, newId));
    const again = await upload(t, r.applicant.token, 'id_front', await images.jpeg(820, 520));
    expect(again.json.status).toBe(0);
    expect(await storedFiles(t)).not.toContain(newDoc!.storageKey);

    await confirmLoose(t, r.applicant, 'identity', {});
    await sign(t, r.applicant);
    expect((await submit(t, r.applicant)).json.status).toBe(0);
    const second = await secondCase(r.applicationId);
    const v = view(await staffCall(t, reviewer, 'GET', `/cases/${second!.id}`));
    const changed = v.items.filter((i) => i.changedSinceLastReview);
    expect(changed.map((i) => i.title)).toEqual(['ID front']);
    // once re-submitted, nothing is listed as returned any more
    expect((await returned(r.applicant.token, 'en')).items).toEqual([]);
  });

  test('a re-submission keeps the approvals of what did not change; only the new photo waits for a decision', async () => {
    const reviewer = await signInStaff(t, reviewerAccount);
    const s = await submittedApplication(t);
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    for (const item of v.items) {
      const front = item.kind === 'document' && item.title === 'ID front';
      v = view(
        await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${item.key}`, {
          version: v.case.version,
          verdict: front ? 'revision' : 'approved',
          reasons: front ? ['blurry_image'] : [],
          applicantComment: null,
          internalNote: null,
        }),
      );
    }
    v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/return`, { version: v.case.version }));
    expect((await upload(t, s.applicant.token, 'id_front', await images.jpeg(900, 560))).json.status).toBe(0);
    // the applicant also corrects the English given name on the ID step (open again by the return)
    await confirmLoose(t, s.applicant, 'identity', { english_given_name: 'TAI KIN' });
    // what that change reopens through the registry is confirmed again, unchanged
    const reopened = (await audit(t, s.applicant)).json.data.blocking as StepId[];
    for (const step of reopened.filter((x) => x !== 'signature'))
      await confirmLoose(t, s.applicant, step, {});
    await sign(t, s.applicant);
    expect((await submit(t, s.applicant)).json.status).toBe(0);
    const second = await secondCase(s.applicationId);
    const next = view(await staffCall(t, reviewer, 'GET', `/cases/${second!.id}`));
    const pending = next.items.filter((i) => i.decision === null);
    // the identity's answers, the new photo, and the signature made again over the new answers
    expect(pending.map((i) => i.title).slice(0, 2)).toEqual(['Identity', 'ID front']);
    expect(pending.map((i) => i.step)).toEqual(['identity', 'identity', 'signature']);
    expect(pending.every((i) => i.changedSinceLastReview)).toBe(true);
    // the changed step says what changed, line by line, in the staff member's words
    const identityChanges = pending[0]!.changes;
    expect(identityChanges).toHaveLength(1);
    expect(identityChanges[0]).toMatchObject({ after: 'TAI KIN' });
    expect(identityChanges[0]!.before).not.toBe('TAI KIN');
    expect(pending[1]!.changes).toEqual([]);
    // the carried approvals name who made them
    const carried = next.items.filter((i) => i.decision !== null);
    expect(carried.length).toBe(v.items.length - pending.length);
    for (const i of carried)
      expect(i.decision).toMatchObject({ verdict: 'approved', decidedBy: { id: reviewer.id } });
    // deciding the changed items is enough to recommend
    let decided = next;
    for (const item of pending)
      decided = view(
        await staffCall(t, reviewer, 'PUT', `/cases/${second!.id}/items/${item.key}`, {
          version: decided.case.version,
          verdict: 'approved',
          reasons: [],
          applicantComment: null,
          internalNote: null,
        }),
      );
    const rec = await staffCall(t, reviewer, 'POST', `/cases/${second!.id}/recommend`, {
      version: decided.case.version,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(view(rec).case.stage).toBe('recommended');
  });
});
