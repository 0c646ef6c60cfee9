// Issue #12 items 3 and 4: the signature image. A `sign` call bound to fail costs no decoding (an
// applicant not ready to sign: 2005; a canvas far larger than the pad, read from the PNG header:
// 2016), and the blank / too-small rule holds on the image's own ink, which must match the strokes
// (one dark pixel with good strokes, or a real drawing away from them: 2016). Hostile PNGs are made
// here with sharp.
import { translateError } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { documents } from '../src/db/schema';
import type { TestUser } from './application-helpers';
import { applicantWithId, ErrorCode, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { PAD, padPng, postSigned, readyToSign, stroke } from './signature-helpers';

const pgUrl = await findPostgres();
const GOOD_STROKES = [stroke(40, 60, 320, 150)];

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** 4800×4800 for a 400×400 pad (12× its size): noise that compresses poorly, as in the report. */
async function hugeCanvasPng() {
  const side = 4800;
  const raw = Buffer.alloc(side * side);
  let seed = 7;
  // sparse noise: a few dark dots per row keep the file well over 100 KB and under the 400 KB limit
  for (let i = 0; i < raw.length; i += 400) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i + (seed % 400)] = 255;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The pad's canvas at ratio 2 (800×400), transparent, with one black pixel in the middle. */
async function oneDarkPixelPng() {
  const raw = Buffer.alloc(800 * 400 * 4);
  raw.set([0, 0, 0, 255], (200 * 800 + 400) * 4);
  return sharp(raw, { raw: { width: 800, height: 400, channels: 4 } })
    .png()
    .toBuffer();
}

async function openedAgreements(t: TestApp, user: TestUser) {
  const { json } = await postSigned(t, user, 'agreements', { language: 'en' });
  expect(json.status, JSON.stringify(json)).toBe(0);
  const data = json.data as {
    documents: { id: string; version: string; sha256: string }[];
    answers_hash: string;
  };
  for (const d of data.documents) {
    const opened = await postSigned(t, user, 'agreement_opened', {
      language: 'en',
      id: d.id,
      sha256: d.sha256,
    });
    expect(opened.json.status, JSON.stringify(opened.json)).toBe(0);
  }
  return data;
}

/** A sign call; its answer and how many signature PNGs the server decoded meanwhile. */
async function sign(
  t: TestApp,
  user: TestUser,
  data: { documents: { id: string; version: string; sha256: string }[]; answers_hash: string },
  over: Record<string, unknown>,
) {
  const before = t.app.ctx.heavy.stats().started;
  const res = await postSigned(t, user, 'sign', {
    language: 'en',
    image: await padPng(),
    strokes: GOOD_STROKES,
    pad: PAD,
    agreements: data.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
    answers_hash: data.answers_hash,
    ...over,
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return { json: res.json, decodes: t.app.ctx.heavy.stats().started - before };
}

async function signatureDocs(t: TestApp, user: TestUser) {
  return t.app.ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, user.userId), eq(documents.kind, 'signature')));
}

describe.each(DB_KINDS)('the signature image: cheap checks first, the ink judged (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'a 4800×4800 PNG for a 400×400 pad: 2005 for an applicant not ready, 2016 by its header, never decoded',
    async () => {
      const huge = dataUrl(await hugeCanvasPng());
      const square = { width: 400, height: 400 };
      // nowhere near ready: the application is looked at before the image
      const early = await applicantWithId(t, 'hk');
      const { json: info } = await postSigned(t, early, 'agreements', { language: 'en' });
      const notReady = await sign(t, early, info.data, { image: huge, pad: square });
      expect(notReady.json.status, JSON.stringify(notReady.json)).toBe(ErrorCode.STEP_NOT_READY);
      expect(notReady.decodes).toBe(0);
      // ready, every document opened: the header's 12× the pad is refused as it stands
      const user = await readyToSign(t);
      const data = await openedAgreements(t, user);
      const byHeader = await sign(t, user, data, { image: huge, pad: square });
      expect(byHeader.json.status, JSON.stringify(byHeader.json)).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(byHeader.json.data.fields.signature).toBe(translateError('en', 'signature_invalid'));
      expect(byHeader.decodes).toBe(0);
      // PNG magic bytes and then no IHDR chunk: refused as read, not handed to the decoder
      const headless = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 0x41)]);
      const noHeader = await sign(t, user, data, { image: dataUrl(headless) });
      expect(noHeader.json.status).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(noHeader.json.data.fields.signature).toBe(translateError('en', 'signature_invalid'));
      expect(noHeader.decodes).toBe(0);
      // a stale answers hash is refused before any decoding too
      const stale = await sign(t, user, { ...data, answers_hash: 'f'.repeat(64) }, {});
      expect(stale.json.status).toBe(ErrorCode.SIGNATURE_STALE);
      expect(stale.decodes).toBe(0);
      expect(await signatureDocs(t, user)).toHaveLength(0);
      // the counter does count: the pad's real PNG is decoded once and signs
      const good = await sign(t, user, data, {});
      expect(good.json.status, JSON.stringify(good.json)).toBe(0);
      expect(good.decodes).toBe(1);
    },
  );

  run(
    'the ink on the image itself: one dark pixel, or ink away from the strokes, is refused (2016)',
    async () => {
      const user = await readyToSign(t);
      const data = await openedAgreements(t, user);
      const before = await snapshot(t, user, 'signature');
      // good strokes, an 800×400 transparent canvas with one black pixel
      const dot = await sign(t, user, data, { image: dataUrl(await oneDarkPixelPng()) });
      expect(dot.json.status, JSON.stringify(dot.json)).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(dot.json.data.fields.signature).toBe(translateError('en', 'signature_blank'));
      // a real drawing (pad 40–320 × 60–150) sent with strokes drawn elsewhere on the pad
      const elsewhere = await sign(t, user, data, { strokes: [stroke(200, 20, 390, 190)] });
      expect(elsewhere.json.status, JSON.stringify(elsewhere.json)).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(elsewhere.json.data.fields.signature).toBe(translateError('en', 'signature_invalid'));
      expect(await snapshot(t, user, 'signature')).toEqual(before);
      expect(await signatureDocs(t, user)).toHaveLength(0);
      // the pad's PNG with its own strokes signs, stored as decoded and re-encoded
      const good = await sign(t, user, data, {});
      expect(good.json.status, JSON.stringify(good.json)).toBe(0);
      const [doc] = await signatureDocs(t, user);
      expect(doc).toMatchObject({ width: 800, height: 400, mime: 'image/png' });
    },
  );
});
