// The address step (issue #6 step 1) on the generic step call, its proof uploads (images or one
// PDF e-statement) and GET /app/area/query.
import { deflateSync } from 'node:zlib';
import { ErrorCode, hongKongToday, translateError } from '@hk/domain';
import { AreaQueryResponseSchema } from '@hk/domain/flow/area-contracts';
import { MAINLAND_AREAS } from '@hk/domain/flow/mainland-areas';
import { earliestProofDate } from '@hk/domain/steps/account-type/account-rules';
import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationEvents, applicationSteps, applications, documents } from '../src/db/schema';
import {
  createLoggedInUser,
  getFile,
  hkIdNumber,
  images,
  post,
  prepareIdStep,
  signedQuery,
  type TestUser,
  upload,
} from './application-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();
type Lang = 'zh-CN' | 'zh-HK' | 'en';

/** The generic step call with a JSON body, as the step screens send it; never a 5xx. */
async function saveStep(t: TestApp, user: TestUser, body: Record<string, unknown>, lang: Lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v9/OpenAccountHk/step/address',
    headers: {
      authorization: `Bearer ${user.token}`,
      'accept-language': lang,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return { res, json: res.json() };
}

async function stepInfo(t: TestApp, user: TestUser) {
  return (await post(t, '/v9/OpenAccountHk/step_info/address', {}, { token: user.token })).json.data;
}

/** A logged-in applicant whose ID step is confirmed (HKID). */
async function applicant(t: TestApp): Promise<TestUser> {
  const user = await createLoggedInUser(t);
  await prepareIdStep(t, user, { id_location: 'HK' });
  const res = await post(
    t,
    '/v9/OpenAccountHk/id_info',
    {
      id_type: 'hk_id',
      id_location: 'HK',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      name_matches_bank: '1',
      gender: 'M',
      birth_date: '1988-02-29',
      id_number: hkIdNumber('D', String(100000 + Math.floor(Math.random() * 899999))),
    },
    { token: user.token },
  );
  expect(res.json.status).toBe(0);
  return user;
}

/** The address step's row, the application's events and documents: what a refusal leaves as it was. */
async function snapshot(t: TestApp, user: TestUser) {
  const { db } = t.app.ctx;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const [row] = await db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'address')));
  // a refused file is on record as `upload_refused` (it spends the upload budget): counted apart
  const [events] = await db
    .select({ n: count() })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, app!.id), ne(applicationEvents.type, 'upload_refused')));
  const [refusedFiles] = await db
    .select({ n: count() })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, app!.id), eq(applicationEvents.type, 'upload_refused')));
  const [docs] = await db.select({ n: count() }).from(documents).where(eq(documents.applicationId, app!.id));
  return { row: row ?? null, events: events!.n, documents: docs!.n, refusedFiles: refusedFiles!.n };
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

function answersOn(t: TestApp) {
  const today = hongKongToday(t.clock.now);
  return {
    region: 'CN',
    province_code: '440000',
    city_code: '440300',
    county_code: '440305',
    detail: '科技园南区 1 栋 1201',
    postal_code: '518057',
    correspondence_same: true,
    proof_type: 'bank_record',
    proof_issued_on: daysBefore(today, 10),
    proof_confirmed: true,
  };
}

// ---- PDFs, written here (no binary fixtures): a statement, and the kinds that are refused ----

function pdf(objects: string[], trailer = '/Root 1 0 R'): Buffer {
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${body}trailer\n<< ${trailer} >>\n%%EOF\n`, 'latin1');
}
const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>';
/** A page whose text uses a font resource named /JS: page content is data, not an action. */
const CONTENT = (() => {
  const text = 'BT /JS 12 Tf 72 720 Td (Statement of account) Tj ET';
  return `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
})();
const pdfs = {
  statement: () => pdf([CATALOG, PAGES, PAGE, CONTENT]),
  javascript: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
      PAGES,
      PAGE,
      CONTENT,
    ]),
  escapedName: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      PAGES,
      PAGE,
      CONTENT,
      '<< /S /J#61vaScript >>',
    ]),
  embeddedFile: () =>
    pdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >> >>',
      PAGES,
      PAGE,
      CONTENT,
      '<< /Type /Filespec /F (a.exe) >>',
    ]),
  /** The action hidden in a compressed object stream (PDF 1.5), where a plain byte scan misses it. */
  inObjectStream: () => {
    const packed = deflateSync(Buffer.from('6 0 << /S /Launch /F (cmd.exe) >>'));
    return Buffer.concat([
      pdf([CATALOG, PAGES, PAGE, CONTENT]).subarray(0, -6), // without the trailing %%EOF
      Buffer.from(
        `5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
        'latin1',
      ),
      packed,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
  },
  encrypted: () => pdf([CATALOG, PAGES, PAGE, CONTENT], '/Root 1 0 R /Encrypt 5 0 R'),
  truncated: () => pdf([CATALOG, PAGES, PAGE, CONTENT]).subarray(0, 120),
};

describe.each(DB_KINDS)('the address step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('a mainland address with a proof image is confirmed; the account type comes next', async () => {
    const user = await applicant(t);
    expect((await upload(t, user.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
    const answers = answersOn(t);
    const { json } = await saveStep(t, user, { confirm: true, answers });
    expect(json).toMatchObject({
      status: 0,
      // the ID stage is done: the person is in the account type's stage (decision 011, spec §2 'up to 30')
      data: { step: 'address', confirmed: true, info_progress: 30, next_step: 'account_type', reopened: [] },
    });
    const info = await stepInfo(t, user);
    expect(info.answers).toEqual(answers);
    expect(info.documents).toHaveLength(1);
    expect(info.confirmed_at).not.toBeNull();
  });

  run('the earlier steps first: without the ID step confirmed, 2005', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    await upload(t, user.token, 'address_proof', await images.jpeg());
    const { json } = await saveStep(t, user, { confirm: true, answers: answersOn(t) });
    expect(json.status).toBe(ErrorCode.STEP_NOT_READY);
  });

  run('each bad input is refused at its field, in the language asked, and nothing is written', async () => {
    const user = await applicant(t);
    const good = answersOn(t);
    const tooOld = daysBefore(earliestProofDate(hongKongToday(t.clock.now)), 1);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['empty area code', { county_code: '' }, 'area', 'address_area_required'],
      ['unknown code', { county_code: '440399' }, 'area', 'address_area_invalid'],
      ['code not under its city', { county_code: '440106' }, 'area', 'address_area_invalid'],
      ['detail over 200', { detail: '路'.repeat(201) }, 'detail', 'address_detail_required_or_long'],
      ['postal not 6 digits', { postal_code: '51805' }, 'postal_code', 'address_postal_invalid'],
      ['postal with a letter', { postal_code: '51805X' }, 'postal_code', 'address_postal_invalid'],
      [
        'a district that is not one of the 18',
        { region: 'HK', district: 'mong_kok' },
        'district',
        'address_district_required',
      ],
      ['proof older than 3 months', { proof_issued_on: tooOld }, 'proof_issued_on', 'address_proof_too_old'],
      [
        'proof dated tomorrow',
        { proof_issued_on: daysBefore(good.proof_issued_on, -11) },
        'proof_issued_on',
        'address_proof_in_future',
      ],
      ['not one of the six kinds', { proof_type: 'passport' }, 'proof_type', 'address_proof_type_required'],
      [
        'not confirmed machine-printed',
        { proof_confirmed: false },
        'proof_confirmed',
        'address_proof_confirmation_required',
      ],
      [
        'correspondence elsewhere, left empty',
        { correspondence_same: false },
        'corr_region',
        'address_region_required',
      ],
    ];
    // no proof uploaded: the files are the last thing checked
    const noProof = await saveStep(t, user, { confirm: true, answers: good }, 'zh-HK');
    expect(noProof.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(noProof.json.data.fields).toEqual({
      address_proof: translateError('zh-HK', 'address_proof_file_required'),
    });
    await upload(t, user.token, 'address_proof', await images.jpeg());
    const before = await snapshot(t, user);
    for (const lang of ['zh-HK', 'en'] as const)
      for (const [label, change, field, key] of cases) {
        const { json } = await saveStep(t, user, { confirm: true, answers: { ...good, ...change } }, lang);
        expect(json.status, label).toBe(ErrorCode.VALIDATION_FAILED);
        const expected =
          key === 'address_detail_required_or_long'
            ? translateError(lang, 'address_detail_too_long')
            : translateError(lang, key);
        expect(json.data.fields[field], label).toBe(expected);
        expect(json.info, label).toBe(expected);
      }
    // spec §5 order: area empty, then address empty, then postal invalid
    const three = await saveStep(t, user, {
      confirm: true,
      answers: { ...good, county_code: '', detail: '  ', postal_code: '1' },
    });
    expect(Object.keys(three.json.data.fields)).toEqual(['area', 'detail', 'postal_code']);
    expect(three.json.info).toBe(translateError('en', 'address_area_required'));
    // a draft is parsed too: a detail over 200 is refused there as well
    const draft = await saveStep(t, user, { answers: { detail: '路'.repeat(201) } });
    expect(draft.json.data.fields.detail).toBe(translateError('en', 'address_detail_too_long'));
    expect(await snapshot(t, user)).toEqual(before);
    // the upload made the row (its documents changed); no refused save added answers to it
    expect(before.row).toMatchObject({ version: 1, answers: {}, confirmedAt: null });
  });

  run('proof files: a 4th image is 3006; images and a PDF never together; one PDF is a proof', async () => {
    const user = await applicant(t);
    for (let i = 0; i < 3; i++)
      expect((await upload(t, user.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
    const fourth = await upload(t, user.token, 'address_proof', await images.jpeg(), { lang: 'en' });
    expect(fourth.json.status).toBe(ErrorCode.UPLOAD_COUNT_EXCEEDED);
    const pdfBesideImages = await upload(t, user.token, 'address_proof', pdfs.statement(), {
      filename: 'statement.pdf',
    });
    expect(pdfBesideImages.json.status).toBe(ErrorCode.UPLOAD_COUNT_EXCEEDED);

    const other = await applicant(t);
    const statement = await upload(t, other.token, 'address_proof', pdfs.statement(), {
      filename: 'statement.pdf',
      lang: 'en',
    });
    // stored as the server re-serialised it (decision 009), so its size is its own
    expect(statement.json).toMatchObject({
      status: 0,
      data: { kind: 'address_proof', mime: 'application/pdf', size: expect.any(Number) },
    });
    const before = await snapshot(t, other);
    const imageBesidePdf = await upload(t, other.token, 'address_proof', await images.jpeg(), { lang: 'en' });
    expect(imageBesidePdf.json.status).toBe(ErrorCode.UPLOAD_COUNT_EXCEEDED);
    expect(imageBesidePdf.json.info).toBe(translateError('en', 'address_proof_too_many'));
    const secondPdf = await upload(t, other.token, 'address_proof', pdfs.statement(), { filename: 'b.pdf' });
    expect(secondPdf.json.status).toBe(ErrorCode.UPLOAD_COUNT_EXCEEDED);
    expect(await snapshot(t, other)).toEqual(before);
    // the PDF alone is the proof
    const { json } = await saveStep(t, other, { confirm: true, answers: answersOn(t) });
    expect(json.status).toBe(0);
    expect(json.data.confirmed).toBe(true);
  });

  run('a PDF is read back only as a download, sealed at rest; images are still shown inline', async () => {
    const user = await applicant(t);
    const bytes = pdfs.statement();
    const up = await upload(t, user.token, 'address_proof', bytes, { filename: 'statement.pdf' });
    const file = await getFile(t, user.token, up.json.data.document_id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="address_proof.pdf"');
    expect(String(file.headers['content-disposition'])).not.toMatch(/inline/);
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // the server's re-serialisation of what it checked: the same page, a fresh cross-reference table
    expect(file.rawPayload.length).toBe(up.json.data.size);
    const served = file.rawPayload.toString('latin1');
    expect(served.startsWith('%PDF-1.7')).toBe(true);
    expect(served).toContain('BT /JS 12 Tf 72 720 Td (Statement of account) Tj ET');
    expect(served).toMatch(/\nxref\n0 5\n/);
    // sealed: the stored bytes are not the PDF
    const stored = JSON.stringify(
      await t.app.ctx.db.execute((await import('drizzle-orm')).sql`select * from file_blobs`),
    );
    expect(stored).not.toContain('Statement of account');

    const photo = await applicant(t);
    const image = await upload(t, photo.token, 'address_proof', await images.png());
    const shown = await getFile(t, photo.token, image.json.data.document_id);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['content-disposition']).toBe('inline');
  });

  run(
    'a PDF is decided by its content, for the address proof only; scripts, attachments and passwords are refused',
    async () => {
      const user = await applicant(t);
      const before = await snapshot(t, user);
      const refused: [string, Buffer, string, number, string | null][] = [
        [
          'a PDF as an ID photo',
          pdfs.statement(),
          'id_front',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'code_upload_type_refused',
        ],
        [
          'text named .pdf (no %PDF- magic)',
          Buffer.from('Statement of account\n%%EOF\n'),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_file_type',
        ],
        [
          'a header without a version',
          Buffer.from('%PDF-x\n%%EOF\n'),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_file_type',
        ],
        [
          'a script run on opening',
          pdfs.javascript(),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_pdf_active_content',
        ],
        [
          'a script under an escaped name',
          pdfs.escapedName(),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_pdf_active_content',
        ],
        [
          'an attached file',
          pdfs.embeddedFile(),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_pdf_active_content',
        ],
        [
          'a launch action in a compressed object stream',
          pdfs.inObjectStream(),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_pdf_active_content',
        ],
        [
          'a password-protected PDF',
          pdfs.encrypted(),
          'address_proof',
          ErrorCode.UPLOAD_TYPE_REFUSED,
          'address_proof_pdf_encrypted',
        ],
        [
          'a truncated PDF',
          pdfs.truncated(),
          'address_proof',
          ErrorCode.UPLOAD_UNREADABLE,
          'address_proof_pdf_unreadable',
        ],
      ];
      for (const lang of ['zh-CN', 'en'] as const)
        for (const [label, bytes, kind, status, key] of refused) {
          const { res, json } = await upload(t, user.token, kind, bytes, { filename: 'statement.pdf', lang });
          expect(res.statusCode, label).toBe(200);
          expect(json.status, label).toBe(status);
          if (key) expect(json.info, label).toBe(translateError(lang, key));
        }
      // nothing written but the record of each refused file
      expect(await snapshot(t, user)).toEqual({
        ...before,
        refusedFiles: before.refusedFiles + refused.length * 2,
      });
      // the statement's font named /JS is page content, not an action
      expect((await upload(t, user.token, 'address_proof', pdfs.statement())).json.status).toBe(0);
    },
  );

  run('another user’s proof and step are out of reach', async () => {
    const alice = await applicant(t);
    const mallory = await applicant(t);
    const doc = (await upload(t, alice.token, 'address_proof', pdfs.statement())).json.data.document_id;
    expect((await saveStep(t, alice, { confirm: true, answers: answersOn(t) })).json.status).toBe(0);
    const aliceBefore = await snapshot(t, alice);

    const read = await getFile(t, mallory.token, doc);
    expect(read.json().status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
    const del = await post(t, '/v9/OpenAccountHk/del_file', { document_id: doc }, { token: mallory.token });
    expect(del.json.status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
    // mallory's own step: nothing of alice's shows, and her save (no proof of her own) is refused
    const info = await stepInfo(t, mallory);
    expect(info).toMatchObject({ version: 0, answers: {}, documents: [] });
    const save = await saveStep(t, mallory, { confirm: true, answers: answersOn(t) });
    expect(save.json.data.fields.address_proof).toBe(translateError('en', 'address_proof_file_required'));
    // a document id of someone else's in the body changes nothing (the step is always the caller's)
    await saveStep(t, mallory, { answers: { region: 'HK', document_id: doc } });
    expect(await snapshot(t, alice)).toEqual(aliceBefore);
    const noSession = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${doc}?${signedQuery(t, '')}`,
    });
    expect(noSession.json().status).toBe(ErrorCode.SESSION_INVALID);
  });

  run('a stale step_version is refused (2007) and overwrites nothing', async () => {
    const user = await applicant(t);
    await upload(t, user.token, 'address_proof', await images.jpeg());
    const version = (await stepInfo(t, user)).version;
    const first = await saveStep(t, user, {
      answers: { region: 'HK', district: 'wan_chai' },
      step_version: version,
    });
    expect(first.json.status).toBe(0);
    const before = await snapshot(t, user);
    const stale = await saveStep(t, user, { confirm: true, answers: answersOn(t), step_version: version });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshot(t, user)).toEqual(before);
    expect((await stepInfo(t, user)).answers).toEqual({ region: 'HK', district: 'wan_chai' });
  });

  run('a confirmed address is reopened by a proof deleted or added, and confirmed again', async () => {
    const user = await applicant(t);
    const doc = (await upload(t, user.token, 'address_proof', await images.jpeg())).json.data.document_id;
    expect((await saveStep(t, user, { confirm: true, answers: answersOn(t) })).json.status).toBe(0);
    await post(t, '/v9/OpenAccountHk/del_file', { document_id: doc }, { token: user.token });
    const info = await stepInfo(t, user);
    expect(info.confirmed_at).toBeNull();
    expect(info.reopened_reason).toBe('documents_changed');
    await upload(t, user.token, 'address_proof', pdfs.statement());
    expect((await saveStep(t, user, { confirm: true, answers: answersOn(t) })).json.data.confirmed).toBe(
      true,
    );
  });
});

describe.each(DB_KINDS)('GET /app/area/query (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('answers the mainland lists to anyone, with long cache headers and an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/area/query' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(z.safeParse(AreaQueryResponseSchema, json).success).toBe(true);
    expect(json.data).toEqual(MAINLAND_AREAS);
    expect(json.data.county_list['440305']).toBe('南山区');
    expect(json.data.province_list['810000']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=86400');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/app/area/query',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await t.app.inject({
      method: 'GET',
      url: '/app/area/query',
      headers: { 'if-none-match': '"x"' },
    });
    expect(changed.statusCode).toBe(200);
    // the common parameters a client adds are ignored, never refused
    const withParams = await t.app.inject({ method: 'GET', url: `/app/area/query?${signedQuery(t, '')}` });
    expect(withParams.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/app/area/query' });
    expect(post.statusCode).toBeLessThan(500);
  });
});
