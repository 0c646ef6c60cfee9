// Submit after a signature made through the real signature calls (agreements, agreement_opened,
// sign): the hash `sign` binds the signature to is the one submit recomputes, and a change behind
// the step store's back after signing is refused (2017). Steps before the signature are confirmed
// straight through the step store with answers the documents show (their forms have own suites).
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationSteps, applications } from '../src/db/schema';
import { images, upload } from './application-helpers';
import { type Applicant, ErrorCode } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { PAD, padPng, postSigned, readyToSign, stroke } from './signature-helpers';
import { audit, submit, written } from './submit-helpers';

const pgUrl = await findPostgres();
async function call(t: TestApp, user: { token: string }, path: string, body: Record<string, unknown>) {
  const res = await postSigned(t, user, path, body);
  expect(res.statusCode).toBeLessThan(500);
  return res.json;
}
const STROKES = [stroke(40, 60, 320, 150)];

/** Every step before the signature confirmed (the address proof uploaded), then signed for real. */
async function signedForReal(t: TestApp): Promise<Applicant> {
  const user = await readyToSign(t, ['HK', 'US'], async (u) => {
    expect((await upload(t, u.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
  });

  const docs = await call(t, user, 'agreements', { language: 'en' });
  expect(docs.status, JSON.stringify(docs)).toBe(0);
  for (const d of docs.data.documents)
    expect(
      (await call(t, user, 'agreement_opened', { language: 'en', id: d.id, sha256: d.sha256 })).status,
    ).toBe(0);
  const signedRes = await call(t, user, 'sign', {
    language: 'en',
    image: await padPng(),
    strokes: STROKES,
    pad: PAD,
    agreements: docs.data.documents.map((d: { id: string; version: string; sha256: string }) => ({
      id: d.id,
      version: d.version,
      sha256: d.sha256,
    })),
    answers_hash: docs.data.answers_hash,
  });
  expect(signedRes.status, JSON.stringify(signedRes)).toBe(0);
  return user;
}

describe.each(DB_KINDS)('submit after the real signature calls (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    "sign's answers_hash is submit's: submitted whole; the audit shows the signature step done",
    async () => {
      const user = await signedForReal(t);
      const a = await audit(t, user);
      expect(a.json.data.blocking).toEqual([]);
      const { json } = await submit(t, user);
      expect(json.status, JSON.stringify(json)).toBe(0);
      expect(json.data).toMatchObject({ submission_number: 1, status: 1, replayed: false });
      expect((await written(t, user)).submissions).toHaveLength(1);
    },
  );

  run('an answer changed behind the step store after signing: 2017, nothing written', async () => {
    const user = await signedForReal(t);
    const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
    await t.app.ctx.db
      .update(applicationSteps)
      .set({ answers: { status: 'student' } })
      .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'employment')));
    const before = await written(t, user);
    expect((await submit(t, user)).json.status).toBe(ErrorCode.SIGNATURE_STALE);
    expect(await written(t, user)).toEqual(before);
  });
});
