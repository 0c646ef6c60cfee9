// Search in the review queue (issue #22 finding 7): by name (Chinese or English, part of it), by
// application number, by the last 4 or more digits of the mobile or the ID number. Only keyed
// hashes are stored (review_search_keys); applications submitted before get theirs at start-up.
import { CaseQueueSchema } from '@hk/domain/review/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applications, reviewCases, reviewSearchKeys } from '../src/db/schema';
import { backfillSearchKeys } from '../src/plugins/app/review/search-service';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import { createStaff, type SignedInStaff, type StaffAccount, signInStaff, staffCall } from './review-helpers';
import { ready, submit } from './submit-helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('queue search (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);
  let reviewer: StaffAccount;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    reviewer = await createStaff(t, ['reviewer']);
  });

  async function submitted(region: 'hk' | 'cn') {
    const applicant = await ready(t, region);
    expect((await submit(t, applicant)).json.status).toBe(0);
    const [row] = await t.app.ctx.db
      .select({ applicationId: applications.id, caseId: reviewCases.id })
      .from(applications)
      .innerJoin(reviewCases, eq(reviewCases.applicationId, applications.id))
      .where(eq(applications.userId, applicant.userId));
    return { applicant, ...row! };
  }

  const found = async (who: SignedInStaff, q: string, more = '') => {
    const res = await staffCall(t, who, 'GET', `/cases?pageSize=100&q=${encodeURIComponent(q)}${more}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.parse(CaseQueueSchema, res.json().data).cases.map((c) => c.id);
  };

  test('finds a case by a part of the name, the application number, the last digits of the mobile or ID; hashes only', async () => {
    const hk = await submitted('hk'); // CHAN TAI MAN
    const cn = await submitted('cn'); // 王芳 / WANG FANG
    const who = await signInStaff(t, reviewer);

    for (const q of ['王芳', '芳', 'wang', 'Wang Fa', 'fang WANG'])
      expect(await found(who, q), q).toContain(cn.caseId);
    for (const q of ['王芳', 'wang']) expect(await found(who, q), q).not.toContain(hk.caseId);
    for (const q of ['chan tai', 'TAI MAN', 'cha']) {
      const ids = await found(who, q);
      expect(ids, q).toContain(hk.caseId);
      expect(ids, q).not.toContain(cn.caseId);
    }
    expect(await found(who, 'chan fang')).toEqual(expect.not.arrayContaining([hk.caseId, cn.caseId]));

    // the application number (the console's "application number" is the application's id)
    expect(await found(who, hk.applicationId.toUpperCase())).toEqual([hk.caseId]);
    expect(await found(who, hk.caseId)).toEqual([hk.caseId]);

    // the last 4 or more digits of the mobile, and of the ID number as printed
    const mobile = hk.applicant.mobile;
    expect(await found(who, mobile.slice(-4))).toContain(hk.caseId);
    expect(await found(who, `${mobile.slice(-8, -4)} ${mobile.slice(-4)}`)).toContain(hk.caseId);
    expect(await found(who, cn.applicant.mobile.slice(-6))).toContain(cn.caseId);
    expect(await found(who, cn.applicant.mobile.slice(-6))).not.toContain(hk.caseId);
    const id = hk.applicant.idNumber; // e.g. D123456(7)
    expect(await found(who, id)).toEqual([hk.caseId]);
    expect(await found(who, id.replace(/[^0-9A-Z]/gi, '').slice(-5))).toContain(hk.caseId);

    // a search narrows the other filters: the case is open, not approved
    expect(await found(who, 'wang', '&stage=approved')).not.toContain(cn.caseId);

    // nothing in clear: no digit run of the mobile or ID, no name, only hashes
    const rows = await t.app.ctx.db
      .select()
      .from(reviewSearchKeys)
      .where(eq(reviewSearchKeys.applicationId, hk.applicationId));
    expect(rows.length).toBeGreaterThan(5);
    const stored = JSON.stringify(rows.map((r) => r.valueHash));
    for (const secret of [mobile.slice(-4), id.slice(1, 5), 'chan', 'CHAN'])
      expect(stored).not.toContain(secret);
  });

  test('a query that cannot be searched answers the validation error (1002), never a 5xx; no session 401', async () => {
    const who = await signInStaff(t, reviewer);
    for (const q of ['a', '123', '   ', 'x'.repeat(101), '!!']) {
      const res = await staffCall(t, who, 'GET', `/cases?q=${encodeURIComponent(q)}`);
      // the API's validation answer (the envelope's 1002, as for any query the contract refuses)
      expect(res.json().status, q).toBe(1002);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    expect((await staffCall(t, null, 'GET', '/cases?q=wang')).statusCode).toBe(401);
  });

  test('applications submitted before the search get their keys at start-up (the data migration)', async () => {
    const cn = await submitted('cn');
    await t.app.ctx.db.delete(reviewSearchKeys).where(eq(reviewSearchKeys.applicationId, cn.applicationId));
    const who = await signInStaff(t, reviewer);
    expect(await found(who, cn.applicant.mobile.slice(-7))).not.toContain(cn.caseId);
    expect(await backfillSearchKeys(t.app.ctx.db, t.app.ctx.vault, t.clock.now)).toBeGreaterThanOrEqual(1);
    expect(await found(who, cn.applicant.mobile.slice(-7))).toContain(cn.caseId);
    expect(await found(who, '王芳')).toContain(cn.caseId);
    // idempotent: nothing left to do
    expect(await backfillSearchKeys(t.app.ctx.db, t.app.ctx.vault, t.clock.now)).toBe(0);
  });
});
