import { computeSign } from '@hk/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionInvalidHandler } from '../lib/api-client';
import { getSession, logoutLocally, saveSession } from '../lib/session';
import { getHandoff, setPendingHandoff } from '../lib/session-handoff';
import { fail, fakeServer, ok, setupI18n } from '../lib/test-utils';
import { showToast } from '../lib/toast';
import { captureTokenFromUrl } from '../lib/url-token';
import { SessionHandoffGate } from './session-handoff-gate';

vi.mock('../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  ERROR_TOAST_MS: 3000,
}));

// issue #5 §4.2: a hand-off link's token meets another live session → the person chooses.

const STORED = 'tok_stored_BBBBBBBBBBBBBBBBBBBBBB';
const LINK = 'tok_link_AAAAAAAAAAAAAAAAAAAAAAAA';
const status = (suid: string, mobile_masked: string) =>
  ok({
    suid,
    is_marketing: 0,
    is_show_open_cs_qrcode: 0,
    status: 0,
    bank_type: 0,
    bank_audit: 0,
    info_progress: 10,
    progress: 'opening',
    stages_done: [],
    next_step: 'identity',
    steps: [],
    mobile_masked,
  });

/** The status endpoint, answering per token (`null`: that token is dead, 1001). */
function statusServer(byToken: Record<string, ReturnType<typeof status> | null>) {
  return fakeServer({
    '/v9/OpenAccountHk/status': (body: URLSearchParams) => {
      const answer = byToken[body.get('token') ?? ''];
      return answer ?? fail(1001, 'Please log in again.');
    },
  });
}

const sessionInvalid = vi.fn();
beforeAll(async () => {
  await setupI18n('en');
  setSessionInvalidHandler(sessionInvalid);
});
beforeEach(() => {
  logoutLocally(true);
  setPendingHandoff(null);
  sessionInvalid.mockClear();
  vi.mocked(showToast).mockClear();
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stored session (masked 5123****) and a link carrying another token, as main.tsx handles it. */
function openLinkWithSessionStored() {
  saveSession({ token: STORED, uid: 'u-stored', mobile: '5123****' });
  window.history.replaceState(null, '', `/login?fd_token=${LINK}`);
  return captureTokenFromUrl();
}

function renderApp() {
  return render(
    <StrictMode>
      <SessionHandoffGate>
        <p>app screen</p>
      </SessionHandoffGate>
    </StrictMode>,
  );
}

describe('SessionHandoffGate', () => {
  it('renders the app at once when no hand-off is pending', () => {
    const server = statusServer({});
    renderApp();
    expect(screen.getByText('app screen')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('asks with both masked numbers; nothing else is mounted or called meanwhile', async () => {
    const server = statusServer({
      [STORED]: status('u-stored', '5123****'),
      [LINK]: status('u-link', '9876****'),
    });
    expect(openLinkWithSessionStored()).toBe('ask');
    renderApp();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Signed in now: 5123****')).toBeTruthy();
    expect(within(dialog).getByText('Number in the link: 9876****')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue as 5123****' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Switch to 9876****' })).toBeTruthy();
    expect(screen.queryByText('app screen')).toBeNull();
    // only the two status calls, each made with and signed over its own token
    expect(server.calls.map((c) => c.path)).toEqual(['/v9/OpenAccountHk/status', '/v9/OpenAccountHk/status']);
    expect(server.calls.map((c) => c.body.get('token')).sort()).toEqual([LINK, STORED].sort());
    for (const c of server.calls)
      expect(c.body.get('_sign')).toBe(computeSign(c.body.get('token')!, c.body.get('_t')!, 'test-secret'));
    expect(getSession()?.token).toBe(STORED);
  });

  it('"continue as" keeps the stored session and forgets the link token', async () => {
    statusServer({ [STORED]: status('u-stored', '5123****'), [LINK]: status('u-link', '9876****') });
    openLinkWithSessionStored();
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as 5123****' }));
    expect(await screen.findByText('app screen')).toBeTruthy();
    expect(getSession()).toMatchObject({ token: STORED, uid: 'u-stored', mobile: '5123****' });
    expect(getHandoff()).toBeNull();
  });

  it('"switch to" makes the link token the session, keeping nothing of the previous person', async () => {
    statusServer({ [STORED]: status('u-stored', '5123****'), [LINK]: status('u-link', '9876****') });
    openLinkWithSessionStored();
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to 9876****' }));
    expect(await screen.findByText('app screen')).toBeTruthy();
    expect(getSession()).toMatchObject({ token: LINK, uid: '', mobile: '9876****' });
    expect(getHandoff()).toBeNull();
  });

  it('an expired link token keeps the current session and says so once', async () => {
    statusServer({ [STORED]: status('u-stored', '5123****'), [LINK]: null });
    openLinkWithSessionStored();
    renderApp();
    expect(await screen.findByText('app screen')).toBeTruthy();
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(showToast).mock.calls[0]![0]).toBe(
      'The link has expired. You are still signed in with your current number.',
    );
    expect(getSession()?.token).toBe(STORED);
    expect(screen.queryByRole('dialog')).toBeNull();
    // the link token's 1001 says nothing about the stored session
    expect(sessionInvalid).not.toHaveBeenCalled();
  });

  it('a stored session that had already ended is replaced silently', async () => {
    statusServer({ [STORED]: null, [LINK]: status('u-link', '9876****') });
    openLinkWithSessionStored();
    renderApp();
    expect(await screen.findByText('app screen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getSession()).toMatchObject({ token: LINK, mobile: '9876****' });
    expect(sessionInvalid).not.toHaveBeenCalled();
  });

  it('the same person signed in again in the host app: the link token is taken without asking', async () => {
    statusServer({ [STORED]: status('u-same', '5123****'), [LINK]: status('u-same', '5123****') });
    openLinkWithSessionStored();
    renderApp();
    expect(await screen.findByText('app screen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getSession()).toMatchObject({ token: LINK, uid: 'u-stored', mobile: '5123****' });
  });

  it("still asks when the link's number cannot be checked (network), naming it as unknown", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = init?.body as URLSearchParams;
        if (body.get('token') === LINK) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(status('u-stored', '5123****')));
      }),
    );
    openLinkWithSessionStored();
    renderApp();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Number in the link: not available right now')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: "Switch to the link's number" }));
    });
    expect(getSession()).toMatchObject({ token: LINK, mobile: '' });
  });
});
