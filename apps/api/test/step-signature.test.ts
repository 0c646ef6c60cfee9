// The agreements and the handwritten signature (issue #7 §4): agreements rendered from the answers,
// opened before accepted (2018), blank or small signatures refused (2016), a signature bound to the
// answers it signed (2017 after a change), the image stored as the `signature` document, the step's
// answers written in one transaction, another user's documents out of reach.
import { translateError } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { documents } from '../src/db/schema';
import { getFile, type TestUser } from './application-helpers';
import { applicantWithId, ErrorCode, saveStep, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { PAD, padPng, postSigned, readyToSign, stroke } from './signature-helpers';
import { confirmDirectly } from './step-profile-helpers';

const pgUrl = await findPostgres();
async function call(t: TestApp, user: { token: string }, path: string, body: Record<string, unknown>) {
  const res = await postSigned(t, user, path, body);
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return res.json;
}

const GOOD_STROKES = [stroke(40, 60, 320, 150)];

async function agreements(t: TestApp, user: TestUser, language = 'en') {
  const json = await call(t, user, 'agreements', { language });
  expect(json.status, JSON.stringify(json)).toBe(0);
  return json.data as {
    documents: { id: string; version: string; sha256: string; opened: boolean; title: string }[];
    answers_hash: string;
    missing_steps: string[];
    signed: unknown;
  };
}
async function openAll(t: TestApp, user: TestUser, docs: { id: string; sha256: string }[], language = 'en') {
  for (const d of docs) {
    const json = await call(t, user, 'agreement_opened', { language, id: d.id, sha256: d.sha256 });
    expect(json.status, JSON.stringify(json)).toBe(0);
  }
}
async function sign(
  t: TestApp,
  user: TestUser,
  data: Awaited<ReturnType<typeof agreements>>,
  over: Record<string, unknown> = {},
) {
  return call(t, user, 'sign', {
    language: 'en',
    image: await padPng(),
    strokes: GOOD_STROKES,
    pad: PAD,
    agreements: data.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
    answers_hash: data.answers_hash,
    ...over,
  });
}
async function signatureDocs(t: TestApp, user: TestUser) {
  return t.app.ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, user.userId), eq(documents.kind, 'signature')));
}

describe.each(DB_KINDS)('the agreements and signature (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'lists the documents that apply, in the language asked, none opened yet; W-8BEN with the US market',
    async () => {
      const hk = await readyToSign(t);
      const en = await agreements(t, hk);
      expect(en.documents.map((d) => d.id)).toEqual([
        'client_agreement',
        'risk_disclosure_ack',
        'pics',
        'crs',
        'hkidr_consent',
      ]);
      expect(en.documents.every((d) => !d.opened && /^[0-9a-f]{64}$/.test(d.sha256))).toBe(true);
      expect(en.missing_steps).toEqual([]);
      expect(en.signed).toBeNull();
      const zh = await agreements(t, hk, 'zh-HK');
      expect(zh.documents[0]!.title).toBe('客戶協議');
      expect(zh.documents[0]!.sha256).not.toBe(en.documents[0]!.sha256);
      // the ID number appears only masked
      const body = JSON.stringify(await call(t, hk, 'agreements', { language: 'en' }));
      expect(body).not.toContain(hk.idNumber.replace(/[()]/g, ''));
      const us = await readyToSign(t, ['HK', 'US']);
      expect((await agreements(t, us)).documents.map((d) => d.id)).toContain('w8ben');
    },
  );

  run(
    'the happy path: opened, accepted, signed; the image stored as the signature document, the answers written',
    async () => {
      const user = await readyToSign(t);
      const data = await agreements(t, user);
      await openAll(t, user, data.documents);
      expect((await agreements(t, user)).documents.every((d) => d.opened)).toBe(true);
      const json = await sign(t, user, data);
      expect(json.status, JSON.stringify(json)).toBe(0);
      expect(json.data).toMatchObject({
        step: 'signature',
        confirmed: true,
        next_step: 'review',
        answers_hash: data.answers_hash,
      });
      const docs = await signatureDocs(t, user);
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({
        id: json.data.signature_document_id,
        mime: 'image/png',
        step: 'signature',
      });
      const file = await getFile(t, user.token, docs[0]!.id);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
      const row = (await snapshot(t, user, 'signature')).row!;
      expect(row.confirmedAt).not.toBeNull();
      expect(row.answers).toMatchObject({
        answers_hash: data.answers_hash,
        signed_at: json.data.signed_at,
        language: 'en',
        signature_document_id: docs[0]!.id,
        pad: PAD,
      });
      expect((row.answers.agreements as unknown[]).length).toBe(data.documents.length);
      expect(row.answers.agreements).toContainEqual({
        id: 'client_agreement',
        version: data.documents[0]!.version,
        sha256: data.documents[0]!.sha256,
        title: 'Client Agreement',
      });
      expect((row.answers.strokes as { points: unknown[] }[])[0]!.points).toHaveLength(30);
      expect((await agreements(t, user)).signed).toMatchObject({ answers_hash: data.answers_hash });
      // the step's own info lists the signature document
      const stepInfo = await call(t, user, 'step_info/signature', {});
      expect(stepInfo.status, JSON.stringify(stepInfo)).toBe(0);
      expect(stepInfo.data.documents).toMatchObject([{ document_id: docs[0]!.id, kind: 'signature' }]);
      // the pen data stays with the record: no screen gets the strokes or the pad back
      expect(stepInfo.data.answers).toMatchObject({ answers_hash: data.answers_hash });
      expect(stepInfo.data.answers).not.toHaveProperty('strokes');
      expect(stepInfo.data.answers).not.toHaveProperty('pad');
      const audit = await call(t, user, 'audit', {});
      const signed = (audit.data.steps as { step: string; answers: object }[]).find(
        (s) => s.step === 'signature',
      )!;
      expect(signed.answers).toHaveProperty('signed_at');
      expect(signed.answers).not.toHaveProperty('strokes');
      // signing again replaces the image: one live signature document
      const again = await sign(t, user, data);
      expect(again.status, JSON.stringify(again)).toBe(0);
      expect(await signatureDocs(t, user).then((d) => d.filter((x) => !x.deletedAt).length)).toBe(1);
    },
  );

  run('a blank or too small signature is refused (2016) and nothing is written', async () => {
    const user = await readyToSign(t);
    const data = await agreements(t, user);
    await openAll(t, user, data.documents);
    const before = await snapshot(t, user, 'signature');
    const cases: [Record<string, unknown>, string][] = [
      [{ strokes: [] }, 'signature_blank'],
      [{ image: await padPng(false) }, 'signature_blank'],
      [{ strokes: [stroke(100, 80, 150, 130)] }, 'signature_too_small'],
      [{ strokes: [stroke(20, 100, 380, 104)] }, 'signature_too_small'],
      [{ image: 'data:image/png;base64,AAAA' }, 'signature_invalid'],
      [
        { image: `data:image/png;base64,${Buffer.from('GIF89a-not-a-png'.repeat(20)).toString('base64')}` },
        'signature_invalid',
      ],
      [{ image: await padPng(true, { width: 800, height: 800 }) }, 'signature_invalid'],
    ];
    for (const [over, problem] of cases) {
      const json = await sign(t, user, data, over);
      expect(json.status, problem).toBe(ErrorCode.SIGNATURE_REFUSED);
      expect(json.data.fields.signature).toBe(translateError('en', problem));
    }
    expect(await snapshot(t, user, 'signature')).toEqual(before);
    expect(await signatureDocs(t, user)).toHaveLength(0);
  });

  run('accepting a document not opened (since it rendered so) is refused (2018)', async () => {
    const user = await readyToSign(t);
    const data = await agreements(t, user);
    await openAll(t, user, data.documents.slice(0, -1));
    const json = await sign(t, user, data);
    expect(json.status).toBe(ErrorCode.AGREEMENT_NOT_OPENED);
    expect(json.data.fields).toEqual({
      'agreements.hkidr_consent': translateError('en', 'agreement_not_opened'),
    });
    // every applicable one must be accepted
    const partial = await sign(t, user, data, {
      agreements: data.documents.slice(1).map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
    });
    expect(partial.status).toBe(ErrorCode.VALIDATION_FAILED);
    // opening a hash that is not the current one is stale
    const forged = await call(t, user, 'agreement_opened', {
      language: 'en',
      id: 'pics',
      sha256: 'a'.repeat(64),
    });
    expect(forged.status).toBe(ErrorCode.SIGNATURE_STALE);
    // opened in English, signed in Chinese: the Chinese texts were never opened
    const zh = await agreements(t, user, 'zh-CN');
    await openAll(t, user, data.documents);
    const other = await sign(t, user, zh, { language: 'zh-CN' });
    expect(other.status).toBe(ErrorCode.AGREEMENT_NOT_OPENED);
    expect(await signatureDocs(t, user)).toHaveLength(0);
  });

  run(
    'a change after signing reopens the signature, and the old answers hash is refused (2017)',
    async () => {
      const user = await readyToSign(t);
      const data = await agreements(t, user);
      await openAll(t, user, data.documents);
      expect((await sign(t, user, data)).status).toBe(0);
      // the declarations change: the HKIDR consent document and the hash change
      await confirmDirectly(t, user, ['declarations'], { hkidr_consent: false, direct_marketing: false });
      const row = (await snapshot(t, user, 'signature')).row!;
      expect(row.confirmedAt).toBeNull();
      expect(row.reopenedReason).toBe('changed_after_signing');
      const now = await agreements(t, user);
      expect(now.answers_hash).not.toBe(data.answers_hash);
      expect(now.signed).toBeNull();
      const stale = await sign(t, user, data);
      expect(stale.status).toBe(ErrorCode.SIGNATURE_STALE);
      // the new texts were not opened: reading again is asked for
      const unopened = await sign(t, user, now);
      expect(unopened.status).toBe(ErrorCode.AGREEMENT_NOT_OPENED);
      expect(unopened.data.fields).toEqual({
        'agreements.hkidr_consent': translateError('en', 'agreement_not_opened'),
      });
      await call(t, user, 'agreement_opened', {
        language: 'en',
        id: 'hkidr_consent',
        sha256: now.documents.at(-1)!.sha256,
      });
      expect((await sign(t, user, now)).status).toBe(0);
    },
  );

  run('signing needs every step before it confirmed; the generic calls cannot write it', async () => {
    const user = await applicantWithId(t, 'hk');
    const data = await agreements(t, user);
    expect(data.missing_steps[0]).toBe('address');
    const json = await sign(t, user, data);
    expect(json.status).toBe(ErrorCode.STEP_NOT_READY);
    const generic = await saveStep(t, user, 'signature', {
      confirm: true,
      answers: { answers_hash: data.answers_hash },
    });
    expect(generic.json.status).not.toBe(0);
  });

  run(
    'another user cannot read the signature image, nor sign with the first one’s hash and documents',
    async () => {
      const a = await readyToSign(t);
      const b = await readyToSign(t);
      const data = await agreements(t, a);
      await openAll(t, a, data.documents);
      const json = await sign(t, a, data);
      expect(json.status).toBe(0);
      const file = await getFile(t, b.token, json.data.signature_document_id);
      expect(file.json().status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
      // b's answers differ (another ID number): a's hash is stale for b, a's openings are not b's
      const forged = await sign(t, b, data);
      expect(forged.status).toBe(ErrorCode.SIGNATURE_STALE);
      const bData = await agreements(t, b);
      expect(bData.documents.every((d) => !d.opened)).toBe(true);
      expect((await sign(t, b, bData)).status).toBe(ErrorCode.AGREEMENT_NOT_OPENED);
    },
  );
  run('bad bodies are refused with the envelope, never a 5xx, and write nothing', async () => {
    const user = await readyToSign(t);
    const data = await agreements(t, user);
    await openAll(t, user, data.documents);
    const before = await snapshot(t, user, 'signature');
    const many = { points: Array.from({ length: 6000 }, (_, i) => ({ x: i % 300, y: 50, time: i })) };
    const bad: Record<string, unknown>[] = [
      { language: 'fr' },
      { strokes: 'x' },
      { strokes: [many] },
      { strokes: Array.from({ length: 101 }, () => stroke(40, 60, 320, 150, 2)) },
      { pad: { width: 1e9, height: 1e9 } },
      { pad: { width: 0, height: 0 } },
      { image: 'data:image/jpeg;base64,AAAA' },
      { image: `data:image/png;base64,${'A'.repeat(700_000)}` },
      { image: 'data:image/png;base64,!!!!' },
      { agreements: [{ id: 'nope', version: '1', sha256: data.answers_hash }] },
      {
        agreements: [...data.documents, data.documents[0]].map((d) => ({
          id: d!.id,
          version: d!.version,
          sha256: d!.sha256,
        })),
      },
      { answers_hash: 'zz' },
    ];
    for (const over of bad) {
      const json = await sign(t, user, data, over);
      expect(json.status, JSON.stringify(over).slice(0, 80)).toBeGreaterThan(0);
    }
    for (const body of [
      {},
      { language: 'en', id: 'pics' },
      { language: 'en', id: 'w8ben', sha256: 'a'.repeat(64) },
    ])
      expect((await call(t, user, 'agreement_opened', body)).status).toBeGreaterThan(0);
    expect((await call(t, user, 'agreements', { language: 'xx' })).status).toBeGreaterThan(0);
    expect(await snapshot(t, user, 'signature')).toEqual(before);
    expect(await signatureDocs(t, user)).toHaveLength(0);
  });
});
