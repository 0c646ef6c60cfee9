// Review of issue #7 (hostile client): the `sign` call with numbers that pass the request's
// schema (finite JSON numbers) but overflow once the server compacts the strokes (a pressure near
// Number.MAX_VALUE rounds to Infinity; point times of ±1.7e308 are Infinity apart). Those strokes
// must be refused at the field (2016, signature_invalid), never a 5xx, and nothing written.
import { applicableSteps, RISK_DISCLOSURE_VERSION, type StepId } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { applicationSteps, applications, documents } from '../src/db/schema';
import type { TestUser } from './application-helpers';
import { applicantWithId, confirmBeforeTax, confirmDirect, ErrorCode, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';
import { confirmDirectly } from './step-profile-helpers';

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
  return { statusCode: res.statusCode, json: res.json() };
}

async function padPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><path d="M80 120 C 200 380, 400 -40, 640 300" stroke="black" stroke-width="6" fill="none"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

function stroke(over: (i: number) => Record<string, number> = () => ({}), n = 30) {
  return {
    points: Array.from({ length: n }, (_, i) => ({
      x: 40 + (280 * i) / (n - 1),
      y: 60 + (90 * i) / (n - 1),
      time: 1_700_000_000_000 + i * 16,
      pressure: 0.5,
      ...over(i),
    })),
  };
}

async function readyToSign(t: TestApp) {
  const user = await applicantWithId(t, 'hk');
  await confirmBeforeTax(t, user, { markets: ['HK'] });
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
  const answers = Object.fromEntries(rows.map((r) => [r.step, r.answers]));
  const done = new Set(rows.filter((r) => r.confirmedAt).map((r) => r.step));
  const applicable = applicableSteps({ markets: app!.markets, answers });
  for (const s of applicable.slice(
    0,
    applicable.findIndex((x) => x.id === 'signature'),
  ))
    if (!done.has(s.id)) await confirmDirectly(t, user, [s.id as StepId]);
  return user;
}

async function openedAgreements(t: TestApp, user: TestUser) {
  const { json } = await call(t, user, 'agreements', { language: 'en' });
  expect(json.status, JSON.stringify(json)).toBe(0);
  const data = json.data as {
    documents: { id: string; version: string; sha256: string }[];
    answers_hash: string;
  };
  for (const d of data.documents) {
    const opened = await call(t, user, 'agreement_opened', { language: 'en', id: d.id, sha256: d.sha256 });
    expect(opened.json.status, JSON.stringify(opened.json)).toBe(0);
  }
  return data;
}

describe.each(DB_KINDS)('sign with overflowing stroke numbers (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'a pressure or a time span that overflows is refused (2016), never a 5xx, nothing written',
    async () => {
      const user = await readyToSign(t);
      const data = await openedAgreements(t, user);
      const image = await padPng();
      const base = {
        language: 'en',
        image,
        pad: PAD,
        agreements: data.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
        answers_hash: data.answers_hash,
      };
      const before = await snapshot(t, user, 'signature');
      const cases = [
        // finite in JSON; Math.round(p * 10) is Infinity
        [stroke(() => ({ pressure: 1.7e308 }))],
        // each time finite; the last minus the first is Infinity
        [stroke((i) => ({ time: i === 0 ? -1.7e308 : 1.7e308 }))],
      ];
      for (const strokes of cases) {
        const res = await call(t, user, 'sign', { ...base, strokes });
        expect(res.statusCode, JSON.stringify(res.json)).toBeLessThan(500);
        expect(res.json.status, JSON.stringify(res.json)).toBe(ErrorCode.SIGNATURE_REFUSED);
        expect(res.json.data.fields.signature).toBeTruthy();
      }
      expect(await snapshot(t, user, 'signature')).toEqual(before);
      const docs = await t.app.ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, user.userId), eq(documents.kind, 'signature')));
      expect(docs).toHaveLength(0);
      // the same call with sane numbers signs
      const good = await call(t, user, 'sign', { ...base, strokes: [stroke()] });
      expect(good.json.status, JSON.stringify(good.json)).toBe(0);
    },
  );
});
