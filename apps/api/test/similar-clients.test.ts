// Similar clients (issue #14): a submission's fingerprints against every other application's,
// flagged both ways, listed in the case view with what is shared; no value kept in clear.
import { type CaseView, CaseViewSchema } from '@hk/domain/review/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationSteps, applications, clientFingerprints, reviewCases } from '../src/db/schema';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  createStaff,
  type StaffAccount,
  signInStaff,
  staffCall,
  submittedApplication,
} from './review-helpers';
import { ready, submit } from './submit-helpers';

const pgUrl = await findPostgres();
const view = (res: { json(): { data: unknown } }) => z.parse(CaseViewSchema, res.json().data) as CaseView;

describe.each(DB_KINDS)('similar clients (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  let reviewer: StaffAccount;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    reviewer = await createStaff(t, ['reviewer']);
  });
  const flagsOf = async (caseId: string) =>
    (await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.id, caseId)))[0]!.flags;

  test('two applications with the same name and date of birth flag each other; the case view says what they share', async () => {
    const a = await submittedApplication(t);
    expect(await flagsOf(a.caseId)).not.toContain('similar_clients');
    const b = await submittedApplication(t);
    // the helpers give every applicant the same ID name and date of birth
    expect(await flagsOf(b.caseId)).toContain('similar_clients');
    expect(await flagsOf(a.caseId)).toContain('similar_clients');
    // a third flags itself; the two flagged already keep the flag once
    const c = await submittedApplication(t);
    for (const id of [a.caseId, b.caseId, c.caseId])
      expect((await flagsOf(id)).filter((f) => f === 'similar_clients')).toEqual(['similar_clients']);

    const who = await signInStaff(t, reviewer);
    const v = view(await staffCall(t, who, 'GET', `/cases/${b.caseId}`));
    const other = v.similar.find((s) => s.caseId === a.caseId);
    expect(other?.reasons).toContain('Same name and date of birth');
    expect(v.case.flags.map((f) => f.label)).toContain('Similar clients');
    const zh = await t.app.inject({
      method: 'GET',
      url: `/backoffice/api/cases/${b.caseId}`,
      headers: { cookie: who.cookie, lang: 'zh-CN' },
    });
    expect(view(zh).similar.find((s) => s.caseId === a.caseId)?.reasons).toContain('姓名及出生日期相同');

    // only keyed hashes are stored: no name, no birth date, no email in clear
    const [identity] = await t.app.ctx.db
      .select()
      .from(applicationSteps)
      .where(eq(applicationSteps.applicationId, a.applicationId));
    const prints = await t.app.ctx.db
      .select()
      .from(clientFingerprints)
      .where(eq(clientFingerprints.applicationId, a.applicationId));
    expect(prints.length).toBeGreaterThan(0);
    const stored = JSON.stringify(prints);
    expect(stored).not.toMatch(/CHAN|1990|@/i);
    expect(identity).toBeTruthy();
  });
});

// A database of its own: nothing else similar to the two is on file.
describe.each(DB_KINDS)('similar clients submitted together (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  test('two similar applications submitted at the same moment still flag each other', async () => {
    const [a, b] = [await ready(t), await ready(t)];
    const [ra, rb] = await Promise.all([submit(t, a), submit(t, b)]);
    expect([ra.json.status, rb.json.status]).toEqual([0, 0]);
    for (const applicant of [a, b]) {
      const [c] = await t.app.ctx.db
        .select({ flags: reviewCases.flags })
        .from(reviewCases)
        .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
        .where(eq(applications.userId, applicant.userId));
      expect(c?.flags).toContain('similar_clients');
    }
  });
});
