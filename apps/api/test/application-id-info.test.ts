import { ErrorCode, maskIdNumber, translateError } from '@hk/domain';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  applicationRow,
  cnIdNumber,
  countRows,
  createLoggedInUser,
  hkIdNumber,
  images,
  post,
  prepareIdStep,
  statusOf,
  submitIdentityOnly,
  type TestUser,
  upload,
} from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();

const HK_DETAILS = {
  id_type: 'hk_id',
  id_location: 'HK',
  english_surname: 'chan',
  english_given_name: ' tai  man ',
  name_matches_bank: '1',
  gender: 'M',
  birth_date: '1988-02-29',
};
const cnDetails = (birth = '1990-05-17', gender: 'M' | 'F' = 'F') => ({
  id_type: 'cn_id',
  id_location: 'CN',
  chinese_name: '李小红',
  english_surname: 'li',
  english_given_name: 'xiaohong',
  name_matches_bank: 'true',
  gender,
  birth_date: birth,
  id_number: cnIdNumber(birth, gender),
});

describe.each(DB_KINDS)('ID details: id_info (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl, (app) => {
    // a fixed day makes the age rule exact: 2026-06-15 12:00 in Hong Kong
    app.clock.now = new Date('2026-06-15T04:00:00Z');
  });

  const idInfo = (user: TestUser, body: Record<string, string | undefined>, lang?: 'zh-CN' | 'en') =>
    post(t, '/v9/OpenAccountHk/id_info', body, { token: user.token, ...(lang ? { lang } : {}) });

  run('needs an application (2001), a location (2005), then both photos (2006)', async () => {
    const user = await createLoggedInUser(t);
    const body = { ...HK_DETAILS, id_number: hkIdNumber() };
    expect((await idInfo(user, body)).json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    expect((await idInfo(user, body)).json.status).toBe(ErrorCode.STEP_NOT_READY);
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    expect((await idInfo(user, body)).json.status).toBe(ErrorCode.ID_IMAGES_MISSING);
    await upload(t, user.token, 'id_front', await images.jpeg());
    const oneSide = await idInfo(user, body, 'en');
    expect(oneSide.json.status).toBe(ErrorCode.ID_IMAGES_MISSING);
    expect(oneSide.json.info).toBe(translateError('en', 'code_id_images_missing'));
    const row = await applicationRow(t, user.userId);
    expect(row!.idNumberHash).toBeNull();
    expect(row!.stagesDone).toEqual([]);
  });

  run('HK: saves the details, encrypted number, masked in info, progress 10 and opening', async () => {
    const user = await createLoggedInUser(t);
    const docs = await prepareIdStep(t, user, { id_location: 'HK' });
    const number = hkIdNumber('Z', '683365');
    const { json } = await idInfo(user, {
      ...HK_DETAILS,
      id_number: `${number.slice(0, -1)}(${number.slice(-1)})`,
    });
    expect(json).toEqual({
      status: 0,
      data: { info_progress: 10, id_number_masked: maskIdNumber(number), version: expect.any(Number) },
      info: 'ok',
    });

    // the raw row: no clear number in any column
    const raw = await t.app.ctx.db.execute(sql`select * from applications where user_id = ${user.userId}`);
    const rawText = JSON.stringify((raw as { rows?: unknown }).rows ?? raw);
    expect(rawText).not.toContain(number);
    expect(rawText).not.toContain(number.slice(1, 7));
    const row = await applicationRow(t, user.userId);
    expect(row!.idNumberEnc).toMatch(/^v1\./);
    expect(t.app.ctx.vault.decrypt(row!.idNumberEnc!)).toBe(number);
    expect(row!.idNumberHash).toBe(t.app.ctx.vault.lookupHash(`hk_id:${number}`));

    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(JSON.stringify(info.json)).not.toContain(number);
    expect(info.json.data).toMatchObject({
      full_name: { value: 'CHAN TAI MAN' },
      first_name: { value: 'TAI MAN' },
      last_name: { value: 'CHAN' },
      id_step: {
        id_location: 'HK',
        id_type: 'hk_id',
        id_number_masked: maskIdNumber(number),
        english_surname: 'CHAN',
        english_given_name: 'TAI MAN',
        name_matches_bank: true,
        gender: 'M',
        birth_date: '1988-02-29',
      },
    });
    expect(info.json.data.id_step.confirmed_at).toBeTruthy();
    expect(
      info.json.data.id_step.documents.map((d: { document_id: string }) => d.document_id).sort(),
    ).toEqual([docs.front, docs.back].sort());

    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(status.json.data).toMatchObject({ info_progress: 10, progress: 'opening', stages_done: ['id'] });
  });

  run('CN: full_name is the Chinese name; birth date and gender must agree with the number', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'CN' });
    const good = cnDetails();
    for (const lang of ['zh-CN', 'en'] as const) {
      const wrongBirth = await idInfo(user, { ...good, birth_date: '1990-05-18' }, lang);
      expect(wrongBirth.json.status).toBe(ErrorCode.VALIDATION_FAILED);
      expect(wrongBirth.json.data.fields.id_number).toBe(translateError(lang, 'id_number_birth_mismatch'));
      expect(wrongBirth.json.info).toBe(translateError(lang, 'id_number_birth_mismatch'));
      const wrongGender = await idInfo(user, { ...good, gender: 'M' }, lang);
      expect(wrongGender.json.data.fields.id_number).toBe(translateError(lang, 'id_number_gender_mismatch'));
      const badCheck = await idInfo(
        user,
        { ...good, id_number: `${good.id_number.slice(0, 17)}${good.id_number.endsWith('0') ? '1' : '0'}` },
        lang,
      );
      expect(badCheck.json.data.fields.id_number).toBe(translateError(lang, 'id_number_checksum'));
      const noChinese = await idInfo(user, { ...good, chinese_name: '' }, lang);
      expect(noChinese.json.data.fields.chinese_name).toBe(translateError(lang, 'chinese_name_required'));
      const wrongType = await idInfo(user, { ...good, id_type: 'hk_id' }, lang);
      expect(wrongType.json.data.fields.id_type).toBe(translateError(lang, 'id_type_mismatch'));
      const wrongLocation = await idInfo(user, { ...HK_DETAILS, id_number: hkIdNumber() }, lang);
      expect(wrongLocation.json.data.fields.id_location).toBe(translateError(lang, 'id_location_mismatch'));
    }
    expect((await applicationRow(t, user.userId))!.idNumberHash).toBeNull();
    const ok = await idInfo(user, good);
    expect(ok.json.status).toBe(0);
    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(info.json.data.full_name.value).toBe('李小红');
  });

  run('every field error lands at its field, translated (zh-CN and en)', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ id_type: undefined }, 'id_type', 'id_type_required'],
      [{ english_surname: undefined }, 'english_surname', 'english_surname_required'],
      [{ english_surname: '  ' }, 'english_surname', 'english_surname_required'],
      [{ english_given_name: '' }, 'english_given_name', 'english_given_name_required'],
      [{ english_given_name: 'Tai1' }, 'english_given_name', 'english_name_invalid'],
      [{ chinese_name: 'abc' }, 'chinese_name', 'chinese_name_invalid'],
      [{ name_matches_bank: '0' }, 'name_matches_bank', 'name_matches_bank_required'],
      [{ name_matches_bank: undefined }, 'name_matches_bank', 'name_matches_bank_required'],
      [{ gender: 'X' }, 'gender', 'gender_required'],
      [{ birth_date: undefined }, 'birth_date', 'birth_date_required'],
      [{ birth_date: '1990-02-30' }, 'birth_date', 'birth_date_invalid'],
      [{ birth_date: '2030-01-01' }, 'birth_date', 'birth_date_invalid'],
      // under 18: the 18th birthday is tomorrow in Hong Kong
      [{ birth_date: '2008-06-16' }, 'birth_date', 'birth_date_too_young'],
      [{ id_number: undefined }, 'id_number', 'id_number_required'],
      [{ id_number: 'A1234' }, 'id_number', 'id_number_format'],
      [
        { id_number: `${hkIdNumber().slice(0, -1)}${hkIdNumber().endsWith('1') ? '2' : '1'}` },
        'id_number',
        'id_number_checksum',
      ],
    ];
    for (const lang of ['zh-CN', 'en'] as const) {
      for (const [patch, field, key] of cases) {
        const { res, json } = await idInfo(user, { ...HK_DETAILS, id_number: hkIdNumber(), ...patch }, lang);
        expect(res.statusCode, `${field} ${key}`).toBe(200);
        expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], `${field} ${key}`).toBe(translateError(lang, key));
      }
    }
    // exactly 18 today is accepted
    const adult = await idInfo(user, { ...HK_DETAILS, id_number: hkIdNumber(), birth_date: '2008-06-15' });
    expect(adult.json.status).toBe(0);
  });

  run('OTHER: passports by format', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'OTHER', nationality: 'GB' });
    const base = { ...HK_DETAILS, id_type: 'passport', id_location: 'OTHER' };
    for (const lang of ['zh-CN', 'en'] as const) {
      for (const bad of ['AB', 'ABCDEFGHI', '12345678901', 'AB_12345', 'ABC/1234']) {
        const { json } = await idInfo(user, { ...base, id_number: bad }, lang);
        expect(json.data?.fields.id_number, bad).toBe(translateError(lang, 'id_number_format'));
      }
    }
    const ok = await idInfo(user, { ...base, id_number: 'k1234567 ' });
    expect(ok.json).toMatchObject({ status: 0, data: { info_progress: 10 } });
    expect(t.app.ctx.vault.decrypt((await applicationRow(t, user.userId))!.idNumberEnc!)).toBe('K1234567');
  });

  run('an ID held by a submitted application answers 2003 and writes nothing', async () => {
    const first = await createLoggedInUser(t);
    await prepareIdStep(t, first, { id_location: 'CN' });
    const details = cnDetails('1985-11-02', 'M');
    expect((await idInfo(first, details)).json.status).toBe(0);
    expect(await statusOf(submitIdentityOnly(t, first))).toBe(0);

    const second = await createLoggedInUser(t);
    await prepareIdStep(t, second, { id_location: 'CN' });
    const before = await applicationRow(t, second.userId);
    const counts = await countRows(t);
    for (const lang of ['zh-CN', 'en'] as const) {
      const dup = await idInfo(second, { ...details, id_number: details.id_number.toLowerCase() }, lang);
      expect(dup.json.status).toBe(ErrorCode.ID_USED_BY_OTHER_MOBILE);
      expect(dup.json.info).toBe(translateError(lang, 'code_id_used_by_other_mobile'));
    }
    expect(await applicationRow(t, second.userId)).toEqual(before);
    expect(await countRows(t)).toEqual(counts);
  });

  run(
    "a stranger's draft with someone's ID locks nobody out; the submission settles a race (decision 007)",
    async () => {
      const stranger = await createLoggedInUser(t);
      const owner = await createLoggedInUser(t);
      await prepareIdStep(t, stranger, { id_location: 'HK' });
      await prepareIdStep(t, owner, { id_location: 'HK' });
      const body = { ...HK_DETAILS, id_number: hkIdNumber('C', '668668') };
      // both confirm the same number at once: drafts hold no number against anyone
      const results = await Promise.all([idInfo(stranger, body), idInfo(owner, body)]);
      expect(results.map((r) => r.json.status)).toEqual([0, 0]);
      for (const r of results) expect(r.res.statusCode).toBe(200);
      // both submit at once: one wins, the other is told the ID is used (2003) and stays a draft
      const outcomes = await Promise.all([
        statusOf(submitIdentityOnly(t, stranger)),
        statusOf(submitIdentityOnly(t, owner)),
      ]);
      expect([...outcomes].sort()).toEqual([0, ErrorCode.ID_USED_BY_OTHER_MOBILE]);
      const loser = outcomes[0] === 0 ? owner : stranger;
      expect((await applicationRow(t, loser.userId))!.status).toBe(0);
      expect((await idInfo(loser, body)).json.status).toBe(ErrorCode.ID_USED_BY_OTHER_MOBILE);
    },
  );

  run('an empty id_number keeps the stored one, whose rules are checked again', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'CN' });
    const details = cnDetails('1979-12-31', 'F');
    expect((await idInfo(user, details)).json.status).toBe(0);
    const stored = (await applicationRow(t, user.userId))!.idNumberHash;

    const mismatch = await idInfo(user, { ...details, id_number: '', birth_date: '1979-12-30' }, 'en');
    expect(mismatch.json.data.fields.id_number).toBe(translateError('en', 'id_number_birth_mismatch'));
    const renamed = await idInfo(user, { ...details, id_number: '', chinese_name: '李红' });
    expect(renamed.json).toMatchObject({ status: 0, data: { info_progress: 10 } });
    const row = await applicationRow(t, user.userId);
    expect(row!.idNumberHash).toBe(stored);
    expect(row!.chineseName).toBe('李红');
  });

  run('changing the location clears the confirmation and the ID number', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    expect((await idInfo(user, { ...HK_DETAILS, id_number: hkIdNumber('D', '112233') })).json.status).toBe(0);

    // the same location again changes nothing
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    expect((await applicationRow(t, user.userId))!.idConfirmedAt).not.toBeNull();

    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'CN' }, { token: user.token });
    const row = await applicationRow(t, user.userId);
    expect(row).toMatchObject({
      idLocation: 'CN',
      idConfirmedAt: null,
      idType: null,
      idNumberEnc: null,
      idNumberHash: null,
      idNumberMasked: null,
      stagesDone: [],
      infoProgress: 0,
      englishSurname: 'CHAN',
    });
    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(status.json.data).toMatchObject({ info_progress: 10, stages_done: [] });
    // the stored number is gone, so an empty id_number is now "required"
    const again = await idInfo(user, { ...cnDetails(), id_number: '' });
    expect(again.json.data.fields.id_number).toBe(translateError('zh-CN', 'id_number_required'));
    // and another user may now use the HKID that was released
    const other = await createLoggedInUser(t);
    await prepareIdStep(t, other, { id_location: 'HK' });
    expect((await idInfo(other, { ...HK_DETAILS, id_number: hkIdNumber('D', '112233') })).json.status).toBe(
      0,
    );
  });

  run('a malformed body gets an envelope, never a 5xx', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/id_info',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      payload: '{"id_type":',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().status).toBe('number');
    expect(res.json().status).not.toBe(0);
  });
});
