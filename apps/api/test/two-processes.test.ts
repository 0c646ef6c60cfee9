import { randomBytes } from 'node:crypto';
import { computeSign } from '@hk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../scripts/lib/server.mjs';
import { images } from './application-helpers';
import { findPostgres, freshDatabaseUrl } from './helpers';

/**
 * issue #5 §3: two real server processes on one PostgreSQL, each with its own DATA_DIR (no shared
 * disk), behave as one: a photo uploaded through one is read back through the other.
 */
const pgUrl = await findPostgres();
const SECRET = 'two-processes-secret';

describe.skipIf(!pgUrl)('two server processes on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('postgres');
    drop = db.drop;
    const env = {
      SIGN_SECRET: SECRET,
      DATA_KEY: randomBytes(32).toString('hex'),
      LINK_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
    };
    // one after the other: the second also runs the migrations (an advisory lock makes it wait)
    [a, b] = await Promise.all([
      startServer({ name: 'two-proc-a', env, databaseUrl: db.url! }),
      startServer({ name: 'two-proc-b', env, databaseUrl: db.url! }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  const common = (subject: string) => {
    const t = String(Date.now());
    return {
      broker: 'HPS',
      version: 'hk9.0',
      open_type: 'NewAccount',
      _t: t,
      _sign: computeSign(subject, t, SECRET),
    };
  };
  const headers = { 'device-id': 'two-processes-device', 'x-forwarded-for': '203.0.113.9' };

  async function call(
    server: RunningServer,
    path: string,
    body: Record<string, string | string[]>,
    token?: string,
  ) {
    const form = new URLSearchParams();
    const subject = token ?? body.mobile ?? '';
    for (const [k, v] of Object.entries({ ...common(String(subject)), ...body }))
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
    return (await res.json()) as { status: number; data: Record<string, unknown>; info: string };
  }

  it('logs in on A, uploads on A, reads the photo on B; deletes on B, gone on A', async () => {
    const mobile = `5${String(Date.now()).slice(-7)}`;
    expect((await call(a, '/V9/OpenAccountHk/request_verify_code', { region: 'HK', mobile })).status).toBe(0);
    const inbox = (await (await fetch(`${a.url}/dev/sms?mobile=${mobile}`)).json()) as {
      data: { code: string }[];
    };
    const code = inbox.data[0]!.code;
    // the code was stored in the shared database: B accepts it
    const login = await call(b, '/V9/OpenAccountHk/check_verify_code', {
      region: 'HK',
      mobile,
      code,
      isRead: '1',
    });
    expect(login.status, login.info).toBe(0);
    const token = login.data.token as string;

    expect((await call(a, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, token)).status).toBe(0);
    expect((await call(b, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, token)).status).toBe(0);

    const photo = await images.jpeg(1000, 640);
    const form = new FormData();
    form.append('kind', 'id_front');
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'front.jpg');
    const query = new URLSearchParams(common(token));
    const up = await fetch(`${a.url}/v9/OpenAccountHk/upload?${query}`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: form,
    });
    const uploaded = (await up.json()) as { status: number; data: { document_id: string } };
    expect(uploaded.status).toBe(0);
    const id = uploaded.data.document_id;

    const fromA = await fetch(`${a.url}/v9/OpenAccountHk/file/${id}?${new URLSearchParams(common(token))}`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const fromB = await fetch(`${b.url}/v9/OpenAccountHk/file/${id}?${new URLSearchParams(common(token))}`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    expect(bytesB.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect(bytesB.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

    // the ID step as B sees it lists the photo uploaded through A
    const info = await call(b, '/v9/OpenAccountHk/info', {}, token);
    expect(
      (info.data.id_step as { documents: { document_id: string }[] }).documents.map((d) => d.document_id),
    ).toEqual([id]);

    expect((await call(b, '/v9/OpenAccountHk/del_file', { document_id: id }, token)).status).toBe(0);
    const gone = await fetch(`${a.url}/v9/OpenAccountHk/file/${id}?${new URLSearchParams(common(token))}`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(((await gone.json()) as { status: number }).status).toBe(3003);
  }, 60_000);
});
