import { computeSign, SIGN_MAX_SKEW_MS } from '@hk/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, apiGet, apiPost, apiUpload } from './api-client';
import { learnServerTime, resetServerClock, serverClockOffset, serverNow } from './server-clock';
import { logoutLocally, saveSession } from './session';
import { setupI18n } from './test-utils';

// issue #5 §4.6: a phone whose clock is 10 minutes off still signs requests the server accepts.

const SECRET = 'test-secret'; // test-utils sets __SIGN_SECRET__
const MIN = 60_000;
const realNow = Date.now.bind(Date);
const Data = z.object({ status: z.number(), data: z.unknown(), info: z.string() });

/** The server's side of a request: its `_t`, checked as apps/api does (within 5 minutes). */
interface Seen {
  t: number;
  sign: string;
  token: string | null;
  bearer: string | null;
}

/**
 * A server whose clock is the real one, behind `fetch`: it answers 1004 when `_t` is more than
 * 5 minutes from its clock (or always, with `alwaysStale`), and sends a `Date` header like Node.
 */
function clockServer(opts: { alwaysStale?: boolean } = {}) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const params = init?.body instanceof URLSearchParams ? init.body : url.searchParams;
      const h = new Headers(init?.headers);
      const t = Number(params.get('_t'));
      seen.push({
        t,
        sign: params.get('_sign') ?? '',
        token: params.get('token'),
        bearer: h.get('authorization'),
      });
      const now = realNow();
      const stale = opts.alwaysStale || Math.abs(now - t) > SIGN_MAX_SKEW_MS;
      const body = stale ? { status: 1004, data: null, info: 'stale' } : { status: 0, data: {}, info: '' };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json', date: new Date(now).toUTCString() },
      });
    }),
  );
  return seen;
}

/** The phone's clock, `skewMs` off the real time. */
function skewLocalClock(skewMs: number) {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skewMs);
}

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetServerClock();
  logoutLocally(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe.each([
  ['behind', -10 * MIN],
  ['ahead', 10 * MIN],
])('a local clock 10 minutes %s', (_label, skew) => {
  it('the first call is refused as stale once, retried once with the server time, and succeeds', async () => {
    skewLocalClock(skew);
    const seen = clockServer();
    const res = await apiPost('/v9/OpenAccountHk/status', {}, Data);
    expect(res.status).toBe(0);
    expect(seen).toHaveLength(2);
    expect(Math.abs(seen[0]!.t - realNow())).toBeGreaterThan(9 * MIN);
    // the retry's `_t` is fresh and is the server's time, to the second
    expect(Math.abs(seen[1]!.t - realNow())).toBeLessThan(1500);
    expect(seen[1]!.sign).toBe(computeSign('', String(seen[1]!.t), SECRET));
  });

  it('later calls sign with the server time straight away (no second refusal)', async () => {
    skewLocalClock(skew);
    const seen = clockServer();
    await apiPost('/v9/OpenAccountHk/status', {}, Data);
    saveSession({ token: 'tok_live_session_0123456789' });
    await apiGet('/user/login/get_region_list', { type: 'open' }, Data);
    await apiPost('/app/index/getIpInfo', {}, Data);
    expect(seen).toHaveLength(4);
    for (const s of seen.slice(2)) {
      expect(Math.abs(s.t - realNow())).toBeLessThan(1500);
      expect(s.sign).toBe(computeSign('tok_live_session_0123456789', String(s.t), SECRET));
    }
    expect(Math.abs(serverNow() - realNow())).toBeLessThan(1500);
  });
});

describe('stale-timestamp retry', () => {
  it('retries exactly once: a second 1004 is the answer', async () => {
    skewLocalClock(-10 * MIN);
    const seen = clockServer({ alwaysStale: true });
    const err = await apiPost('/v9/OpenAccountHk/status', {}, Data).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(1004);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.t).toBeGreaterThan(seen[0]!.t + 9 * MIN);
  });

  it('does not retry other refusals, and a correct clock makes one call', async () => {
    const seen = clockServer();
    await apiPost('/v9/OpenAccountHk/status', {}, Data);
    expect(seen).toHaveLength(1);
    expect(serverClockOffset()).toBe(0);
  });
});

describe('learnServerTime (the Date header has a resolution of one second)', () => {
  it('keeps a correct clock at offset 0 whatever part of the second the server answered in', () => {
    const base = Date.UTC(2026, 10, 1, 8, 0, 0);
    for (const within of [0, 1, 250, 499, 500, 750, 999]) {
      for (const rtt of [5, 80, 600]) {
        const receivedAt = base + within + rtt / 2;
        learnServerTime(new Date(base).toUTCString(), receivedAt - rtt, receivedAt);
        expect(serverClockOffset()).toBe(0);
      }
    }
  });

  it('adopts a large offset to within a second, and then ignores sub-second noise', () => {
    const server = Date.UTC(2026, 10, 1, 8, 0, 0) + 400;
    const local = server + 10 * MIN;
    expect(learnServerTime(new Date(server).toUTCString(), local - 50, local + 50)).toBe(true);
    const first = serverClockOffset();
    expect(Math.abs(first - -10 * MIN)).toBeLessThanOrEqual(1000);
    expect(learnServerTime(new Date(server + 1000).toUTCString(), local + 950, local + 1050)).toBe(false);
    expect(serverClockOffset()).toBe(first);
  });

  it('ignores a missing or unreadable header', () => {
    expect(learnServerTime(null, 0, 10)).toBe(false);
    expect(learnServerTime('yesterday-ish', 0, 10)).toBe(false);
    expect(serverClockOffset()).toBe(0);
  });
});

/** A stand-in for XMLHttpRequest (jsdom's would go to the network): the same server rules. */
function xhrServer() {
  const seen: number[] = [];
  class FakeXhr {
    static readonly seen = seen;
    url = '';
    status = 200;
    response: unknown = null;
    timeout = 0;
    responseType = '';
    upload = { onprogress: null as null | ((e: ProgressEvent) => void) };
    onload: null | (() => void) = null;
    onerror: null | (() => void) = null;
    ontimeout: null | (() => void) = null;
    private date = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'date' ? this.date : null;
    }
    send() {
      const t = Number(new URL(this.url, 'http://localhost').searchParams.get('_t'));
      seen.push(t);
      const now = realNow();
      this.date = new Date(now).toUTCString();
      this.response =
        Math.abs(now - t) > SIGN_MAX_SKEW_MS
          ? { status: 1004, data: null, info: 'stale' }
          : { status: 0, data: { document_id: 'd1' }, info: '' };
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return seen;
}

describe('uploads (common parameters in the query string)', () => {
  it('a 10-minutes-ahead phone uploads after one refusal, with the server time', async () => {
    skewLocalClock(10 * MIN);
    const seen = xhrServer();
    const res = await apiUpload('/v9/OpenAccountHk/upload', new FormData(), Data);
    expect(res.status).toBe(0);
    expect(seen).toHaveLength(2);
    expect(Math.abs(seen[1]! - realNow())).toBeLessThan(1500);
  });

  it('uses the offset learnt from earlier calls at once', async () => {
    skewLocalClock(-10 * MIN);
    clockServer();
    await apiPost('/v9/OpenAccountHk/status', {}, Data);
    const seen = xhrServer();
    await apiUpload('/v9/OpenAccountHk/upload', new FormData(), Data);
    expect(seen).toHaveLength(1);
    expect(Math.abs(seen[0]! - realNow())).toBeLessThan(1500);
  });
});

describe('a call made with an explicit token', () => {
  it('is signed over that token and sends it, without storing it or touching the stored one', async () => {
    saveSession({ token: 'tok_stored_session_000000000' });
    const seen = clockServer();
    await apiPost('/v9/OpenAccountHk/status', {}, Data, { token: 'tok_from_the_link_111111111' });
    await apiPost('/v9/OpenAccountHk/status', {}, Data);
    expect(seen[0]!.token).toBe('tok_from_the_link_111111111');
    expect(seen[0]!.bearer).toBe('Bearer tok_from_the_link_111111111');
    expect(seen[0]!.sign).toBe(computeSign('tok_from_the_link_111111111', String(seen[0]!.t), SECRET));
    expect(seen[1]!.token).toBe('tok_stored_session_000000000');
    expect(seen[1]!.bearer).toBe('Bearer tok_stored_session_000000000');
  });
});
