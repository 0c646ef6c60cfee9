// Content that staff manage (issue #15, docs/content.md): the console's calls (content.edit, CSRF,
// version compare-and-set, events) and the applicant's (today's IPOs, live banners, customer
// service), served from a cache that sees every change, also one made by another app instance.
import { hongKongToday } from '@hk/domain';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { contentEvents } from '../src/db/schema';
import { contentStamp } from '../src/plugins/app/content/content-repository';
import { findLiveKeys } from '../src/plugins/app/files/file-sweep';
import { createLoggedInUser, multipartBody, post } from './application-helpers';
import { createTestApp, DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { createStaff, type SignedInStaff, signInStaff, staffCall } from './review-helpers';

const pgUrl = await findPostgres();

const png = (w = 64, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

const day = (t: TestApp, offsetDays: number) =>
  hongKongToday(new Date(t.clock.now.getTime() + offsetDays * 86_400_000));

function ipo(t: TestApp, over: Record<string, unknown> = {}) {
  return {
    productCode: '02599',
    name: { 'zh-CN': '海港新股', 'zh-HK': '海港新股（繁）', en: 'Harbour New Co' },
    popularity: 4,
    leverage: '20',
    minSubAmount: '3,030.25',
    currency: 'HKD',
    subscribeFrom: day(t, -1),
    subscribeTo: day(t, 2),
    published: true,
    sort: 1,
    ...over,
  };
}

function banner(over: Record<string, unknown> = {}) {
  return {
    title: 'New listing',
    type: 'ipoList',
    data: {},
    language: 'all',
    sort: 1,
    startsAt: null,
    endsAt: null,
    published: true,
    ...over,
  };
}

function staffMultipart(
  t: TestApp,
  who: SignedInStaff,
  method: 'POST' | 'PUT',
  path: string,
  payload: unknown,
  file?: Buffer,
) {
  const { body, contentType } = multipartBody([
    { name: 'payload', value: JSON.stringify(payload) },
    ...(file ? [{ name: 'file', value: file, filename: 'banner.png', contentType: 'image/png' }] : []),
  ]);
  return t.app.inject({
    method,
    url: `${STAFF_API_PREFIX}${path}`,
    headers: {
      'content-type': contentType,
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      'accept-language': 'en',
    },
    payload: body,
  });
}

function staffDelete(t: TestApp, who: SignedInStaff, path: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `${STAFF_API_PREFIX}${path}`,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'accept-language': 'en' },
  });
}

const applicant = async <T>(t: TestApp, path: string, lang: 'zh-CN' | 'zh-HK' | 'en' = 'en') => {
  const { res, json } = await post(t, path, {}, { lang });
  expect(res.statusCode, res.body).toBe(200);
  expect(json.status, res.body).toBe(0);
  return json.data as T;
};

describe.each(DB_KINDS)('content (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test('permissions: signed out 401, a reviewer 403, no CSRF 403; nothing written', async () => {
    const reviewer = await signInStaff(t, await createStaff(t, ['reviewer']));
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const out = await staffCall(t, null, 'POST', '/content/ipos', ipo(t));
    expect([out.statusCode, out.json().status]).toEqual([401, 5001]);
    const refused = await staffCall(t, reviewer, 'POST', '/content/ipos', ipo(t));
    expect([refused.statusCode, refused.json().status]).toEqual([403, 5004]);
    expect((await staffCall(t, reviewer, 'GET', '/content/ipos')).statusCode).toBe(403);
    const noCsrf = await staffCall(t, editor, 'POST', '/content/ipos', ipo(t), { csrf: false });
    expect([noCsrf.statusCode, noCsrf.json().status]).toEqual([403, 5005]);
    const list = await staffCall(t, editor, 'GET', '/content/ipos');
    expect(list.json().data.ipos.filter((i: { productCode: string }) => i.productCode === '02599')).toEqual(
      [],
    );
  });

  test('IPOs: created, updated at its version only, deleted; each change an event with before and after', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const created = await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, { productCode: '9988' }));
    expect(created.json().status, created.body).toBe(0);
    const view = created.json().data;
    expect(view).toMatchObject({ minSubAmount: '3030.25', minSubAmountText: '3,030.25 Hong Kong dollars' });
    expect(view).toMatchObject({ version: 0, openToday: true });

    const updated = await staffCall(t, editor, 'PUT', `/content/ipos/${view.id}`, {
      ...ipo(t, { productCode: '9988', leverage: '0' }),
      version: 0,
    });
    expect(updated.json().data).toMatchObject({ leverage: '0', version: 1 });
    // a second save from the form read at version 0: refused, nothing written
    const stale = await staffCall(t, editor, 'PUT', `/content/ipos/${view.id}`, {
      ...ipo(t, { productCode: '9988', leverage: '5' }),
      version: 0,
    });
    expect([stale.statusCode, stale.json().status]).toEqual([409, 5302]);

    const events = await t.app.ctx.db
      .select()
      .from(contentEvents)
      .where(and(eq(contentEvents.entity, 'ipo'), eq(contentEvents.entityId, view.id)))
      .orderBy(asc(contentEvents.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(events[0]!.staffId).toBe(editor.id);
    expect(events[1]!.previous).toMatchObject({ leverage: '20', minSubAmountMinor: 303025 });
    expect(events[1]!.next).toMatchObject({ leverage: '0', version: 1 });

    const gone = await staffDelete(t, editor, `/content/ipos/${view.id}?version=0`);
    expect([gone.statusCode, gone.json().status]).toEqual([409, 5302]);
    expect((await staffDelete(t, editor, `/content/ipos/${view.id}?version=1`)).json().status).toBe(0);
    const again = await staffDelete(t, editor, `/content/ipos/${view.id}?version=2`);
    expect([again.statusCode, again.json().status]).toEqual([404, 5301]);
    const unknown = await staffCall(t, editor, 'PUT', '/content/ipos/not-an-id', { ...ipo(t), version: 0 });
    expect(unknown.statusCode).toBe(404);
  });

  test('the content stamp moves with every committed event, read from one row (migration 0018)', async () => {
    const db = t.app.ctx.db;
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const countEvents = async () => (await db.select({ id: contentEvents.id }).from(contentEvents)).length;
    const before = Number(await contentStamp(db));
    const eventsBefore = await countEvents();
    // nothing written: the stamp stays
    expect((await staffCall(t, editor, 'GET', '/content/ipos')).statusCode).toBe(200);
    expect(Number(await contentStamp(db))).toBe(before);
    const created = await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, { productCode: '7777' }));
    expect(created.json().status, created.body).toBe(0);
    await staffCall(t, editor, 'PUT', `/content/ipos/${created.json().data.id}`, {
      ...ipo(t, { productCode: '7777', leverage: '0' }),
      version: 0,
    });
    // one bump per event, in the event's transaction
    expect(Number(await contentStamp(db)) - before).toBe((await countEvents()) - eventsBefore);
    expect(Number(await contentStamp(db))).toBe(before + 2);
    // the row cannot be deleted (nor truncated) from under the caches
    await expect(db.execute(sql`delete from content_stamp`)).rejects.toThrow();
  });

  test('two saves racing from the same version: one is written, the other refused, one event', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const created = (
      await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, { productCode: 'RACE' }))
    ).json().data;
    const [a, b] = await Promise.all([
      staffCall(t, editor, 'PUT', `/content/ipos/${created.id}`, {
        ...ipo(t, { productCode: 'RACE', sort: 5 }),
        version: 0,
      }),
      staffCall(t, editor, 'PUT', `/content/ipos/${created.id}`, {
        ...ipo(t, { productCode: 'RACE', sort: 6 }),
        version: 0,
      }),
    ]);
    expect([a.json().status, b.json().status].sort()).toEqual([0, 5302]);
    const events = await t.app.ctx.db
      .select()
      .from(contentEvents)
      .where(and(eq(contentEvents.entity, 'ipo'), eq(contentEvents.entityId, created.id)));
    expect(events.map((e) => e.action).sort()).toEqual(['created', 'updated']);
  });

  test('an image over 6 MB is refused before any work; a banner of another type keeps only its own data', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await staffMultipart(t, editor, 'POST', '/content/banners', banner(), big);
    expect(res.statusCode).toBeLessThan(500);
    expect([3002, 1006]).toContain(res.json().status);
    const other = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ type: 'stock_ipo', data: { symbol: '02599', exchange: 'SEHK', market: 'HK', name: ' ' } }),
      await png(),
    );
    expect(other.json().data.data).toEqual({ symbol: '02599', exchange: 'SEHK', market: 'HK' });
  });

  test('IPO validation: each problem at its field, in the staff member’s language, never a 5xx', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const cases: [Record<string, unknown>, string][] = [
      [{ minSubAmount: '12.345' }, 'minSubAmount'],
      [{ subscribeTo: day(t, -5) }, 'subscribeTo'],
      [{ leverage: 'lots' }, 'leverage'],
      [{ currency: 'EUR' }, 'currency'],
      [{ name: { 'zh-CN': '', 'zh-HK': 'x', en: 'x' } }, 'name'],
      [{ popularity: 9 }, 'popularity'],
      [{ productCode: 'x'.repeat(40) }, 'productCode'],
    ];
    for (const [over, field] of cases) {
      const res = await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, over));
      expect(res.statusCode, field).toBeLessThan(500);
      expect(res.json().status, field).toBe(1002);
      expect(Object.keys(res.json().data.fields), field).toContain(field);
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/content/ipos`,
      headers: {
        'content-type': 'application/json',
        cookie: editor.cookie,
        'x-csrf-token': editor.csrf,
        lang: 'zh-CN',
      },
      payload: JSON.stringify(ipo(t, { minSubAmount: 'abc' })),
    });
    expect(zh.json().data.fields.minSubAmount).toContain('金额');
  });

  test('banners: the data each type needs, an image processed like uploads, version checked', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const image = await png();
    const missingUrl = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ type: 'openWebView' }),
      image,
    );
    expect(missingUrl.json()).toMatchObject({
      status: 1002,
      data: { fields: { 'data.url': expect.any(String) } },
    });
    const httpUrl = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ type: 'openWebView', data: { url: 'http://example.com' } }),
      image,
    );
    expect(httpUrl.json().data.fields['data.url']).toContain('https://');
    const quote = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ type: 'stock_detail', data: { symbol: '00700' } }),
      image,
    );
    expect(Object.keys(quote.json().data.fields).sort()).toEqual(['data.exchange', 'data.market']);
    const noImage = await staffMultipart(t, editor, 'POST', '/content/banners', banner());
    expect(noImage.json().data.fields).toEqual({ file: expect.any(String) });
    const notImage = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner(),
      Buffer.from('%PDF-1.7 x'),
    );
    expect(notImage.json().status).toBe(3001);
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/content/banners`,
      headers: { 'content-type': 'application/json', cookie: editor.cookie, 'x-csrf-token': editor.csrf },
      payload: '{}',
    });
    expect(badJson.statusCode).toBeLessThan(500);

    const ok = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ type: 'openWebView', data: { url: 'https://example.com/ipo', title: 'IPO' } }),
      await png(3000, 1000),
    );
    expect(ok.json().status, ok.body).toBe(0);
    const view = ok.json().data;
    // re-encoded like an applicant's photo: JPEG, longest side 2000
    expect(view.image).toMatchObject({ width: 2000, height: 667 });
    const preview = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/content/banners/${view.id}/image`,
      headers: { cookie: editor.cookie },
    });
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const changed = await staffMultipart(t, editor, 'PUT', `/content/banners/${view.id}`, {
      ...banner({ type: 'ipoList', title: 'Changed' }),
      version: 0,
    });
    expect(changed.json().data).toMatchObject({ title: 'Changed', data: {}, version: 1 });
    expect(changed.json().data.image.sha256).toBe(view.image.sha256);
    const stale = await staffMultipart(t, editor, 'PUT', `/content/banners/${view.id}`, {
      ...banner(),
      version: 0,
    });
    expect([stale.statusCode, stale.json().status]).toEqual([409, 5302]);
    expect((await staffDelete(t, editor, `/content/banners/${view.id}?version=1`)).json().status).toBe(0);
  });

  test('the file sweep keeps the images content still names', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const res = await staffMultipart(
      t,
      editor,
      'POST',
      '/content/banners',
      banner({ title: 'Kept' }),
      await png(70, 20),
    );
    const view = res.json().data;
    const later = new Date(t.clock.now.getTime() + 3 * 3_600_000);
    await t.app.ctx.files.sweep(t.app.ctx.db, (keys) => findLiveKeys(t.app.ctx.db, keys), later);
    const served = await t.app.inject({ method: 'GET', url: `/content/images/${view.image.sha256}` });
    expect(served.statusCode).toBe(200);
  });

  test('the applicant sees only today’s published IPOs and live banners for the language, in order', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const before = await applicant<unknown[]>(t, '/v9/OpenAccountHk/ipoNewList');
    const add = async (over: Record<string, unknown>) =>
      expect((await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, over))).json().status).toBe(0);
    await add({ productCode: 'OPEN1', sort: 2 });
    await add({ productCode: 'OPEN0', sort: 1, leverage: '0', minSubAmount: '100', currency: 'USD' });
    await add({ productCode: 'DRAFT', published: false });
    await add({ productCode: 'LATER', subscribeFrom: day(t, 1), subscribeTo: day(t, 3) });
    await add({ productCode: 'PAST', subscribeFrom: day(t, -5), subscribeTo: day(t, -1) });

    const en = await applicant<{ product_code: string }[]>(t, '/v9/OpenAccountHk/ipoNewList');
    const mine = en.filter((i) => i.product_code.startsWith('OPEN'));
    expect(en.length - before.length).toBe(2);
    expect(mine).toEqual([
      {
        name: 'Harbour New Co',
        ipo_popularity: 4,
        leverage: '0',
        product_code: 'OPEN0',
        min_sub_amount: '100',
        ccy_name: 'US dollars',
      },
      {
        name: 'Harbour New Co',
        ipo_popularity: 4,
        leverage: '20',
        product_code: 'OPEN1',
        min_sub_amount: '3,030.25',
        ccy_name: 'Hong Kong dollars',
      },
    ]);
    const hk = await applicant<{ product_code: string; name: string; ccy_name: string }[]>(
      t,
      '/trade/ipo/lists',
      'zh-HK',
    );
    expect(hk.find((i) => i.product_code === 'OPEN1')).toMatchObject({
      name: '海港新股（繁）',
      ccy_name: '港元',
    });

    const image = await png();
    const addBanner = async (over: Record<string, unknown>, file = image) => {
      const res = await staffMultipart(t, editor, 'POST', '/content/banners', banner(over), file);
      expect(res.json().status, res.body).toBe(0);
      return res.json().data as { id: string; image: { sha256: string } };
    };
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();
    const second = await addBanner({ title: 'B second', sort: 20 });
    await addBanner({ title: 'B first, en', sort: 10, language: 'en' });
    await addBanner({ title: 'B zh-HK only', sort: 5, language: 'zh-HK' });
    const draft = await addBanner({ title: 'B draft', published: false }, await png(50, 50));
    await addBanner({ title: 'B ended', endsAt: iso(-hour), startsAt: iso(-2 * hour) });
    await addBanner({ title: 'B not yet', sort: 30, startsAt: iso(hour) });

    const titles = async (lang: 'en' | 'zh-HK') =>
      (await applicant<{ title: string }[]>(t, '/v9/OpenAccountHk/ipoAbs', lang))
        .map((b) => b.title)
        .filter((x) => x.startsWith('B '));
    expect(await titles('en')).toEqual(['B first, en', 'B second']);
    expect(await titles('zh-HK')).toEqual(['B zh-HK only', 'B second']);
    // the schedule is read per request: an hour later "not yet" is live
    t.clock.advance(3600);
    expect(await titles('en')).toEqual(['B first, en', 'B second', 'B not yet']);

    const items = await applicant<{ title: string; logo: string }[]>(t, '/v9/OpenAccountHk/ipoAbs');
    const logo = items.find((b) => b.title === 'B second')!.logo;
    expect(logo).toBe(`/content/images/${second.image.sha256}`);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/jpeg');
    // a draft's image is not public
    const hidden = await t.app.inject({ method: 'GET', url: `/content/images/${draft.image.sha256}` });
    expect(hidden.statusCode).toBe(404);
    for (const url of [
      '/content/images/not-a-hash',
      `/content/images/${'A'.repeat(64)}`,
      `/content/images/${'0'.repeat(64)}`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  test('customer service: the phone block by default; the QR block once an image and a chat account are set', async () => {
    const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
    const info = await applicant<Record<string, unknown>>(t, '/v9/ServiceQr/info', 'zh-CN');
    expect(info).toMatchObject({ is_show_open_cs_qrcode: 0, service_qr_code: '', wechat_number: '' });
    // the seeded row (migration 0013)
    expect([info.tel_hk, info.tel]).toEqual(['+852 3000 8888', '400-800-8888']);
    expect(String(info.service_hours)).toContain('周一至周五');
    // one source for every screen: the login footer's getIpInfo, the status answer's QR flag
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token: user.token });
    const statusQr = async () =>
      (await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.data.is_show_open_cs_qrcode;
    expect(await statusQr()).toBe(0);
    expect(await applicant(t, '/app/index/getIpInfo', 'zh-CN')).toEqual({
      tel: info.tel,
      tel_hk: info.tel_hk,
      service_hours: info.service_hours,
    });

    const current = (await staffCall(t, editor, 'GET', '/content/service')).json().data;
    const base = {
      phoneHk: current.phoneHk,
      phoneCn: current.phoneCn,
      hours: current.hours,
      showQr: true,
      chatAccount: 'harbour_cs',
      version: current.version,
    };
    base.phoneHk = '+852 2111 2222';
    const noImage = await staffMultipart(t, editor, 'PUT', '/content/service', base);
    expect(noImage.json()).toMatchObject({ status: 1002, data: { fields: { showQr: expect.any(String) } } });
    const badPhone = await staffMultipart(
      t,
      editor,
      'PUT',
      '/content/service',
      { ...base, phoneHk: 'call me' },
      await png(),
    );
    expect(Object.keys(badPhone.json().data.fields)).toEqual(['phoneHk']);

    const saved = await staffMultipart(t, editor, 'PUT', '/content/service', base, await png(300, 300));
    expect(saved.json().status, saved.body).toBe(0);
    expect(saved.json().data).toMatchObject({
      showQr: true,
      chatAccount: 'harbour_cs',
      version: current.version + 1,
    });
    const shown = await applicant<{
      is_show_open_cs_qrcode: number;
      service_qr_code: string;
      wechat_number: string;
    }>(t, '/v9/ServiceQr/info');
    expect(shown).toMatchObject({ is_show_open_cs_qrcode: 1, wechat_number: 'harbour_cs' });
    expect(await statusQr()).toBe(1);
    expect(await applicant(t, '/app/index/getIpInfo', 'en')).toMatchObject({ tel_hk: '+852 2111 2222' });
    const qr = await t.app.inject({ method: 'GET', url: shown.service_qr_code });
    expect([qr.statusCode, qr.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const stale = await staffMultipart(t, editor, 'PUT', '/content/service', { ...base, showQr: false });
    expect([stale.statusCode, stale.json().status]).toEqual([409, 5302]);
    const events = await t.app.ctx.db.select().from(contentEvents).where(eq(contentEvents.entity, 'service'));
    expect(events.at(-1)!.previous).toMatchObject({ showQr: false, hasQrImage: false });
    expect(events.at(-1)!.next).toMatchObject({ showQr: true, hasQrImage: true });
  });
});

describe('the content cache across two app instances on one PostgreSQL database', () => {
  const { t, test } = useTestApp('postgres', pgUrl);

  test('a change made through one instance is served by the other at its next request', async () => {
    const other = await createTestApp('postgres', {}, { databaseUrl: t.databaseUrl! });
    try {
      other.clock.now = t.clock.now;
      const editor = await signInStaff(t, await createStaff(t, ['content_editor']));
      const codes = async (app: TestApp) =>
        (await applicant<{ product_code: string }[]>(app, '/trade/ipo/lists')).map((i) => i.product_code);
      expect(await codes(other)).not.toContain('TWOAPP');
      const res = await staffCall(t, editor, 'POST', '/content/ipos', ipo(t, { productCode: 'TWOAPP' }));
      expect(res.json().status).toBe(0);
      expect(await codes(other)).toContain('TWOAPP');
      const id = res.json().data.id;
      expect((await staffDelete(t, editor, `/content/ipos/${id}?version=0`)).json().status).toBe(0);
      expect(await codes(other)).not.toContain('TWOAPP');
    } finally {
      await other.close();
    }
  });
});
