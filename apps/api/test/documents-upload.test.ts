import { ErrorCode, translateError } from '@hk/domain';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { documents, fileBlobs } from '../src/db/schema';
import {
  applicationRow,
  cnIdNumber,
  countRows,
  createLoggedInUser,
  getFile,
  images,
  multipartBody,
  post,
  prepareIdStep,
  signedQuery,
  storedFiles,
  type TestUser,
  upload,
} from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('ID photos: upload, read back, delete (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  async function readyUser(): Promise<TestUser> {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    return user;
  }

  async function expectNothingWritten(before: { documents: number; files: string[] }) {
    expect((await countRows(t)).documents).toBe(before.documents);
    expect((await storedFiles(t)).sort()).toEqual(before.files.sort());
  }
  async function snapshot() {
    return { documents: (await countRows(t)).documents, files: await storedFiles(t) };
  }

  run('refuses without a session (1001) and writes nothing', async () => {
    const before = await snapshot();
    const none = await upload(t, undefined, 'id_front', await images.jpeg());
    expect(none.json.status).toBe(ErrorCode.SESSION_INVALID);
    const random = await upload(t, 'y'.repeat(43), 'id_front', await images.jpeg());
    expect(random.json.status).toBe(ErrorCode.SESSION_INVALID);
    await expectNothingWritten(before);
  });

  run('needs an application (2001) and then an ID location (2005)', async () => {
    const user = await createLoggedInUser(t);
    const before = await snapshot();
    const noApp = await upload(t, user.token, 'id_front', await images.jpeg());
    expect(noApp.json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    const noLocation = await upload(t, user.token, 'id_front', await images.jpeg());
    expect(noLocation.json.status).toBe(ErrorCode.STEP_NOT_READY);
    expect(noLocation.res.statusCode).toBe(200);
    await expectNothingWritten(before);
  });

  run(
    'stores JPEG, PNG and WebP as a re-encoded JPEG, encrypted at rest, readable by the owner',
    async () => {
      const user = await readyUser();
      for (const [name, make] of [
        ['jpeg', images.jpeg],
        ['png', images.png],
        ['webp', images.webp],
      ] as const) {
        const input = await make();
        const { res, json } = await upload(t, user.token, 'id_front', input, { filename: `front.${name}` });
        expect(res.statusCode, name).toBe(200);
        expect(json, name).toMatchObject({ status: 0, data: { kind: 'id_front', mime: 'image/jpeg' } });
        const [row] = await t.app.ctx.db
          .select()
          .from(documents)
          .where(eq(documents.id, json.data.document_id));
        expect(row!.storageKey).toMatch(/^[0-9a-f]{32}$/);
        const [blob] = await t.app.ctx.db
          .select()
          .from(fileBlobs)
          .where(eq(fileBlobs.storageKey, row!.storageKey));
        const onDisk = blob!.data;
        // encrypted: neither the JPEG magic bytes nor the plain image anywhere in the stored bytes
        expect(onDisk.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
        expect(onDisk.includes(Buffer.from('JFIF'))).toBe(false);

        const file = await getFile(t, user.token, json.data.document_id);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
        expect(file.headers['cache-control']).toBe('no-store');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-disposition']).toBe('inline');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.width, meta.height]).toEqual([json.data.width, json.data.height]);
      }
      // each new front replaced the previous one: one active row, one file per active row
      const active = await t.app.ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, user.userId), isNull(documents.deletedAt)));
      expect(active).toHaveLength(1);
      const all = await t.app.ctx.db.select().from(documents).where(eq(documents.userId, user.userId));
      expect(all).toHaveLength(3);
      const keys = await storedFiles(t);
      for (const row of all)
        expect(keys.includes(row.storageKey), row.storageKey).toBe(row.deletedAt === null);
    },
  );

  run('strips EXIF (GPS, camera) and caps the size at 2000 px', async () => {
    const user = await readyUser();
    const withGps = await images.jpegWithGps();
    const inputMeta = await sharp(withGps).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('TestCam'); // the fixture really has EXIF
    const { json } = await upload(t, user.token, 'id_back', withGps);
    expect(json.status).toBe(0);
    const file = await getFile(t, user.token, json.data.document_id);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);

    const big = await upload(t, user.token, 'id_back', await images.jpeg(3000, 1500));
    expect(big.json.data).toMatchObject({ width: 2000, height: 1000 });
  });

  run(
    'refuses a PDF, text and a GIF disguised as .jpg (3001), in each language, writing nothing',
    async () => {
      const user = await readyUser();
      const before = await snapshot();
      for (const make of [images.pdf, images.text, images.gif]) {
        for (const lang of ['zh-CN', 'en'] as const) {
          const { res, json } = await upload(t, user.token, 'id_front', await make(), {
            filename: 'id.jpg',
            lang,
          });
          expect(res.statusCode).toBe(200);
          expect(json.status).toBe(ErrorCode.UPLOAD_TYPE_REFUSED);
          expect(json.info).toBe(translateError(lang, 'code_upload_type_refused'));
        }
      }
      await expectNothingWritten(before);
    },
  );

  run('refuses 7 MB (3002), no file (3004), an undecodable image (3005), a bad kind (field)', async () => {
    const user = await readyUser();
    const before = await snapshot();
    const huge = Buffer.concat([await images.jpeg(), Buffer.alloc(7 * 1024 * 1024, 1)]);
    const tooBig = await upload(t, user.token, 'id_front', huge);
    expect(tooBig.res.statusCode).toBeLessThan(500);
    expect(tooBig.json.status).toBe(ErrorCode.UPLOAD_TOO_LARGE);

    const noFile = await upload(t, user.token, 'id_front', undefined);
    expect(noFile.json.status).toBe(ErrorCode.UPLOAD_FILE_MISSING);
    const emptyFile = await upload(t, user.token, 'id_front', Buffer.alloc(0));
    expect(emptyFile.json.status).toBe(ErrorCode.UPLOAD_FILE_MISSING);
    const notMultipart = await post(
      t,
      '/v9/OpenAccountHk/upload',
      { kind: 'id_front' },
      { token: user.token },
    );
    expect(notMultipart.json.status).toBe(ErrorCode.UPLOAD_FILE_MISSING);

    // two files, an oversize field, a truncated body: envelopes, never a 5xx
    const jpeg = await images.jpeg();
    const odd = [
      multipartBody([
        { name: 'kind', value: 'id_front' },
        { name: 'file', value: jpeg, filename: 'a.jpg' },
        { name: 'file', value: jpeg, filename: 'b.jpg' },
      ]),
      multipartBody([
        { name: 'kind', value: 'x'.repeat(5000) },
        { name: 'file', value: jpeg, filename: 'a.jpg' },
      ]),
    ];
    const truncated = multipartBody([
      { name: 'kind', value: 'id_front' },
      { name: 'file', value: jpeg, filename: 'a.jpg' },
    ]);
    odd.push({ body: truncated.body.subarray(0, 400), contentType: truncated.contentType });
    for (const { body, contentType } of odd) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v9/OpenAccountHk/upload?${signedQuery(t, user.token)}`,
        headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
        payload: body,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().status).not.toBe(0);
    }

    const broken = await upload(t, user.token, 'id_front', images.brokenJpeg());
    expect(broken.json.status).toBe(ErrorCode.UPLOAD_UNREADABLE);

    for (const lang of ['zh-CN', 'en'] as const) {
      for (const kind of ['passport_photo', undefined]) {
        const badKind = await upload(t, user.token, kind, await images.jpeg(), { lang });
        expect(badKind.json.status).toBe(ErrorCode.VALIDATION_FAILED);
        expect(badKind.json.data.fields.kind).toBe(translateError(lang, 'document_kind_invalid'));
      }
    }
    await expectNothingWritten(before);
  });

  run("another user's document, a deleted one and an unknown id all answer 3003", async () => {
    const owner = await readyUser();
    const other = await readyUser();
    const { json } = await upload(t, owner.token, 'id_front', await images.jpeg());
    const id = json.data.document_id as string;

    const stolen = await getFile(t, other.token, id);
    expect(stolen.statusCode).toBe(200);
    expect(stolen.headers['content-type']).toContain('application/json');
    expect(stolen.json().status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
    const unknown = await getFile(t, owner.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual(stolen.json());
    const anonymous = await getFile(t, undefined, id);
    expect(anonymous.json().status).toBe(ErrorCode.SESSION_INVALID);
    const badId = await getFile(t, owner.token, 'not-a-uuid');
    expect(badId.json().status).toBe(ErrorCode.VALIDATION_FAILED);

    const before = await snapshot();
    const delOther = await post(t, '/v9/OpenAccountHk/del_file', { document_id: id }, { token: other.token });
    expect(delOther.json.status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
    await expectNothingWritten(before);
    expect((await getFile(t, owner.token, id)).statusCode).toBe(200);

    const del = await post(t, '/v9/OpenAccountHk/del_file', { document_id: id }, { token: owner.token });
    expect(del.json).toEqual({ status: 0, data: { document_id: id }, info: 'ok' });
    expect(await storedFiles(t)).toHaveLength(before.files.length - 1);
    const gone = await getFile(t, owner.token, id);
    expect(gone.json().status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
    const again = await post(t, '/v9/OpenAccountHk/del_file', { document_id: id }, { token: owner.token });
    expect(again.json.status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);

    for (const lang of ['zh-CN', 'en'] as const) {
      const bad = await post(
        t,
        '/v9/OpenAccountHk/del_file',
        { document_id: 'x' },
        { token: owner.token, lang },
      );
      expect(bad.json.data.fields.document_id).toBe(translateError(lang, 'document_id_invalid'));
    }
  });

  run('replacing or deleting a photo after confirmation un-confirms the ID step', async () => {
    const user = await createLoggedInUser(t);
    const docs = await prepareIdStep(t, user, { id_location: 'CN' });
    const confirm = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      {
        id_type: 'cn_id',
        id_location: 'CN',
        chinese_name: '张三',
        english_surname: 'zhang',
        english_given_name: 'san',
        name_matches_bank: '1',
        id_number: cnIdNumber('1990-05-17', 'M'),
        gender: 'M',
        birth_date: '1990-05-17',
      },
      { token: user.token },
    );
    expect(confirm.json.status).toBe(0);
    expect((await applicationRow(t, user.userId))!.idConfirmedAt).not.toBeNull();

    const replaced = await upload(t, user.token, 'id_front', await images.webp());
    expect(replaced.json.status).toBe(0);
    let row = await applicationRow(t, user.userId);
    expect(row!.idConfirmedAt).toBeNull();
    expect(row!.stagesDone).not.toContain('id');
    expect(row!.infoProgress).toBe(0);
    expect(row!.idNumberMasked).not.toBeNull(); // details kept: only a re-check is needed
    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(status.json.data).toMatchObject({ info_progress: 10, stages_done: [], progress: 'opening' });

    // re-confirm with the stored number (id_number left empty)
    const reconfirm = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      {
        id_type: 'cn_id',
        id_location: 'CN',
        chinese_name: '张三',
        english_surname: 'ZHANG',
        english_given_name: 'SAN',
        name_matches_bank: 'true',
        gender: 'M',
        birth_date: '1990-05-17',
      },
      { token: user.token },
    );
    expect(reconfirm.json).toMatchObject({ status: 0, data: { info_progress: 10 } });

    const del = await post(
      t,
      '/v9/OpenAccountHk/del_file',
      { document_id: docs.back },
      { token: user.token },
    );
    expect(del.json.status).toBe(0);
    row = await applicationRow(t, user.userId);
    expect(row!.idConfirmedAt).toBeNull();
    expect(row!.stagesDone).not.toContain('id');
  });
});
