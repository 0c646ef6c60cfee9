// The console's sign-in, shell and session end against a fake /backoffice/api (fetch mocked at
// the network boundary: the page logic, the CSRF header and the session handling are real).
import type { StaffRole } from '@hk/domain/staff/roles';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { App } from './app';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { http: number; status: number; data?: unknown; info?: string };

function sessionOf(roles: StaffRole[], csrfToken = 'csrf-1') {
  return {
    staff: { id: 's1', username: 'chan.tm', displayName: 'Chan Tai Man', roles, language: 'zh-CN' },
    csrfToken,
    idleExpiresAt: '2026-11-27T12:30:00.000Z',
    expiresAt: '2026-11-27T20:00:00.000Z',
  };
}

/** Answers by "METHOD path", in order (the last one repeats); records every call. */
function fakeApi(answers: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {})),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const queue = answers[`${method} ${url}`];
    if (!queue?.length) throw new Error(`unexpected call ${method} ${url}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(
      JSON.stringify({ status: answer.status, data: answer.data ?? null, info: answer.info ?? '' }),
      {
        status: answer.http,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const NOT_SIGNED_IN: Answer = { http: 401, status: 1001, info: '请先登录' };

function start(path = '/backoffice/') {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

async function signIn(username = 'chan.tm', password = 'correct horse', totp = '123456') {
  fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: totp } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

beforeEach(() => {
  localStorage.clear();
  initI18n('zh-CN');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in', () => {
  it('shows labelled fields with the right autocomplete hints when nobody is signed in', async () => {
    fakeApi({ 'GET /backoffice/api/session': [NOT_SIGNED_IN] });
    start('/backoffice/');
    const totp = await screen.findByLabelText('验证码');
    expect(totp.getAttribute('inputmode')).toBe('numeric');
    expect(totp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByLabelText('密码').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('用户名').getAttribute('autocomplete')).toBe('username');
    expect(window.location.pathname).toBe('/backoffice/sign-in');
    expect(document.documentElement.lang).toBe('zh-CN');
    // no notice when simply not signed in
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the fields with the domain schema before calling the server', async () => {
    const calls = fakeApi({ 'GET /backoffice/api/session': [NOT_SIGNED_IN] });
    start();
    await signIn('chan.tm', 'pw', '12ab');
    const totp = screen.getByLabelText('验证码');
    await waitFor(() => expect(totp.getAttribute('aria-invalid')).toBe('true'));
    // the message is the field's description, so a screen reader says it where the focus lands
    expect(totp.getAttribute('aria-describedby')?.split(' ')).toContain('sign_in_totp_help');
    await waitFor(() =>
      expect(document.getElementById('sign_in_totp_help')?.textContent).toBe('验证码是 6 位数字'),
    );
    expect(document.activeElement).toBe(totp);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal as an alert, clears the used code, and does not sign in", async () => {
    fakeApi({
      'GET /backoffice/api/session': [NOT_SIGNED_IN],
      'POST /backoffice/api/session': [{ http: 401, status: 1101, info: '用户名、密码或验证码不正确' }],
    });
    start();
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('用户名、密码或验证码不正确');
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('用户名')).toBeTruthy();
  });

  it('signs a reviewer in: the sign-in body, then a menu with only what a reviewer may open', async () => {
    const calls = fakeApi({
      'GET /backoffice/api/session': [NOT_SIGNED_IN],
      'POST /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['reviewer']) }],
    });
    start();
    await signIn(' chan.tm ', 'correct horse', '654321');
    await screen.findByRole('heading', { level: 1, name: '欢迎，Chan Tai Man' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ username: 'chan.tm', password: 'correct horse', totp: '654321' });
    const menu = within(screen.getByRole('navigation', { name: '主菜单' }));
    expect(menu.getByText('审核队列')).toBeTruthy();
    expect(menu.queryByText('员工')).toBeNull();
    expect(menu.queryByText('审计')).toBeNull();
    expect(screen.getByText('审核员')).toBeTruthy();
    expect(window.location.pathname).toMatch(/^\/backoffice\/?$/);
  });

  it('shows an administrator the audit: one staff member’s reads of sensitive data, and one application’s', async () => {
    const event = {
      id: 7,
      at: '2026-11-27T02:30:00.000Z',
      staff: { id: 's2', displayName: 'Lee Ka Yan' },
      what: 'document',
      applicationId: '3f2c1a00-0000-4000-8000-000000000001',
      applicantName: '陳大文 / CHAN TAI MAN',
      caseId: 'c1',
      documentId: 'd1',
      documentKind: '身份证件正面',
      ip: '203.0.113.9',
    };
    const calls = fakeApi({
      'GET /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['administrator']) }],
      'GET /backoffice/api/staff-members': [
        {
          http: 200,
          status: 0,
          data: {
            members: [
              {
                id: 's2',
                username: 'lee.ky',
                displayName: 'Lee Ka Yan',
                roles: ['reviewer'],
                disabled: false,
              },
            ],
          },
        },
      ],
      'GET /backoffice/api/staff-members/s2/access-events': [
        { http: 200, status: 0, data: { events: [event] } },
      ],
      'GET /backoffice/api/applications/3f2c1a00-0000-4000-8000-000000000001/access-events': [
        { http: 200, status: 0, data: { events: [] } },
      ],
    });
    start('/backoffice/audit');
    await screen.findByRole('heading', { level: 1, name: '审计' });
    const select = await screen.findByLabelText('按员工查看读取记录');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Lee Ka Yan (lee.ky)'));
    const row = (await screen.findByText('身份证件正面')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '陳大文 / CHAN TAI MAN' }).getAttribute('href')).toBe(
      '/backoffice/cases/c1',
    );
    expect(row.textContent).toContain('203.0.113.9');
    // by application: the id is checked before it is asked for
    const input = screen.getByLabelText('按申请查看读取记录（申请编号）');
    fireEvent.change(input, { target: { value: 'not an id' } });
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入申请编号（UUID，例如 3f2c…-…）');
    fireEvent.change(input, { target: { value: event.applicationId } });
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect(await screen.findByText('没有读取记录。')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('access-events')).map((c) => c.url)).toEqual([
      '/backoffice/api/staff-members/s2/access-events',
      '/backoffice/api/applications/3f2c1a00-0000-4000-8000-000000000001/access-events',
    ]);
    const menu = within(screen.getByRole('navigation', { name: '主菜单' }));
    expect(menu.getByText('员工')).toBeTruthy();
    expect(menu.getByText('审核队列')).toBeTruthy();
  });

  it('refuses a page the roles do not allow even by its address', async () => {
    fakeApi({
      'GET /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['content_editor']) }],
    });
    start('/backoffice/staff');
    await screen.findByRole('heading', { level: 1, name: '无权访问' });
  });

  it('returns to the deep link after signing in', async () => {
    fakeApi({
      'GET /backoffice/api/session': [NOT_SIGNED_IN],
      'POST /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['approver']) }],
    });
    start('/backoffice/review-queue');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: '审核队列' });
    expect(window.location.pathname).toBe('/backoffice/review-queue');
  });
});

describe('session', () => {
  it('signs out with the CSRF token of the session (kept in memory, not in storage)', async () => {
    const calls = fakeApi({
      'GET /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['reviewer'], 'tok-42') }],
      'DELETE /backoffice/api/session': [{ http: 200, status: 0, data: null }],
    });
    start();
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('您已退出登录');
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.headers['x-csrf-token']).toBe('tok-42');
    expect(calls.find((c) => c.method === 'GET')!.headers['x-csrf-token']).toBeUndefined();
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-42');
    expect(window.location.pathname).toBe('/backoffice/sign-in');
  });

  it('goes back to sign-in saying the session ended when a call answers 401', async () => {
    fakeApi({
      'GET /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['reviewer']) }],
      'DELETE /backoffice/api/session': [{ http: 401, status: 1001, info: '请先登录' }],
    });
    start();
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('您的会话已结束');
    expect(screen.getByLabelText('用户名')).toBeTruthy();
  });

  it('stays signed in and says so when signing out fails on the server', async () => {
    fakeApi({
      'GET /backoffice/api/session': [{ http: 200, status: 0, data: sessionOf(['reviewer']) }],
      'DELETE /backoffice/api/session': [{ http: 503, status: 9, info: '服务暂时不可用' }],
    });
    start();
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('服务暂时不可用');
    expect(screen.getByRole('heading', { level: 1, name: '欢迎，Chan Tai Man' })).toBeTruthy();
  });
});

describe('languages', () => {
  it('switches the page, html lang and the Accept-Language of the next call', async () => {
    const calls = fakeApi({
      'GET /backoffice/api/session': [NOT_SIGNED_IN],
      'POST /backoffice/api/session': [{ http: 401, status: 1101, info: 'Wrong username, password or code' }],
    });
    start();
    await screen.findByLabelText('用户名');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'English' })));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('en');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'b' } });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    expect(calls.find((c) => c.method === 'POST')!.headers['accept-language']).toBe('en');
    expect(localStorage.getItem('hk_backoffice_lang')).toBe('en');
  });
});
