import { ApplicationStatus, computeSign, ErrorCode, maskMobile, translateError } from '@hk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applications } from '../src/db/schema';
import {
  applicationRow,
  countRows,
  createLoggedInUser,
  hkIdNumber,
  post,
  prepareIdStep,
} from './application-helpers';
import { DB_KINDS, findPostgres, TEST_SIGN_SECRET, useTestApp } from './helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('account initialisation, status and info (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('answers 1001 without a session or with a random token, on every route', async () => {
    const routes = [
      '/V9/OpenAccountHk/loginCreate',
      '/v9/OpenAccountHk/status',
      '/v9/OpenAccountHk/info',
      '/v9/OpenAccountHk/id_location',
      '/v9/OpenAccountHk/id_info',
      '/v9/OpenAccountHk/del_file',
    ];
    for (const url of routes) {
      const anonymous = await post(t, url, { type: 'HKMargin', id_location: 'HK' });
      expect(anonymous.res.statusCode, url).toBe(200);
      expect(anonymous.json.status, url).toBe(ErrorCode.SESSION_INVALID);
      const random = await post(t, url, { type: 'HKMargin' }, { token: 'x'.repeat(43) });
      expect(random.json.status, url).toBe(ErrorCode.SESSION_INVALID);
    }
    expect((await countRows(t)).applications).toBe(0);
  });

  run('answers 1001 for an expired session', async () => {
    const user = await createLoggedInUser(t);
    t.clock.advance(86400 + 1);
    const { json } = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(json.status).toBe(ErrorCode.SESSION_INVALID);
  });

  run('status of a user without an application: registered, 0 %, no-store', async () => {
    const user = await createLoggedInUser(t, '91234567');
    const { res, json } = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json).toMatchObject({
      status: 0,
      data: {
        suid: user.userId,
        is_marketing: 0,
        is_show_open_cs_qrcode: 0,
        status: 0,
        bank_type: 0,
        bank_audit: 0,
        info_progress: 0,
        progress: 'registered',
        stages_done: [],
        mobile_masked: maskMobile('91234567'),
      },
    });
    expect(JSON.stringify(json)).not.toContain('91234567');
  });

  run('info without an application answers 2001', async () => {
    const user = await createLoggedInUser(t);
    const { json } = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    expect(json.info).toBe(translateError('zh-CN', 'code_application_not_found'));
  });

  run('loginCreate creates one application per user, idempotently, with the source', async () => {
    const user = await createLoggedInUser(t);
    const first = await post(
      t,
      '/V9/OpenAccountHk/loginCreate',
      { type: ['HKMargin', 'USMargin'], source: 'partner-x' },
      { token: user.token },
    );
    expect(first.json).toMatchObject({ status: 0, data: { created: true } });
    const again = await post(
      t,
      '/V9/OpenAccountHk/loginCreate',
      { type: ['HKMargin'] },
      { token: user.token },
    );
    expect(again.json).toMatchObject({ status: 0, data: { created: false } });
    expect(again.json.data.application_id).toBe(first.json.data.application_id);
    const row = await applicationRow(t, user.userId);
    expect(row).toMatchObject({
      status: ApplicationStatus.FILLING,
      markets: ['HKMargin', 'USMargin'],
      source: 'partner-x',
    });
    const rows = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
    expect(rows).toHaveLength(1);

    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    // info_progress is the stage the person is in (decision 011): the ID, up to 10; nothing done yet
    expect(status.json.data).toMatchObject({
      status: 0,
      progress: 'opening',
      info_progress: 10,
      stages_done: [],
    });

    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(info.res.headers['cache-control']).toBe('no-store');
    expect(info.json).toMatchObject({
      status: 0,
      data: {
        account_type: { value: 'M' },
        is_future_account: { value: '0' },
        full_name: { value: '' },
        application: { status: 0, markets: ['HKMargin', 'USMargin'] },
        id_step: { id_location: null, documents: [], id_number_masked: null, confirmed_at: null },
      },
    });
  });

  run('loginCreate refuses an unknown or missing market at the field, in each language', async () => {
    const user = await createLoggedInUser(t);
    const before = await countRows(t);
    for (const lang of ['zh-CN', 'en'] as const) {
      for (const body of [{ type: 'Crypto' }, {}]) {
        const { res, json } = await post(t, '/V9/OpenAccountHk/loginCreate', body, {
          token: user.token,
          lang,
        });
        expect(res.statusCode).toBe(200);
        expect(json.status).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields.type).toBe(translateError(lang, 'account_market_invalid'));
      }
    }
    expect(await countRows(t)).toEqual(before);
  });

  run('id_location saves the location; OTHER needs a nationality', async () => {
    const user = await createLoggedInUser(t);
    const noApp = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'HK' },
      { token: user.token },
    );
    expect(noApp.json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);

    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
    for (const lang of ['zh-CN', 'en'] as const) {
      const missing = await post(t, '/v9/OpenAccountHk/id_location', {}, { token: user.token, lang });
      expect(missing.json.status).toBe(ErrorCode.VALIDATION_FAILED);
      expect(missing.json.data.fields.id_location).toBe(translateError(lang, 'id_location_required'));
      const bad = await post(
        t,
        '/v9/OpenAccountHk/id_location',
        { id_location: 'MARS' },
        { token: user.token, lang },
      );
      expect(bad.json.data.fields.id_location).toBe(translateError(lang, 'id_location_required'));
      for (const nationality of [undefined, 'XX']) {
        const other = await post(
          t,
          '/v9/OpenAccountHk/id_location',
          { id_location: 'OTHER', nationality },
          { token: user.token, lang },
        );
        expect(other.json.status).toBe(ErrorCode.VALIDATION_FAILED);
        expect(other.json.data.fields.nationality).toBe(translateError(lang, 'nationality_required'));
      }
    }
    expect((await applicationRow(t, user.userId))!.idLocation).toBeNull();

    const ok = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'OTHER', nationality: 'gb' },
      { token: user.token },
    );
    expect(ok.json).toEqual({ status: 0, data: { id_location: 'OTHER', version: 1 }, info: 'ok' });
    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(info.json.data.id_step).toMatchObject({ id_location: 'OTHER', nationality: 'GB' });
  });

  run('odd bodies (wrong types, nested objects, oversize) get an envelope, never a 5xx', async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    const routes = [
      '/V9/OpenAccountHk/loginCreate',
      '/v9/OpenAccountHk/status',
      '/v9/OpenAccountHk/info',
      '/v9/OpenAccountHk/id_location',
      '/v9/OpenAccountHk/id_info',
      '/v9/OpenAccountHk/del_file',
    ];
    const odd: unknown[] = [
      { type: { a: 1 }, id_location: ['HK', 'CN'], nationality: 7, document_id: { x: 1 } },
      { type: [1, 2], id_type: 5, english_surname: ['A'], birth_date: 19900101, name_matches_bank: {} },
      { id_number: 'A'.repeat(5000), chinese_name: '张'.repeat(500), gender: null },
      [1, 2, 3],
    ];
    for (const url of routes) {
      for (const body of odd) {
        const _t = String(t.clock.now.getTime());
        const res = await t.app.inject({
          method: 'POST',
          url: `${url}?_t=${_t}&_sign=${computeSign(user.token, _t, TEST_SIGN_SECRET)}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        expect(typeof res.json().status).toBe('number');
      }
      const big = await post(t, url, { filler: 'x'.repeat(70 * 1024) }, { token: user.token });
      expect(big.res.statusCode, url).toBe(413);
      expect(big.json.status, url).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    }
  });

  run('a submitted application is locked: 2002 on every change, status says submitted', async () => {
    const user = await createLoggedInUser(t);
    const docs = await prepareIdStep(t, user, { id_location: 'HK' });
    await t.app.ctx.db
      .update(applications)
      .set({ status: ApplicationStatus.SUBMITTED })
      .where(eq(applications.userId, user.userId));
    const before = await applicationRow(t, user.userId);
    const loc = await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'CN' }, { token: user.token });
    expect(loc.json.status).toBe(ErrorCode.APPLICATION_LOCKED);
    const del = await post(
      t,
      '/v9/OpenAccountHk/del_file',
      { document_id: docs.front },
      { token: user.token },
    );
    expect(del.json.status).toBe(ErrorCode.APPLICATION_LOCKED);
    const details = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      {
        id_type: 'hk_id',
        id_location: 'HK',
        english_surname: 'chan',
        english_given_name: 'tai man',
        name_matches_bank: '1',
        id_number: hkIdNumber('K', '765432'),
        gender: 'M',
        birth_date: '1990-01-01',
      },
      { token: user.token },
    );
    // submitted without an ID on file: a different ID than the one submitted → 2004
    expect(details.json.status).toBe(ErrorCode.MOBILE_USED_WITH_OTHER_ID);
    expect(await applicationRow(t, user.userId)).toEqual(before);
    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    expect(status.json.data).toMatchObject({ status: 1, progress: 'submitted' });
  });
});
