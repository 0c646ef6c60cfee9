import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_PER_IP_PER_HOUR,
  CAPTCHA_TTL_S,
  CAPTCHA_WIDTH,
  ErrorCode,
} from '@hk/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { captchaRequests, captchas } from '../src/db/schema';
import { randomCaptchaText } from '../src/plugins/app/captcha/captcha-service';
import { countAuthRows, post, randomIp, solveCaptcha } from './auth-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';

const pgUrl = await findPostgres();

describe('randomCaptchaText', () => {
  it('draws 4 characters from the unambiguous alphabet, and varies', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const text = randomCaptchaText();
      expect(text).toHaveLength(4);
      for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
      seen.add(text);
    }
    expect(seen.size).toBeGreaterThan(190);
  });
});

describe.each(DB_KINDS)('POST /services/image_code (%s)', (kind) => {
  const { t, test } = useTestApp(kind, pgUrl);

  test('gives one IP at most CAPTCHA_PER_IP_PER_HOUR captchas an hour, then 8008 and nothing stored', async () => {
    const ip = randomIp();
    const now = t.clock.now;
    // the hour so far: one short of the limit (rendering 150 images here would only slow the test)
    await t.app.ctx.db
      .insert(captchaRequests)
      .values(Array.from({ length: CAPTCHA_PER_IP_PER_HOUR - 1 }, () => ({ ip, createdAt: now })));
    const last = await post<string>(t, '/services/image_code', {}, { device: 'limit-a', ip });
    expect(last.status).toBe(0);

    const before = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, 'limit-b'));
    const refused = await post(t, '/services/image_code', {}, { device: 'limit-b', ip, lang: 'en' });
    expect(refused.http).toBe(200);
    expect(refused.status).toBe(ErrorCode.CAPTCHA_IP_LIMIT);
    expect(refused.info).toBe('Too many image codes requested from this network. Please try again later.');
    expect(await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, 'limit-b'))).toEqual(
      before,
    );

    // another network is not affected; the same one is served again an hour later
    expect((await post(t, '/services/image_code', {}, { device: 'limit-c', ip: randomIp() })).status).toBe(0);
    t.clock.advance(3601);
    expect((await post(t, '/services/image_code', {}, { device: 'limit-b', ip })).status).toBe(0);
  });

  test('answers an 88x29 PNG data URL and stores only a hash, bound to the device, for 5 minutes', async () => {
    const device = 'device-png';
    const res = await post<string>(
      t,
      '/services/image_code',
      { width: 88, height: 29, font_size: 13, length: 4 },
      { device },
    );
    expect(res.status).toBe(0);
    expect(res.data).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(res.data.slice('data:image/png;base64,'.length), 'base64');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    // not a blank image: glyphs darker than the background
    const stats = await sharp(png).stats();
    expect(stats.channels[0]!.min).toBeLessThan(128);
    expect(stats.channels[0]!.max).toBeGreaterThan(200);

    const text = (await t.app.inject({ method: 'GET', url: `/dev/captcha?device=${device}` })).json().data
      .text;
    const rows = await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.textHash).not.toContain(text);
    expect(rows[0]!.usedAt).toBeNull();
    expect(rows[0]!.expiresAt.getTime() - t.clock.now.getTime()).toBe(CAPTCHA_TTL_S * 1000);
  });

  test('each call draws a new captcha that replaces the device’s earlier ones', async () => {
    const device = 'device-many';
    const texts = new Set<string>();
    for (let i = 0; i < 4; i++) texts.add(await solveCaptcha(t, device));
    expect(texts.size).toBeGreaterThan(1);
    expect(await t.app.ctx.db.select().from(captchas).where(eq(captchas.deviceId, device))).toHaveLength(1);
  });

  test('without a Device-Id → 1002 on device_id, nothing stored', async () => {
    const before = await countAuthRows(t);
    const res = await post(t, '/services/image_code', {}, { lang: 'en' });
    expect(res.status).toBe(1002);
    expect(res.data).toEqual({
      fields: { device_id: 'This device could not be identified. Please refresh the page and try again.' },
    });
    const blank = await post(t, '/services/image_code', {}, { device: '   ' });
    expect(blank.status).toBe(1002);
    // a header's bytes read as latin1: a C1 control or markup is not an id to store (issue #12)
    for (const device of ['dev\u0085ice', 'dev\u009bice', '<b>x</b>', 'x'.repeat(65)]) {
      const odd = await post(t, '/services/image_code', {}, { device });
      expect(odd.status, JSON.stringify(device)).toBe(1002);
    }
    expect(await countAuthRows(t)).toEqual(before);
  });

  test('wrong types → 1002; unsigned → 1004', async () => {
    const res = await post(t, '/services/image_code', { width: 'wide' }, { device: 'd' });
    expect(res.status).toBe(1002);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/services/image_code',
      headers: { 'device-id': 'd' },
      payload: {},
    });
    expect(unsigned.json().status).toBe(1004);
  });
});
