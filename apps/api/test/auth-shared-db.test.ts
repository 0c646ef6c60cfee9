import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countAuthRows,
  hkMobile,
  login,
  post,
  randomIp,
  requestSms,
  requestSmsSolving,
} from './auth-helpers';
import { createTestApp, findPostgres, type TestApp } from './helpers';

const pgUrl = await findPostgres();

// Issue #2 §3: two server processes on one PostgreSQL must behave as one. Two apps (two pools,
// two in-process "servers") share one database and one key, as two processes of a deployment do.
describe.skipIf(!pgUrl)('two app instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp(
      'postgres',
      { dataKey: a.config.dataKey, linkKey: a.config.linkKey },
      { databaseUrl: a.databaseUrl! },
    );
  });
  afterAll(async () => {
    await b?.close(); // b only disconnects; a drops the database
    await a?.close();
  });
  const sync = () => {
    b.clock.now = a.clock.now;
  };

  it('enforce the 60 s limit together, one after the other', async () => {
    sync();
    const mobile = hkMobile();
    expect((await requestSms(a, { region: 'HK', mobile })).status).toBe(0);
    expect((await requestSms(b, { region: 'HK', mobile })).status).toBe(8003);
    a.clock.advance(61);
    sync();
    // the refused ask counted (in the shared table) toward the captcha rule
    expect((await requestSmsSolving(b, { region: 'HK', mobile })).status).toBe(0);
  });

  it('enforce the 60 s limit together under concurrent requests: exactly one code is sent', async () => {
    for (let round = 0; round < 5; round++) {
      sync();
      const mobile = hkMobile();
      const before = (await countAuthRows(a)).smsCodes;
      const results = await Promise.all([
        requestSms(a, { region: 'HK', mobile }, { ip: randomIp() }),
        requestSms(b, { region: 'HK', mobile }, { ip: randomIp() }),
        requestSms(a, { region: 'HK', mobile }, { ip: randomIp() }),
        requestSms(b, { region: 'HK', mobile }, { ip: randomIp() }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(0);
      expect(statuses.filter((s) => s === 0)).toHaveLength(1);
      for (const s of statuses.slice(1)) expect([8003, 8001]).toContain(s);
      expect((await countAuthRows(a)).smsCodes - before).toBe(1);
    }
  });

  it('a code sent through one logs in through the other, once', async () => {
    sync();
    const mobile = hkMobile();
    expect((await requestSms(a, { region: 'HK', mobile })).status).toBe(0);
    const code = a.sms.lastCodeFor(mobile)!;
    const [x, y] = await Promise.all([
      login(b, { region: 'HK', mobile, code }),
      login(a, { region: 'HK', mobile, code }),
    ]);
    expect([x.status, y.status].sort()).toEqual([0, 8011]);
  });

  it('a session made by one is revoked for both', async () => {
    sync();
    const mobile = hkMobile();
    await requestSms(a, { region: 'HK', mobile });
    const res = await login(a, { region: 'HK', mobile, code: a.sms.lastCodeFor(mobile)! });
    expect((await post(b, '/V9/OpenAccountHk/logout', {}, { token: res.data.token })).status).toBe(0);
    expect((await post(a, '/V9/OpenAccountHk/logout', {}, { token: res.data.token })).status).toBe(1001);
  });
});
