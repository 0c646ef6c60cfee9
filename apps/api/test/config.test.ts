import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_SECRET, loadConfig } from '../src/config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hk-config-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const hexKey = () => randomBytes(32).toString('hex');
function productionEnv(dir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dir,
    DATA_KEY: hexKey(),
    LINK_KEY: randomBytes(32).toString('base64'),
    SIGN_SECRET: 'prod-secret',
    EVIDENCE_SIGNING_KEY: randomBytes(32).toString('hex'),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+85230000000',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    MAIL_FROM: 'no-reply@example.com',
  };
}

describe('production configuration', () => {
  it('starts with every key and a real SMS provider', () => {
    const dir = tempDir();
    const env = productionEnv(dir);
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.dataKey.toString('hex')).toBe(env.DATA_KEY);
    expect(config.linkKey.toString('base64')).toBe(env.LINK_KEY);
    expect(config.signSecret).toBe('prod-secret');
    expect(config.sms.kind).toBe('twilio');
    // no key is generated on disk in production
    expect(existsSync(path.join(dir, 'data.key'))).toBe(false);
    expect(existsSync(path.join(dir, 'link.key'))).toBe(false);
    expect(config.evidenceSigningKey.toString('hex')).toBe(env.EVIDENCE_SIGNING_KEY);
    expect(existsSync(path.join(dir, 'evidence.key'))).toBe(false);
  });

  it.each([
    ['DATA_KEY', /DATA_KEY/],
    ['LINK_KEY', /LINK_KEY/],
    ['SIGN_SECRET', /SIGN_SECRET/],
    ['SMS_PROVIDER', /SMS_PROVIDER/],
    ['MAIL_PROVIDER', /MAIL_PROVIDER/],
    ['EVIDENCE_SIGNING_KEY', /EVIDENCE_SIGNING_KEY/],
  ])('refuses to start without %s', (name, message) => {
    const env = productionEnv(tempDir());
    delete env[name];
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a key of the wrong length and an incomplete SMS provider', () => {
    expect(() => loadConfig({ ...productionEnv(tempDir()), DATA_KEY: 'abcd' })).toThrow(/DATA_KEY/);
    expect(() => loadConfig({ ...productionEnv(tempDir()), TWILIO_AUTH_TOKEN: '' })).toThrow(/TWILIO/);
  });
});

describe('embedded default (not production)', () => {
  it('generates data.key once into DATA_DIR and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const keyFile = path.join(dir, 'data.key');
    expect(existsSync(keyFile)).toBe(true);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(first.dataKey.toString('hex'));
    expect(first.dataKey).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o077).toBe(0); // readable by the owner only
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.dataKey.equals(first.dataKey)).toBe(true);
    expect(second.linkKey.equals(first.linkKey)).toBe(true);

    const elsewhere = loadConfig({ DATA_DIR: tempDir() });
    expect(elsewhere.dataKey.equals(first.dataKey)).toBe(false);
  });

  it('prefers a configured DATA_KEY and defaults the rest', () => {
    const dir = tempDir();
    const key = hexKey();
    const config = loadConfig({ DATA_DIR: dir, DATA_KEY: key });
    expect(config.dataKey.toString('hex')).toBe(key);
    expect(existsSync(path.join(dir, 'data.key'))).toBe(false);
    expect(config.isProduction).toBe(false);
    expect(config.signSecret).toBe(DEFAULT_SIGN_SECRET);
    expect(config.sms.kind).toBe('console');
    expect(config.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe(
      'postgres://u@h/db',
    );
  });
});
