import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasDevTools, loadConfig } from '../src/config';
import { findDevCaptchaText } from '../src/plugins/app/captcha/captcha-service';
import { post } from './auth-helpers';
import { createTestApp, DB_KINDS, findPostgres, type TestApp } from './helpers';

const pgUrl = await findPostgres();
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A real provider (twilio) with every key, and NODE_ENV as given (unset = not production). */
function twilioEnv(nodeEnv: string | undefined): NodeJS.ProcessEnv {
  const dir = mkdtempSync(path.join(tmpdir(), 'hk-devtools-'));
  dirs.push(dir);
  return {
    ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
    DATA_DIR: dir,
    DATA_KEY: randomBytes(32).toString('hex'),
    LINK_KEY: randomBytes(32).toString('hex'),
    SIGN_SECRET: 'a-real-secret',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'tok',
    TWILIO_FROM: '+15005550006',
    TWILIO_BASE_URL: 'http://127.0.0.1:9',
  };
}

describe('a real SMS provider needs real keys, whatever NODE_ENV says', () => {
  for (const nodeEnv of [undefined, 'development', 'test', 'staging']) {
    it.each(['DATA_KEY', 'LINK_KEY', 'SIGN_SECRET'])(
      `NODE_ENV=${nodeEnv ?? '(unset)'}: refuses to start without %s and generates no key`,
      (name) => {
        const env = twilioEnv(nodeEnv);
        delete env[name];
        expect(() => loadConfig(env)).toThrow(
          new RegExp(`${name}.*SMS_PROVIDER=twilio|SMS_PROVIDER=twilio.*${name}`),
        );
        expect(existsSync(path.join(env.DATA_DIR!, 'data.key'))).toBe(false);
        expect(existsSync(path.join(env.DATA_DIR!, 'link.key'))).toBe(false);
      },
    );
  }

  it('starts with every key, generates none, and has no dev tools', () => {
    const env = twilioEnv('development');
    const config = loadConfig(env);
    expect(config.sms.kind).toBe('twilio');
    expect(config.signSecret).toBe('a-real-secret');
    expect(existsSync(path.join(env.DATA_DIR!, 'data.key'))).toBe(false);
    expect(hasDevTools(config)).toBe(false);
  });

  it('dev tools: the console provider outside production only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hk-devtools-'));
    dirs.push(dir);
    const console = loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' });
    expect(hasDevTools(console)).toBe(true);
    expect(hasDevTools({ ...console, isProduction: true })).toBe(false);
  });
});

describe.each(DB_KINDS)('an app with a real SMS provider outside production (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    if (kind === 'postgres' && !pgUrl) return;
    t = await createTestApp(kind, {
      isProduction: false,
      sms: { kind: 'twilio', accountSid: 'AC1', authToken: 'tok', from: '+1', baseUrl: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const test = it.skipIf(kind === 'postgres' && !pgUrl);

  test('has no /dev routes', async () => {
    for (const url of ['/dev/sms?mobile=91234567', '/dev/captcha?device=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 1007, data: null });
    }
  });

  test('keeps no captcha text for the dev route', async () => {
    const issued = await post(t, '/services/image_code', {}, { device: 'real-provider-dev' });
    expect(issued.status).toBe(0);
    expect(findDevCaptchaText(t.app.ctx, 'real-provider-dev')).toBeUndefined();
  });
});
