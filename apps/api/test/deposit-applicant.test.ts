// The applicant's side of the identity deposit (issue #15, docs/deposit.md) on PGlite and
// PostgreSQL: the reference code given once under a race, the receiving accounts and the minimum,
// the voucher through the upload pipeline, "I have paid" and taking it back, refusals by status
// and by state, and every answer checked against the contract the web client parses it with.

import { ErrorCode, translateError } from '@hk/domain';
import { RemittanceInfoResponseSchema } from '@hk/domain/deposit/contracts';
import { checkIsReferenceCode } from '@hk/domain/deposit/reference-code';
import { REMITTANCE_CHANGES_PER_HOUR } from '@hk/domain/deposit/remittance';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseBankUpdateUrl } from '../src/config';
import { applicationEvents, applications, documents, fxRates, remittances } from '../src/db/schema';
import { issueReferenceCode } from '../src/plugins/app/deposit/reference-code-repository';
import { type EventMeta, SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockApplication } from '../src/plugins/app/steps/step-repository';
import { changeApplicationStatus } from '../src/plugins/app/submissions/status-service';
import { createLoggedInUser, images, multipartBody, post, signedQuery } from './application-helpers';
import { type Applicant, saveStep } from './flow-step-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import { readHostile } from './hostile-files';
import { createStaff, submittedApplication } from './review-helpers';
import { ready, sign, submit } from './submit-helpers';

const pgUrl = await findPostgres();

const staffMeta: EventMeta = { ...SYSTEM_EVENT_META, actorType: 'staff', actorId: 'reviewer-1' };
const HK_ACCOUNT = { bank_code: '004', account_number: '123-456789-001', holder_name: 'Chan Tai Man' };
const operations: EventMeta = { ...SYSTEM_EVENT_META, actorType: 'operations', actorId: 'ops-1' };

describe.each(DB_KINDS)('identity deposit, the applicant (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  async function move(applicationId: string, action: 'approve' | 'confirm_deposit' | 'open') {
    await t.app.ctx.db.transaction(async (tx) => {
      const app = await lockApplication(tx, applicationId);
      await changeApplicationStatus(
        tx,
        app!,
        action,
        action === 'approve' ? staffMeta : operations,
        t.clock.now,
      );
    });
  }

  /**
   * An applicant who filled in every step (the bank step through its own call: a Hong Kong account
   * as the designated one), signed, submitted through the submit call, approved (status 2).
   */
  async function approved(): Promise<{ applicant: Applicant; applicationId: string }> {
    const applicant = await ready(t);
    const bank = await saveStep(t, applicant, 'bank', { confirm: true, answers: HK_ACCOUNT });
    expect(bank.json.status, JSON.stringify(bank.json)).toBe(0);
    await sign(t, applicant);
    const sent = await submit(t, applicant);
    expect(sent.json.status, JSON.stringify(sent.json)).toBe(0);
    const [app] = await t.app.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.userId, applicant.userId));
    await move(app!.id, 'approve');
    return { applicant, applicationId: app!.id };
  }

  const info = (user: { token: string }, lang: 'en' | 'zh-CN' | 'zh-HK' = 'en') =>
    post(t, '/v9/OpenAccountHk/remittance_info', {}, { token: user.token, lang });
  const finish = (user: { token: string }, version: number | string | undefined) =>
    post(
      t,
      '/v9/OpenAccountHk/finish_remittance',
      { remittance_version: version },
      { token: user.token, lang: 'en' },
    );
  const reset = (user: { token: string }, version: number) =>
    post(
      t,
      '/V9/OpenAccountHk/reset_status',
      { remittance_version: version },
      { token: user.token, lang: 'en' },
    );

  async function sendVoucher(user: { token: string }, file: Buffer | undefined, lang = 'en') {
    const { body, contentType } = multipartBody(
      file === undefined
        ? []
        : [{ name: 'file', value: file, filename: 'voucher.bin', contentType: 'application/octet-stream' }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/v9/OpenAccountHk/update_remittance?${signedQuery(t, user.token)}`,
      headers: {
        'content-type': contentType,
        authorization: `Bearer ${user.token}`,
        'accept-language': lang,
      },
      payload: body,
    });
    return { res, json: res.json() };
  }

  /** The answer, checked against the contract the web client parses with. */
  function parsed(json: unknown) {
    const r = z.safeParse(RemittanceInfoResponseSchema, json);
    expect(r.success, JSON.stringify(json)).toBe(true);
    return r.data!;
  }

  const remittanceOf = async (applicationId: string) =>
    (await t.app.ctx.db.select().from(remittances).where(eq(remittances.applicationId, applicationId)))[0];
  const eventsOf = (applicationId: string, type: string) =>
    t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.type, type)));

  test('remittance_info: receiving accounts in the language, the code, the minimum, the designated account masked', async () => {
    const { applicant, applicationId } = await approved();
    const res = await info(applicant, 'zh-HK');
    expect(res.res.statusCode).toBe(200);
    const data = parsed(res.json).data;
    expect(data.status).toBe(2);
    expect(checkIsReferenceCode(data.reference!)).toBe(true);
    expect(data.receiving_accounts.map((a) => [a.currency, a.bank_name, a.fps_id !== null])).toEqual([
      ['HKD', '香港上海滙豐銀行有限公司', true],
      ['USD', '中國銀行（香港）有限公司', false],
    ]);
    expect(data.minimum.hkd).toEqual({ currency: 'HKD', amount_minor: 1_000_000 });
    // no rate entered yet: no USD equivalent is made up
    expect(data.minimum.usd).toBeNull();
    expect(data.designated_account).not.toBeNull();
    expect(data.designated_account).toEqual({
      bank_name: '香港上海滙豐銀行有限公司',
      number_masked: expect.stringMatching(/\*/),
      holder_name: 'Chan Tai Man',
    });
    expect(JSON.stringify(data)).not.toContain('456789');
    expect(data.bank_type).toBe(2);
    // the full number never travels in this answer
    const [bank] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(bank!.depositReference).toBe(data.reference);
    expect(data.remittance).toMatchObject({
      state: 'open',
      version: 0,
      voucher: null,
      voucher_request: null,
    });
    expect(data.account_number).toBeNull();
    // the same code every time; one event
    expect(parsed((await info(applicant)).json).data.reference).toBe(data.reference);
    expect(await eventsOf(applicationId, 'deposit_reference_issued')).toHaveLength(1);
  });

  test('the USD minimum at the day’s rate, rounded up to the cent', async () => {
    const { applicant } = await approved();
    const ops = await createStaff(t, ['operations']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(t.clock.now);
    await t.app.ctx.db
      .insert(fxRates)
      .values({ currency: 'USD', validOn: today, hkdPerUnit: '7.8123', enteredBy: ops.id })
      .onConflictDoUpdate({ target: [fxRates.currency, fxRates.validOn], set: { hkdPerUnit: '7.8123' } });
    const data = parsed((await info(applicant)).json).data;
    expect(data.minimum.usd).toEqual({ currency: 'USD', amount_minor: 128_004 });
    expect(data.minimum.usd_rate).toEqual({ hkd_per_unit: '7.8123', valid_from: today });
  });

  test('two first requests at once give one code', async () => {
    const { applicant, applicationId } = await approved();
    const answers = await Promise.all([info(applicant), info(applicant), info(applicant)]);
    const codes = answers.map((a) => parsed(a.json).data.reference);
    expect(new Set(codes).size).toBe(1);
    expect(await eventsOf(applicationId, 'deposit_reference_issued')).toHaveLength(1);
    expect(
      (await t.app.ctx.db.select().from(remittances).where(eq(remittances.applicationId, applicationId)))
        .length,
    ).toBe(1);
  });

  test('a code another application holds is drawn again (the unique index decides)', async () => {
    const a = await approved();
    const b = await approved();
    const same = () => Uint8Array.from([1, 2, 3, 4, 5, 6, 7]);
    const other = () => Uint8Array.from([7, 6, 5, 4, 3, 2, 1]);
    const issue = (applicationId: string, random: (n: number) => Uint8Array) =>
      t.app.ctx.db.transaction(async (tx) => {
        await lockApplication(tx, applicationId);
        return issueReferenceCode(tx, applicationId, random);
      });
    const first = await issue(a.applicationId, same);
    expect(first.issued).toBe(true);
    let draws = 0;
    const second = await issue(b.applicationId, (n) => (++draws === 1 ? same() : other()).slice(0, n));
    expect(draws).toBe(2);
    expect(second.issued).toBe(true);
    expect(second.code).not.toBe(first.code);
    // asked again: the code it has, nothing drawn
    expect(await issue(b.applicationId, other)).toEqual({ code: second.code, issued: false });
    expect(parsed((await info(b.applicant)).json).data.reference).toBe(second.code);
  });

  test('before approval, and without an application: refused, nothing written', async () => {
    const s = await submittedApplication(t);
    for (const call of [
      info(s.applicant),
      finish(s.applicant, 0),
      reset(s.applicant, 0),
      sendVoucher(s.applicant, await images.jpeg()),
    ]) {
      const r = await call;
      expect(r.res.statusCode).toBe(200);
      expect(r.json.status).toBe(ErrorCode.DEPOSIT_NOT_AVAILABLE);
      expect(r.json.info).toMatch(/approved/);
    }
    expect(await remittanceOf(s.applicationId)).toBeUndefined();
    const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.id, s.applicationId));
    expect(app!.depositReference).toBeNull();
    const stranger = await createLoggedInUser(t);
    expect((await info(stranger)).json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    // signed out
    const anonymous = await post(t, '/v9/OpenAccountHk/remittance_info', {});
    expect(anonymous.json.status).toBe(ErrorCode.SESSION_INVALID);
  });

  test('each call acts on the caller’s own application only', async () => {
    const a = await approved();
    const b = await approved();
    const va = parsed((await sendVoucher(a.applicant, await images.jpeg())).json).data;
    const vb = parsed((await info(b.applicant)).json).data;
    expect(vb.reference).not.toBe(va.reference);
    expect(vb.remittance.voucher).toBeNull();
    // b saying "paid" does not touch a's remittance, and b has no voucher
    expect((await finish(b.applicant, 0)).json.status).toBe(ErrorCode.REMITTANCE_VOUCHER_MISSING);
    expect((await remittanceOf(a.applicationId))!.state).toBe('open');
    // a's voucher file is not b's to read
    const file = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${va.remittance.voucher!.document_id}?${signedQuery(t, b.applicant.token)}`,
      headers: { authorization: `Bearer ${b.applicant.token}` },
    });
    expect(file.json().status).toBe(ErrorCode.DOCUMENT_NOT_FOUND);
  });

  test('the voucher: images and a clean PDF, by content; hostile, wrong and oversize files refused; replaced, kept', async () => {
    const { applicant, applicationId } = await approved();
    // refusals first: nothing stored
    expect((await sendVoucher(applicant, undefined)).json.status).toBe(ErrorCode.UPLOAD_FILE_MISSING);
    expect((await sendVoucher(applicant, images.text())).json.status).toBe(ErrorCode.UPLOAD_TYPE_REFUSED);
    expect((await sendVoucher(applicant, await images.gif())).json.status).toBe(
      ErrorCode.UPLOAD_TYPE_REFUSED,
    );
    expect((await sendVoucher(applicant, images.brokenJpeg())).json.status).toBe(ErrorCode.UPLOAD_UNREADABLE);
    // issue #22 finding 5: a page content or an image that inflates to 600 MiB is no voucher
    for (const bomb of ['bomb-content.pdf', 'bomb-image-chain.pdf']) {
      const refused = await sendVoucher(applicant, readHostile('pdf', bomb), 'zh-HK');
      expect(refused.json.status, bomb).toBe(ErrorCode.UPLOAD_PROCESSING_LIMIT);
      expect(refused.json.info, bomb).toBe(translateError('zh-HK', 'code_upload_processing_limit'));
    }
    const js = await sendVoucher(applicant, readHostile('pdf', 'launch.pdf'), 'zh-CN');
    expect(js.json.status).toBe(ErrorCode.UPLOAD_TYPE_REFUSED);
    expect(js.json.info).toMatch(/PDF/); // the voucher's wording, not the address proof's
    expect((await sendVoucher(applicant, images.text())).json.info).toMatch(/PDF receipt/);
    expect((await sendVoucher(applicant, Buffer.alloc(6 * 1024 * 1024 + 1, 0xff))).json.status).toBe(
      ErrorCode.UPLOAD_TOO_LARGE,
    );
    expect(
      (await t.app.ctx.db.select().from(documents).where(eq(documents.applicationId, applicationId))).filter(
        (d) => d.kind === 'remittance_voucher',
      ),
    ).toHaveLength(0);
    expect((await eventsOf(applicationId, 'upload_refused')).length).toBeGreaterThanOrEqual(6);

    const first = parsed((await sendVoucher(applicant, await images.jpegWithGps())).json).data;
    expect(first.remittance.voucher).toMatchObject({ mime: 'image/jpeg' });
    expect(first.remittance.version).toBe(1);
    const second = parsed((await sendVoucher(applicant, readHostile('pdf', 'statement.pdf'))).json).data;
    expect(second.remittance.voucher).toMatchObject({ mime: 'application/pdf' });
    expect(second.remittance.voucher!.document_id).not.toBe(first.remittance.voucher!.document_id);
    // the replaced voucher stays on record, in step `deposit`
    const vouchers = await t.app.ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, 'remittance_voucher')));
    expect(vouchers.map((d) => [d.step, d.deletedAt])).toEqual([
      ['deposit', null],
      ['deposit', null],
    ]);
    // the stored image lost its GPS metadata (re-encoded by the pipeline)
    const stored = await t.app.inject({
      method: 'GET',
      url: `/v9/OpenAccountHk/file/${first.remittance.voucher!.document_id}?${signedQuery(t, applicant.token)}`,
      headers: { authorization: `Bearer ${applicant.token}` },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.includes(Buffer.from('GPS-1'))).toBe(false);
  });

  test('"I have paid": needs a voucher; sets paid once; twice is once; a stale version is refused', async () => {
    const { applicant, applicationId } = await approved();
    const start = parsed((await info(applicant)).json).data;
    expect((await finish(applicant, start.remittance.version)).json.status).toBe(
      ErrorCode.REMITTANCE_VOUCHER_MISSING,
    );
    const withVoucher = parsed((await sendVoucher(applicant, await images.png())).json).data;
    // the version the screen showed before the upload is stale
    expect((await finish(applicant, start.remittance.version)).json.status).toBe(
      ErrorCode.REMITTANCE_CHANGED,
    );
    expect((await remittanceOf(applicationId))!.state).toBe('open');
    // malformed version: a field error, not a 5xx
    const bad = await finish(applicant, 'x');
    expect(bad.res.statusCode).toBe(200);
    expect(bad.json.status).toBe(ErrorCode.VALIDATION_FAILED);

    const paid = parsed((await finish(applicant, withVoucher.remittance.version)).json).data;
    expect(paid.remittance.state).toBe('paid');
    expect(paid.remittance.paid_at).toBe(t.clock.now.toISOString());
    const again = parsed((await finish(applicant, withVoucher.remittance.version)).json).data;
    expect(again.remittance).toEqual(paid.remittance);
    expect(await eventsOf(applicationId, 'remittance_paid')).toHaveLength(1);
    // once paid, the voucher changes only after taking "paid" back
    expect((await sendVoucher(applicant, await images.jpeg())).json.status).toBe(
      ErrorCode.REMITTANCE_ALREADY_PAID,
    );
  });

  test('two racing "I have paid": one change, one event', async () => {
    const { applicant, applicationId } = await approved();
    const v = parsed((await sendVoucher(applicant, await images.jpeg())).json).data.remittance.version;
    const answers = await Promise.all([finish(applicant, v), finish(applicant, v)]);
    for (const a of answers) expect(parsed(a.json).data.remittance.state).toBe('paid');
    expect(await eventsOf(applicationId, 'remittance_paid')).toHaveLength(1);
    expect((await remittanceOf(applicationId))!.version).toBe(v + 1);
  });

  test('a voucher request from operations: shown with its reason; "paid" needs a new voucher, and clears it', async () => {
    const { applicant, applicationId } = await approved();
    const v = parsed((await sendVoucher(applicant, await images.jpeg())).json).data.remittance.version;
    parsed((await finish(applicant, v)).json);
    // operations ask for a clearer voucher (their module bumps the version, as every writer does)
    t.clock.advance(60);
    await t.app.ctx.db
      .update(remittances)
      .set({
        state: 'voucher_requested',
        voucherRequestedAt: t.clock.now,
        voucherRequestReason: 'unreadable',
        voucherRequestNote: 'The amount is cut off',
        version: v + 2,
      })
      .where(eq(remittances.applicationId, applicationId));
    const asked = parsed((await info(applicant)).json).data;
    expect(asked.remittance.state).toBe('voucher_requested');
    expect(asked.remittance.voucher_request).toMatchObject({
      reason: 'unreadable',
      reason_text: 'The remittance voucher cannot be read clearly',
      note: 'The amount is cut off',
    });
    // the old voucher does not answer the request
    expect((await finish(applicant, asked.remittance.version)).json.status).toBe(
      ErrorCode.REMITTANCE_VOUCHER_MISSING,
    );
    t.clock.advance(60);
    const replaced = parsed((await sendVoucher(applicant, await images.png())).json).data;
    expect(replaced.remittance.state).toBe('voucher_requested');
    const paid = parsed((await finish(applicant, replaced.remittance.version)).json).data;
    expect(paid.remittance).toMatchObject({ state: 'paid', voucher_request: null });
    const row = (await remittanceOf(applicationId))!;
    expect([row.voucherRequestReason, row.voucherRequestedAt]).toEqual([null, null]);
    const [event] = (await eventsOf(applicationId, 'remittance_paid')).slice(-1);
    expect(event!.data).toMatchObject({ voucher_request_reason: 'unreadable' });
  });

  test('reset_status: "paid" taken back before the match, voucher kept; after the match refused', async () => {
    const { applicant, applicationId } = await approved();
    const v = parsed((await sendVoucher(applicant, await images.jpeg())).json).data.remittance.version;
    const paid = parsed((await finish(applicant, v)).json).data;
    const back = parsed((await reset(applicant, paid.remittance.version)).json).data;
    expect(back.remittance).toMatchObject({ state: 'open', paid_at: null });
    expect(back.remittance.voucher!.document_id).toBe(paid.remittance.voucher!.document_id);
    // reset again: nothing to take back, nothing written
    parsed((await reset(applicant, back.remittance.version)).json);
    expect(await eventsOf(applicationId, 'remittance_reset')).toHaveLength(1);
    // a different voucher, then paid again
    const next = parsed((await sendVoucher(applicant, await images.png())).json).data;
    parsed((await finish(applicant, next.remittance.version)).json);

    // operations match the deposit: activated (3), then opened (5) with an account number
    await t.app.ctx.db
      .update(remittances)
      .set({ state: 'matched' })
      .where(eq(remittances.applicationId, applicationId));
    await move(applicationId, 'confirm_deposit');
    const activated = parsed((await info(applicant)).json).data;
    expect(activated).toMatchObject({ status: 3, account_number: null });
    expect((await reset(applicant, activated.remittance.version)).json.status).toBe(
      ErrorCode.REMITTANCE_MATCHED,
    );
    expect((await finish(applicant, activated.remittance.version)).json.status).toBe(
      ErrorCode.REMITTANCE_MATCHED,
    );
    expect((await sendVoucher(applicant, await images.jpeg())).json.status).toBe(
      ErrorCode.REMITTANCE_MATCHED,
    );
    await move(applicationId, 'open');
    await t.app.ctx.db
      .update(applications)
      .set({ accountNumber: `8${applicationId.replace(/\D/g, '').slice(0, 7)}`, openedAt: t.clock.now })
      .where(eq(applications.id, applicationId));
    const opened = parsed((await info(applicant)).json).data;
    expect(opened.status).toBe(5);
    expect(opened.account_number).toMatch(/^8\d+$/);
    expect(opened.reference).toBe(activated.reference);
  });

  test('"paid" and taking it back have a budget: 20 an hour, then 2019, nothing written', async () => {
    const { applicant, applicationId } = await approved();
    let v = parsed((await sendVoucher(applicant, await images.jpeg())).json).data.remittance.version;
    for (let i = 0; i < REMITTANCE_CHANGES_PER_HOUR / 2; i++) {
      v = parsed((await finish(applicant, v)).json).data.remittance.version;
      v = parsed((await reset(applicant, v)).json).data.remittance.version;
    }
    const over = await finish(applicant, v);
    expect(over.json.status).toBe(ErrorCode.ACTION_LIMIT);
    expect((await remittanceOf(applicationId))!).toMatchObject({ state: 'open', version: v });
    // an hour later it is allowed again
    t.clock.advance(3601);
    expect(parsed((await finish(applicant, v)).json).data.remittance.state).toBe('paid');
  });

  test('bank_update_target: only for status 1 without a designated account; the own bank step by default', async () => {
    const { applicant } = await approved();
    const r = await post(t, '/v9/OpenAccountHk/bank_update_target', {}, { token: applicant.token });
    expect(r.json.status).toBe(ErrorCode.BANK_UPDATE_NOT_NEEDED);
    const s = await submittedApplication(t);
    await t.app.ctx.db.update(applications).set({ bankType: 0 }).where(eq(applications.id, s.applicationId));
    const own = await post(t, '/v9/OpenAccountHk/bank_update_target', {}, { token: s.applicant.token });
    expect(own.json).toMatchObject({ status: 0, data: { kind: 'internal', path: null } });
    t.config.bankUpdateUrl = 'https://bank.example.com/update';
    try {
      const ext = await post(t, '/v9/OpenAccountHk/bank_update_target', {}, { token: s.applicant.token });
      expect(ext.json.data).toMatchObject({
        kind: 'external',
        url: 'https://bank.example.com/update',
        fields: { status: '1', apptheme: '1' },
      });
      // the session token is never part of what the server hands out for the page
      expect(JSON.stringify(ext.json)).not.toContain(s.applicant.token);
    } finally {
      t.config.bankUpdateUrl = undefined;
    }
  });
});

describe('BANK_UPDATE_URL', () => {
  it('a path of this site, or an https address without credentials or fragment', () => {
    expect(parseBankUpdateUrl(undefined, true)).toBeUndefined();
    expect(parseBankUpdateUrl('  ', true)).toBeUndefined();
    expect(parseBankUpdateUrl('/userinfo/bank', true)).toBe('/userinfo/bank');
    expect(parseBankUpdateUrl('https://bank.example.com/update?x=1', true)).toBe(
      'https://bank.example.com/update?x=1',
    );
    expect(parseBankUpdateUrl('http://localhost:9000/bank', false)).toBe('http://localhost:9000/bank');
    for (const bad of [
      'http://bank.example.com/update',
      '//evil.example.com/x',
      'javascript:alert(1)',
      'https://user:pw@bank.example.com/',
      'https://bank.example.com/#token',
      'bank.example.com',
    ])
      expect(() => parseBankUpdateUrl(bad, true), bad).toThrow(/BANK_UPDATE_URL/);
  });
});
