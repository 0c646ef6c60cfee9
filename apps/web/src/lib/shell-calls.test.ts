import { STORAGE_DEFAULT_TTL_S, STORAGE_PREFIX } from '@hk/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { syncCaType } from '../features/auth/api/get-ca';
import { postMailCheck } from '../features/personal/api/mail-check';
import { fetchAudit } from './api/submit-api';
import { apiGet, apiPost, setSessionInvalidHandler } from './api-client';
import { captureEntryParams } from './entry-params';
import { LANG_STORE_KEY, setLanguage, storedLanguage } from './i18n';
import { getSession, logoutLocally, saveSession } from './session';
import { readStored } from './storage';
import { setupI18n } from './test-utils';

// Issue #17: the shell's calls and storage as spec §3, §4, §7 and §8 say them.

const Any = z.object({ status: z.number(), data: z.unknown(), info: z.string() });

interface Sent {
  path: string;
  headers: Headers;
  contentType: string | null;
  body: RequestInit['body'];
}

/** `fetch` answering `answer` (an envelope) to every call, recording what was sent. */
function server(answer: (path: string) => unknown = () => ({ status: 0, data: {}, info: '' })) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      sent.push({ path: url.pathname, headers, contentType: headers.get('content-type'), body: init?.body });
      return new Response(JSON.stringify(answer(url.pathname)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  logoutLocally(true);
  sessionStorage.clear();
  captureEntryParams('');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setSessionInvalidHandler(() => {});
});

describe('item 2: status 1 on a general call ends the session (spec §4, §8)', () => {
  it('status 1 and 1001 on a general call log out; the login call and a token tried aside do not', async () => {
    saveSession({ token: 'tok_live_session_0000000000000000000000' });
    const ended = vi.fn();
    setSessionInvalidHandler(ended);
    for (const status of [1, 1001]) {
      server(() => ({ status, data: null, info: 'x' }));
      await expect(apiPost('/v9/OpenAccountHk/status', {}, Any)).rejects.toMatchObject({ status });
    }
    expect(ended).toHaveBeenCalledTimes(2);

    ended.mockClear();
    server(() => ({ status: 1, data: null, info: 'x' }));
    await expect(
      apiPost('/V9/OpenAccountHk/check_verify_code', {}, Any, { isLogin: true }),
    ).rejects.toThrow();
    await expect(apiPost('/v9/OpenAccountHk/status', {}, Any, { token: 'tok_other' })).rejects.toThrow();
    expect(ended).not.toHaveBeenCalled();
  });

  it('other statuses leave the session alone', async () => {
    const ended = vi.fn();
    setSessionInvalidHandler(ended);
    server(() => ({ status: 1002, data: { fields: {} }, info: 'x' }));
    await expect(apiPost('/v9/OpenAccountHk/status', {}, Any)).rejects.toMatchObject({ status: 1002 });
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('item 7: the `lang` header from the query (spec §7)', () => {
  it('every request carries the entry link’s `lang` as a header: POST, GET', async () => {
    captureEntryParams('?lang=zh-HK&source=x');
    const sent = server();
    await apiPost('/app/index/getIpInfo', {}, Any);
    await apiGet('/user/login/get_region_list', { type: 'open' }, Any);
    expect(sent.map((s) => s.headers.get('lang'))).toEqual(['zh-HK', 'zh-HK']);
  });

  it('no header without `lang` in the query, nor for a value that is no language tag', async () => {
    const sent = server();
    await apiPost('/app/index/getIpInfo', {}, Any);
    captureEntryParams('?lang=en%0D%0AX-Evil:%201');
    await apiPost('/app/index/getIpInfo', {}, Any);
    expect(sent.map((s) => s.headers.has('lang'))).toEqual([false, false]);
  });
});

describe('item 8: mailCheck and audit are form-encoded (spec §7)', () => {
  it('mailCheck sends its fields as a form', async () => {
    const sent = server(() => ({
      status: 0,
      data: { action: 'send', email: 'a@b.co', verified: false },
      info: '',
    }));
    await postMailCheck({ action: 'send', email: 'a@b.co' });
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    const body = sent[0]!.body as URLSearchParams;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.get('action')).toBe('send');
    expect(body.get('email')).toBe('a@b.co');
    expect(body.get('_sign')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('audit is a form of the common parameters', async () => {
    saveSession({ token: 'tok_live_session_0000000000000000000000' });
    const sent = server(() => ({
      status: 0,
      data: { status: 0, steps: [], blocking: [], submission: null },
      info: '',
    }));
    await fetchAudit();
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect((sent[0]!.body as URLSearchParams).get('token')).toBe('tok_live_session_0000000000000000000000');
  });
});

describe('item 3: the language choice is a stored value with an expiry (spec §3)', () => {
  it('hk_lang holds the value and its expiry, the default 7200 s', async () => {
    const before = Date.now();
    await setLanguage('zh-HK');
    const raw = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}${LANG_STORE_KEY}`) ?? 'null');
    expect(raw.value).toBe('zh-HK');
    expect(raw.expires).toBeGreaterThanOrEqual(before + STORAGE_DEFAULT_TTL_S * 1000);
    expect(raw.expires).toBeLessThanOrEqual(Date.now() + STORAGE_DEFAULT_TTL_S * 1000);
    expect(storedLanguage()).toBe('zh-HK');
    // mirrored into a cookie for the server's prerendered /login (decision 029), for as long
    expect(document.cookie).toMatch(/(^|; )hk_lang=zh-HK(;|$)/);
    await setLanguage('en');
    expect(document.cookie).toMatch(/(^|; )hk_lang=en(;|$)/);
  });

  it('an expired choice is gone; a raw value from before is honoured once and stored with an expiry', () => {
    vi.useFakeTimers({ now: Date.now() });
    localStorage.setItem('hk_lang', JSON.stringify({ value: 'zh-HK', expires: Date.now() + 1000 }));
    vi.advanceTimersByTime(1001);
    expect(storedLanguage()).toBeNull();
    expect(localStorage.getItem('hk_lang')).toBeNull();

    localStorage.setItem('hk_lang', 'en');
    expect(storedLanguage()).toBe('en');
    expect(JSON.parse(localStorage.getItem('hk_lang')!)).toMatchObject({ value: 'en' });
    localStorage.setItem('hk_lang', 'klingon');
    expect(storedLanguage()).toBeNull();
  });

  it('a full logout keeps the language', async () => {
    await setLanguage('zh-HK');
    saveSession({ token: 'tok_live_session_0000000000000000000000' });
    logoutLocally(true);
    expect(getSession()).toBeNull();
    expect(storedLanguage()).toBe('zh-HK');
    await setLanguage('en');
  });
});

describe('item 5: getCA at start-up is stored as caType (spec §7)', () => {
  it('logged out: kept as hk_caType with an expiry, and a session made later starts from it', async () => {
    captureEntryParams('?caType=gd');
    const sent = server(() => ({ status: 0, data: 'gd', info: '' }));
    await syncCaType();
    expect(sent[0]!.path).toBe('/v9/OpenAccountHk/getCA');
    expect(readStored('caType')).toBe('gd');
    expect(JSON.parse(localStorage.getItem('hk_caType')!).expires).toBeGreaterThan(Date.now());
    saveSession({ token: 'tok_live_session_0000000000000000000000' });
    expect(getSession()?.caType).toBe('gd');
  });

  it('a failed call stores nothing and the default stays', async () => {
    server(() => ({ status: 1099, data: null, info: 'x' }));
    await syncCaType();
    expect(readStored('caType')).toBeNull();
    saveSession({ token: 'tok_live_session_0000000000000000000000' });
    expect(getSession()?.caType).toBe('sz');
  });
});
