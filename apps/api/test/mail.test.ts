import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@hk/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasMailDevTools, loadConfig } from '../src/config';
import { EMAIL_CODE_MAIL } from '../src/plugins/app/mail/mail-message';
import { maskEmailForLog } from '../src/plugins/app/mail/mailer';
import { createLoggedInUser } from './application-helpers';
import { get, post } from './auth-helpers';
import { createTestApp, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port, keeping what it receives; `refuse` rejects recipients. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse)
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The text part of a received message, decoded (quoted-printable or base64), and its decoded subject. */
function decode(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectRaw = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = subjectRaw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(unfolded)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { subject, text };
}

describe('the smtp mailer against a real SMTP server (smtp-server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp('pglite', {
      mail: {
        kind: 'smtp',
        url: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Harbour Peak Securities <no-reply@example.com>',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function applicant() {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token: user.token });
    return user;
  }

  it('delivers the code mail in the user language; the code verifies', async () => {
    const user = await applicant();
    const email = `smtp.${randomInt(1e9)}@example.com`;
    const sent = await post(
      t,
      '/v9/OpenAccountHk/mailCheck',
      { action: 'send', email },
      { token: user.token, lang: 'zh-HK' },
    );
    expect(sent.status).toBe(0);
    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual([email]);
    expect(message.from).toBe('no-reply@example.com');
    const { subject, text } = decode(message.raw);
    expect(subject).toBe('【港峰證券】電郵驗證碼');
    const code = /(\d{6})/.exec(text)?.[1];
    expect(code, text).toMatch(/^\d{6}$/);
    expect(text).toContain('5分鐘內有效');
    // no outbox and no dev route with a real mailer
    expect(t.app.ctx.mailer.outbox).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/dev/mail?email=${email}` })).statusCode).toBe(404);
    const ok = await post(
      t,
      '/v9/OpenAccountHk/mailCheck',
      { action: 'verify', email, code },
      { token: user.token },
    );
    expect(ok.status).toBe(0);
    expect(ok.data).toMatchObject({ verified: true, email });
  });

  it('English mail; a recipient the server refuses is said at the email field, and recorded', async () => {
    const user = await applicant();
    const email = `en.${randomInt(1e9)}@example.com`;
    await post(
      t,
      '/v9/OpenAccountHk/mailCheck',
      { action: 'send', email },
      { token: user.token, lang: 'en' },
    );
    const { subject, text } = decode(smtp.received.at(-1)!.raw);
    expect(subject).toBe('[Harbour Peak Securities] Your email verification code');
    expect(text).toMatch(/Your code is: \d{6}/);
    expect(text).toContain('valid for 5 minutes');

    smtp.state.refuse = true;
    const count = smtp.received.length;
    t.clock.advance(61);
    const refused = await post(
      t,
      '/v9/OpenAccountHk/mailCheck',
      { action: 'send', email },
      { token: user.token, lang: 'en' },
    );
    smtp.state.refuse = false;
    expect(refused.status).toBe(1002);
    expect(refused.data).toEqual({
      fields: { email: 'The email could not be sent. Please check the address or try again later.' },
    });
    expect(smtp.received.length).toBe(count);
  });
});

describe('the console mailer and GET /dev/mail (outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the mail in the outbox, served by /dev/mail newest first', async () => {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token: user.token });
    const email = `dev.${randomInt(1e9)}@example.com`;
    await post(
      t,
      '/v9/OpenAccountHk/mailCheck',
      { action: 'send', email },
      { token: user.token, lang: 'zh-CN' },
    );
    const res = await get<{ to: string; subject: string; code: string; text: string }[]>(t, '/dev/mail', {
      email: email.toUpperCase(),
    });
    expect(res.status).toBe(0);
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ to: email, subject: '【港峰证券】邮箱验证码' });
    expect(res.data[0]!.text).toContain(res.data[0]!.code);
    const none = await get<unknown[]>(t, '/dev/mail', { email: 'nobody@example.com' });
    expect(none.data).toEqual([]);
  });
});

describe('mail texts', () => {
  it.each(LANGUAGES)('%s: a subject and a text with the code and its minutes', (lang) => {
    const m = EMAIL_CODE_MAIL[lang];
    expect(m.subject.trim()).not.toBe('');
    expect(m.text).toContain('{{code}}');
    expect(m.text).toContain('{{minutes}}');
  });
  it('the log shows no address', () => {
    expect(maskEmailForLog('chan.tai.man@example.com')).toBe('c***@example.com');
    expect(maskEmailForLog('nonsense')).toBe('***');
  });
});

describe('MAIL_PROVIDER configuration', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const dir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'hk-mail-config-'));
    dirs.push(d);
    return d;
  };
  const production = () => ({
    NODE_ENV: 'production',
    DATA_DIR: dir(),
    DATA_KEY: randomBytes(32).toString('hex'),
    LINK_KEY: randomBytes(32).toString('hex'),
    SIGN_SECRET: 'prod-secret',
    EVIDENCE_SIGNING_KEY: randomBytes(32).toString('hex'),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'tok',
    TWILIO_FROM: '+85230000000',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    MAIL_FROM: 'Harbour Peak Securities <no-reply@example.com>',
  });

  it('console by default outside production, with the dev outbox', () => {
    const config = loadConfig({ DATA_DIR: dir(), NODE_ENV: 'development' });
    expect(config.mail).toEqual({ kind: 'console' });
    expect(hasMailDevTools(config)).toBe(true);
    expect(hasMailDevTools({ ...config, isProduction: true })).toBe(false);
  });

  it('production starts with smtp and refuses the console mailer', () => {
    const config = loadConfig(production());
    expect(config.mail).toEqual({
      kind: 'smtp',
      url: 'smtps://user:pass@smtp.example.com:465',
      from: 'Harbour Peak Securities <no-reply@example.com>',
    });
    expect(hasMailDevTools(config)).toBe(false);
    const { MAIL_PROVIDER: _, ...noProvider } = production();
    expect(() => loadConfig(noProvider)).toThrow(/MAIL_PROVIDER/);
    expect(() => loadConfig({ ...production(), MAIL_PROVIDER: 'console' })).toThrow(/MAIL_PROVIDER/);
  });

  it('smtp needs SMTP_URL and MAIL_FROM; an unknown provider or a non-smtp URL is refused', () => {
    expect(() => loadConfig({ ...production(), SMTP_URL: '' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...production(), MAIL_FROM: '' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ ...production(), SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), MAIL_PROVIDER: 'sendgrid' })).toThrow(/MAIL_PROVIDER/);
  });
});
