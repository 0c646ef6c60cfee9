// Review of issue #7 (hostile client): the `sign` call with numbers that pass the request's
// schema (finite JSON numbers) but overflow once the server compacts the strokes (a pressure near
// Number.MAX_VALUE rounds to Infinity; point times of ±1.7e308 are Infinity apart). Those strokes
// must be refused at the field (2016, signature_invalid), never a 5xx, and nothing written.
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { documents } from '../src/db/schema';
import type { TestUser } from './application-helpers';
import { ErrorCode, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { PAD, padPng, postSigned, readyToSign, stroke } from './signature-helpers';

const pgUrl = await findPostgres();
const call = postSigned;

/** The signature of the happy path, with hostile values laid over point i. */
const hostileStroke = (over?: (i: number) => Record<string, number>) => stroke(40, 60, 320, 150, 30, over);

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
        [hostileStroke(() => ({ pressure: 1.7e308 }))],
        // each time finite; the last minus the first is Infinity
        [hostileStroke((i) => ({ time: i === 0 ? -1.7e308 : 1.7e308 }))],
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
      const good = await call(t, user, 'sign', { ...base, strokes: [hostileStroke()] });
      expect(good.json.status, JSON.stringify(good.json)).toBe(0);
    },
  );
});
