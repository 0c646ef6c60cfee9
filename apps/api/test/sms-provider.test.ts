import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createConsoleSmsProvider } from '../src/plugins/app/sms/console-sms-provider';
import { createSmsProvider } from '../src/plugins/app/sms/create-sms-provider';
import { maskPhoneForLog, type SmsMessage } from '../src/plugins/app/sms/sms-provider';
import { createTwilioSmsProvider } from '../src/plugins/app/sms/twilio-sms-provider';
import { countAuthRows, hkMobile, requestSms, requestSmsSolving } from './auth-helpers';
import { createTestApp } from './helpers';

const message = (mobile = '91235678', code = '123456'): SmsMessage => ({
  to: `+852${mobile}`,
  mobile,
  body: `[Harbour Peak Securities] Your verification code is ${code}.`,
  code,
});

describe('maskPhoneForLog', () => {
  it('keeps the dial code and the last 4 digits only', () => {
    expect(maskPhoneForLog(message('91235678'))).toBe('+852****5678');
    expect(maskPhoneForLog({ to: '+8613800138000', mobile: '13800138000' })).toBe('+86****8000');
  });
});

describe('console provider', () => {
  it('logs "SMS to +852****5678: <body>" without the full number', async () => {
    const lines: string[] = [];
    const sms = createConsoleSmsProvider({ info: (m) => lines.push(m) }, { keepInbox: false });
    await sms.send(message());
    expect(lines).toEqual([
      'SMS to +852****5678: [Harbour Peak Securities] Your verification code is 123456.',
    ]);
    expect(lines[0]).not.toContain('91235678');
    expect(sms.inbox).toBeUndefined();
  });

  it('keeps the last 50 messages per mobile, newest first', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const sms = createConsoleSmsProvider({ info: () => {} }, { keepInbox: true, now: () => now });
    for (let i = 0; i < 55; i++) {
      await sms.send(message('91235678', String(100000 + i)));
      now = new Date(now.getTime() + 1000);
    }
    await sms.send(message('98765432', '999999'));
    const list = sms.inbox!.list('91235678');
    expect(list).toHaveLength(50);
    expect(list[0]!.code).toBe('100054');
    expect(list[49]!.code).toBe('100005');
    expect(list[0]!.sentAt.getTime()).toBeGreaterThan(list[1]!.sentAt.getTime());
    expect(sms.inbox!.list('98765432').map((m) => m.code)).toEqual(['999999']);
    expect(sms.inbox!.list('90000000')).toEqual([]);
  });
});

describe('createSmsProvider', () => {
  const base = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hk-sms-')), NODE_ENV: 'test' });
  it('picks console by default, with the dev inbox outside production only', () => {
    const dev = createSmsProvider(base, { info: () => {} });
    expect(dev.name).toBe('console');
    expect(dev.inbox).toBeDefined();
    const prod = createSmsProvider({ ...base, isProduction: true }, { info: () => {} });
    expect(prod.inbox).toBeUndefined();
  });
  it('picks twilio when configured', () => {
    const sms = createSmsProvider(
      {
        ...base,
        sms: {
          kind: 'twilio',
          accountSid: 'AC1',
          authToken: 't',
          from: '+1555',
          baseUrl: 'http://127.0.0.1:1',
        },
      },
      { info: () => {} },
    );
    expect(sms.name).toBe('twilio');
    expect(sms.inbox).toBeUndefined();
  });
});

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local stand-in for the Twilio API: records each request and answers with `reply.status`. */
async function startFakeTwilio() {
  const seen: Seen[] = [];
  const reply = { status: 201 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(reply.status < 300 ? { sid: 'SM1', status: 'queued' } : { code: 21211, message: 'bad' }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, reply, baseUrl, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('twilio provider, against a local HTTP server', () => {
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('POSTs To, From, Body form-encoded to Messages.json with basic auth', async () => {
    fake.reply.status = 201;
    const sms = createTwilioSmsProvider({
      accountSid: 'AC0123456789',
      authToken: 's3cret',
      from: '+15005550006',
      baseUrl: `${fake.baseUrl}/`,
    });
    await sms.send(message('91235678', '654321'));
    const req = fake.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789:s3cret').toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body);
    expect(Object.fromEntries(form)).toEqual({
      To: '+85291235678',
      From: '+15005550006',
      Body: '[Harbour Peak Securities] Your verification code is 654321.',
    });
  });

  it('throws on a non-2xx answer, without the number in the error', async () => {
    fake.reply.status = 400;
    const sms = createTwilioSmsProvider({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
      baseUrl: fake.baseUrl,
    });
    const err = await sms.send(message('91235678')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('400');
    expect((err as Error).message).not.toContain('91235678');
  });

  it('throws when the server cannot be reached', async () => {
    const sms = createTwilioSmsProvider({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(sms.send(message())).rejects.toThrow();
  });

  it('through the API: a provider answering 500 → 8007, the attempt is kept and counts; 201 → sent', async () => {
    const twilio = createTwilioSmsProvider({
      accountSid: 'AC9',
      authToken: 'tok',
      from: '+15005550006',
      baseUrl: fake.baseUrl,
    });
    const t = await createTestApp('pglite', {}, { sms: twilio });
    try {
      const mobile = hkMobile();
      fake.reply.status = 500;
      const failed = await requestSms(t, { region: 'HK', mobile });
      expect(failed.status).toBe(8007);
      // the refused send stays on record (send_failed_at) and counts toward the limits
      expect(await countAuthRows(t)).toMatchObject({ smsCodes: 1, smsRequests: 1 });
      fake.reply.status = 201;
      expect((await requestSms(t, { region: 'HK', mobile })).status).toBe(8003);
      t.clock.advance(61);
      const before = fake.seen.length;
      const sent = await requestSmsSolving(t, { region: 'HK', mobile }, { lang: 'zh-HK' });
      expect(sent.status).toBe(0);
      expect(fake.seen.length).toBe(before + 1);
      const form = new URLSearchParams(fake.seen.at(-1)!.body);
      expect(form.get('To')).toBe(`+852${mobile}`);
      expect(form.get('Body')).toMatch(/^【港峰證券】您的驗證碼為\d{6}，5分鐘內有效/);
      expect(await countAuthRows(t)).toMatchObject({ smsCodes: 2, smsRequests: 4 });
    } finally {
      await t.close();
    }
  });
});
