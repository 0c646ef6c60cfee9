// Submit after a signature made through the real signature calls (agreements, agreement_opened,
// sign): the hash `sign` binds the signature to is the one submit recomputes, and a change behind
// the step store's back after signing is refused (2017). Steps before the signature are confirmed
// straight through the step store with answers the documents show (their forms have own suites).
import { applicableSteps, RISK_DISCLOSURE_VERSION, type StepId } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { applicationSteps, applications } from '../src/db/schema';
import { images, upload } from './application-helpers';
import {
  type Applicant,
  applicantWithId,
  confirmBeforeTax,
  confirmDirect,
  ErrorCode,
} from './flow-step-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';
import { confirmDirectly } from './step-profile-helpers';
import { audit, submit, written } from './submit-helpers';

const pgUrl = await findPostgres();
const PAD = { width: 400, height: 200 };

async function call(t: TestApp, user: { token: string }, path: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/${path}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  expect(res.statusCode).toBeLessThan(500);
  return res.json();
}

async function padPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><path d="M80 120 C 200 380, 400 -40, 640 300" stroke="black" stroke-width="6" fill="none"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}
const STROKES = [
  {
    points: Array.from({ length: 30 }, (_, i) => ({
      x: 40 + (280 * i) / 29,
      y: 60 + (90 * i) / 29,
      time: 1_700_000_000_000 + i * 16,
    })),
  },
];

/** Every step before the signature confirmed (the address proof uploaded), then signed for real. */
async function signedForReal(t: TestApp): Promise<Applicant> {
  const user = await applicantWithId(t, 'hk');
  expect((await upload(t, user.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
  await confirmBeforeTax(t, user, { markets: ['HK', 'US'] });
  await confirmDirect(t, user, 'tax', {
    tax_residencies: [{ country: 'HK', tin_from_id: true }],
    us_citizen: false,
    us_green_card: false,
    us_born: false,
  });
  await confirmDirectly(t, user, ['declarations'], { hkidr_consent: true, direct_marketing: false });
  await confirmDirectly(t, user, ['risk_disclosure'], { text_version: RISK_DISCLOSURE_VERSION });
  const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
  const rows = await t.app.ctx.db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, app!.id));
  const done = new Set(rows.filter((r) => r.confirmedAt).map((r) => r.step));
  const applicable = applicableSteps({
    markets: app!.markets,
    answers: Object.fromEntries(rows.map((r) => [r.step, r.answers])),
  });
  for (const s of applicable.slice(
    0,
    applicable.findIndex((x) => x.id === 'signature'),
  ))
    if (!done.has(s.id)) await confirmDirectly(t, user, [s.id as StepId]);

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
