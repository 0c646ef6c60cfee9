// Issue #12 items 1 and 2: hostile uploads (the corpus in fixtures/hostile) are refused with their
// own errors, the costly work runs in the heavy-work pool within its limits, cheap checks come
// first, and the API's other requests stay fast while hostile files are processed.
import { ErrorCode, translateError } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../src/plugins/app/documents/pdf';
import {
  countRows,
  createLoggedInUser,
  getFile,
  multipartBody,
  post,
  signedQuery,
  storedFiles,
  type TestUser,
  upload,
} from './application-helpers';
import { createTestApp, DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { readHostile } from './hostile-files';

const pgUrl = await findPostgres();

/** A logged-in person with an application: the address proof needs nothing earlier. */
async function applicant(t: TestApp): Promise<TestUser> {
  const user = await createLoggedInUser(t);
  await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
  return user;
}

const pdf = (name: string) => readHostile('pdf', name);
const image = (name: string) => readHostile('image', name);
const codeMessage = (lang: 'en' | 'zh-CN' | 'zh-HK') => translateError(lang, 'code_upload_processing_limit');

describe.each(DB_KINDS)('hostile uploads (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  async function snapshot() {
    return { documents: (await countRows(t)).documents, files: (await storedFiles(t)).sort() };
  }

  run('each hostile PDF is refused with its error at the file field, and nothing is stored', async () => {
    const user = await applicant(t);
    const before = await snapshot();
    const refused: [string, number, string][] = [
      ['bomb-objstm.pdf', ErrorCode.UPLOAD_PROCESSING_LIMIT, 'code_upload_processing_limit'],
      // issue #22 finding 5: a bomb in the page content, and one in an image under a filter chain
      ['bomb-content.pdf', ErrorCode.UPLOAD_PROCESSING_LIMIT, 'code_upload_processing_limit'],
      ['bomb-image-chain.pdf', ErrorCode.UPLOAD_PROCESSING_LIMIT, 'code_upload_processing_limit'],
      ['names-5.9mb.pdf', ErrorCode.UPLOAD_PROCESSING_LIMIT, 'code_upload_processing_limit'],
      ['objstm-unfiltered.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['objstm-asciihex.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['comment-stream.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['uri.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['launch.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['gotor.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['submitform.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['richmedia.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['embedded-file.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_active_content'],
      ['encrypted.pdf', ErrorCode.UPLOAD_TYPE_REFUSED, 'address_proof_pdf_encrypted'],
      ['unknown-filter.pdf', ErrorCode.UPLOAD_UNREADABLE, 'address_proof_pdf_unreadable'],
      ['truncated.pdf', ErrorCode.UPLOAD_UNREADABLE, 'address_proof_pdf_unreadable'],
    ];
    for (const [name, status, key] of refused) {
      const lang = status === ErrorCode.UPLOAD_PROCESSING_LIMIT ? 'zh-HK' : 'en';
      const { res, json } = await upload(t, user.token, 'address_proof', pdf(name), {
        filename: 'statement.pdf',
        lang,
      });
      expect(res.statusCode, name).toBe(200);
      expect(json.status, name).toBe(status);
      expect(json.info, name).toBe(translateError(lang, key));
      if (key.startsWith('address_proof_'))
        expect(json.data.fields, name).toEqual({ file: translateError(lang, key) });
    }
    expect(await snapshot()).toEqual(before);
  });

  run('a clean statement, plain or in object streams, is stored as the server re-serialised it', async () => {
    for (const name of ['statement.pdf', 'statement-objstm.pdf']) {
      const user = await applicant(t);
      const up = await upload(t, user.token, 'address_proof', pdf(name), { filename: name });
      expect(up.json.status, name).toBe(0);
      const file = await getFile(t, user.token, up.json.data.document_id);
      const served = file.rawPayload;
      expect(served.length).toBe(up.json.data.size);
      // what staff download: no object streams left to hide anything in, and it passes again as is
      expect(served.toString('latin1')).not.toContain('/ObjStm');
      expect(served.toString('latin1')).toMatch(/\nxref\n0 \d+\n/);
      const again = await inspectPdf(served);
      expect(again.fault, name).toBeNull();
      expect(again.fault === null && Buffer.from(again.bytes).equals(served), name).toBe(true);
    }
  });

  run('an image whose header claims too many pixels is refused before any decoding (3005)', async () => {
    const user = await applicant(t);
    const started = t.app.ctx.heavy.stats().started;
    for (const name of ['png-bomb.png', 'jpeg-huge.jpg']) {
      const { json } = await upload(t, user.token, 'address_proof', image(name), { lang: 'en' });
      expect(json.status, name).toBe(ErrorCode.UPLOAD_UNREADABLE);
    }
    expect(t.app.ctx.heavy.stats().started, 'no job reached the pool').toBe(started);
    // a real 4800×4800 PNG is a photo like any other: decoded in the pool, stored at 2000 px
    const big = await upload(t, user.token, 'address_proof', image('png-4800.png'));
    expect(big.json.status).toBe(0);
    expect(big.json.data).toMatchObject({ mime: 'image/jpeg', width: 2000, height: 2000 });
    expect(t.app.ctx.heavy.stats().started).toBe(started + 1);
  });

  run('a session without an application is refused (2001) before any file is parsed', async () => {
    const user = await createLoggedInUser(t);
    const started = t.app.ctx.heavy.stats().started;
    for (const file of [pdf('bomb-objstm.pdf'), pdf('names-5.9mb.pdf'), image('png-49mp.png')]) {
      const { json } = await upload(t, user.token, 'address_proof', file);
      // the old code scanned the file first (seconds over the bomb) and refused it as a file
      expect(json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    }
    expect(t.app.ctx.heavy.stats().started, 'no job reached the pool').toBe(started);
    // the same for a step that is not open yet: an ID photo before the ID location (2005)
    const early = await applicant(t);
    const { json } = await upload(t, early.token, 'id_front', image('png-49mp.png'));
    expect(json.status).toBe(ErrorCode.STEP_NOT_READY);
    expect(t.app.ctx.heavy.stats().started).toBe(started);
  });
});

/** An app whose pool has its own limits (the pool does not depend on the database: PGlite). */
function withPool(heavy: Partial<TestApp['config']['heavy']>) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const defaults = { threads: 1, timeoutMs: 10_000, maxQueue: 8, memoryMb: 256 };
    current = await createTestApp('pglite', { heavy: { ...defaults, ...heavy } });
    await current.app.ctx.heavy.warm();
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => current!;
}

describe('the pool’s time limit', () => {
  const app = withPool({ timeoutMs: 400 });

  it('a job past it is 3008 in the person’s language; the pool takes the next job on a fresh thread', async () => {
    const t = app();
    const user = await applicant(t);
    for (const lang of ['zh-CN', 'en'] as const) {
      const { json } = await upload(t, user.token, 'address_proof', pdf('names-5.9mb.pdf'), { lang });
      expect(json.status).toBe(ErrorCode.UPLOAD_PROCESSING_LIMIT);
      expect(json.info).toBe(codeMessage(lang));
    }
    expect(t.app.ctx.heavy.stats().overLimit).toBe(2);
    await t.app.ctx.heavy.warm(); // the ended thread's replacement has started
    const clean = await upload(t, user.token, 'address_proof', pdf('statement.pdf'));
    expect(clean.json.status).toBe(0);
  });
});

describe('the pool’s memory limit', () => {
  const app = withPool({ memoryMb: 32 });

  it('a job past its heap limit is 3008, and the pool goes on', async () => {
    const t = app();
    const user = await applicant(t);
    const { json } = await upload(t, user.token, 'address_proof', pdf('names-5.9mb.pdf'), { lang: 'en' });
    expect(json.status).toBe(ErrorCode.UPLOAD_PROCESSING_LIMIT);
    expect(t.app.ctx.heavy.stats().overLimit).toBe(1);
    await t.app.ctx.heavy.warm();
    expect((await upload(t, user.token, 'address_proof', pdf('statement.pdf'))).json.status).toBe(0);
  });
});

describe('the pool’s queue', () => {
  const app = withPool({ maxQueue: 0 });

  it('a job that finds the thread busy and no room to wait is 3008', async () => {
    const t = app();
    const [a, b] = [await applicant(t), await applicant(t)];
    const results = await Promise.all([
      upload(t, a.token, 'address_proof', pdf('names-5.9mb.pdf')),
      // a moment later, while the first is being parsed
      new Promise((r) => setTimeout(r, 300)).then(() =>
        upload(t, b.token, 'address_proof', pdf('statement.pdf'), { lang: 'en' }),
      ),
    ]);
    expect(results[1].json.status).toBe(ErrorCode.UPLOAD_PROCESSING_LIMIT);
    expect(results[1].json.info).toBe(codeMessage('en'));
    expect(t.app.ctx.heavy.stats().queueFull).toBe(1);
    // once the thread is free again, the same file goes through
    expect((await upload(t, b.token, 'address_proof', pdf('statement.pdf'))).json.status).toBe(0);
  });
});

describe('/healthz and another client while hostile files are processed', () => {
  const app = withPool({});

  // Not a speed test (`npm run bench:uploads` measures the p99 against its 100 ms target): this
  // one fails when the event loop is blocked for whole seconds, as the old scan blocked it (8–12 s
  // over the bomb), with a bound loose enough for a busy 2-core CI machine running other suites.
  it('are not held up while the hostile files are processed, on a real listening server', async () => {
    const t = app();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const attacker = await applicant(t);
    const other = await applicant(t);
    const hostile = [
      pdf('bomb-objstm.pdf'),
      pdf('names-5.9mb.pdf'),
      image('png-49mp.png'),
      pdf('bomb-objstm.pdf'),
      pdf('names-5.9mb.pdf'),
      image('png-4800.png'),
    ];
    const statusCall = () =>
      fetch(`${base}/v9/OpenAccountHk/status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${other.token}`,
        },
        body: signedQuery(t, other.token),
      });
    // each route once before the load: a first call compiles its serialiser, whatever the load
    await fetch(`${base}/healthz`);
    await statusCall();
    let inFlight = hostile.length;
    const uploads = hostile.map(async (file) => {
      const { body, contentType } = multipartBody([
        { name: 'kind', value: 'address_proof' },
        { name: 'file', value: file, filename: 'statement.pdf' },
      ]);
      const res = await fetch(`${base}/v9/OpenAccountHk/upload?${signedQuery(t, attacker.token)}`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${attacker.token}` },
        body,
      });
      const json = (await res.json()) as { status: number };
      inFlight--;
      return json.status;
    });
    const health: number[] = [];
    const status: number[] = [];
    while (inFlight > 0) {
      let at = performance.now();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      health.push(performance.now() - at);
      at = performance.now();
      const res = await statusCall();
      expect(((await res.json()) as { status: number }).status).toBe(0);
      status.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 20));
    }
    const statuses = await Promise.all(uploads);
    // the bombs and the names refused as too complex; the images and the 49-megapixel PNG stored
    expect(statuses.filter((s) => s === ErrorCode.UPLOAD_PROCESSING_LIMIT)).toHaveLength(4);
    expect(health.length, 'the uploads took a while: sampled many times').toBeGreaterThan(10);
    expect(Math.max(...health)).toBeLessThan(1500);
    expect(Math.max(...status)).toBeLessThan(1500);
  });
});
