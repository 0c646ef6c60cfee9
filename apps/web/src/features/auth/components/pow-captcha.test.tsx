// issue #16: the image captcha's alternative, from the login form (the solving itself: packages/domain/src/pow.test.ts)
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutLocally } from '../../../lib/session';
import { fail, fakeServer, ok, renderAt, setupI18n } from '../../../lib/test-utils';
import { showToast } from '../../../lib/toast';
import { runPow } from '../pow/run-pow';
import { LoginPage } from './login-page';

vi.mock('../../../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  showLoadingToast: vi.fn(async () => {}),
  clearToast: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  preloadOverlays: vi.fn(),
  loadOverlayBase: vi.fn(async () => {}),
}));
// jsdom has no Worker; the solving is tested on its own
vi.mock('../pow/run-pow', () => ({ runPow: vi.fn(async () => '4242') }));

const REGIONS = [
  { code: 'HK', country: 'Hong Kong, China', No: '852' },
  { code: 'GB', country: 'United Kingdom', No: '44' },
];
const CHALLENGE = { algorithm: 'SHA-256', salt: 'ab', challenge: 'cd'.repeat(32), maxnumber: 1000000 };

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  logoutLocally(true);
  vi.mocked(showToast).mockClear();
  vi.mocked(runPow).mockClear();
});
afterEach(cleanup);

async function openAlternative() {
  renderAt('/login', <LoginPage />);
  fireEvent.click(screen.getByRole('button', { name: /^Phone region/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'United Kingdom +44' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), {
    target: { value: '7400123456' },
  });
  fireEvent.click(await screen.findByRole('button', { name: "Can't read the image? Check without it" }));
  const group = await screen.findByRole('group', { name: 'Check without an image' });
  return group;
}

describe('/login: the check without an image (issue #16)', () => {
  it('replaces the image, takes focus, and sends the solved challenge instead of an image code', async () => {
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok('data:image/png;base64,iVBORw0KGgo='),
      '/services/pow_challenge': ok(CHALLENGE),
      '/V9/OpenAccountHk/request_verify_code': ok({ interval: 60 }),
    });
    const group = await openAlternative();
    // focus moves into what opened, so a screen reader reads it; nothing to type any more
    expect(document.activeElement).toBe(group);
    expect(screen.queryByRole('textbox', { name: 'Image code' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /^Resend in/ });
    const challenge = server.calls.find((c) => c.path === '/services/pow_challenge');
    expect(challenge?.body.get('region')).toBe('GB');
    expect(challenge?.body.get('mobile')).toBe('7400123456');
    expect(vi.mocked(runPow)).toHaveBeenCalledWith(CHALLENGE);
    const sent = server.calls.find((c) => c.path === '/V9/OpenAccountHk/request_verify_code');
    expect(sent?.body.get('pow_solution')).toBe('4242');
    expect(sent?.body.has('image_code')).toBe(false);
    // the state is announced from a status region
    expect(screen.getByRole('status').textContent).toBe('Check passed. Sending the code.');
    expect(toasts()).toContain('Code sent');
  });

  it('announces a refused answer and can go back to the image', async () => {
    fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok('data:image/png;base64,iVBORw0KGgo='),
      '/services/pow_challenge': ok(CHALLENGE),
      '/V9/OpenAccountHk/request_verify_code': fail(8002, 'Incorrect image code.'),
    });
    await openAlternative();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The check could not be completed. Please press “Get code” again.',
      ),
    );
    expect(toasts()).toContain('Incorrect image code.');
    fireEvent.click(screen.getByRole('button', { name: 'Use the image code instead' }));
    expect(await screen.findByRole('textbox', { name: 'Image code' })).toBeTruthy();
  });

  it.each([
    ['zh-CN', '看不清图片？改用无需图片的验证', '无需图片的验证'],
    ['zh-HK', '看不清圖片？改用無需圖片的驗證', '無需圖片的驗證'],
  ] as const)('%s: offered and named in the language', async (lng, toggle, title) => {
    await setupI18n(lng);
    try {
      fakeServer({
        '/user/login/get_region_list': ok(REGIONS),
        '/services/image_code': ok('data:image/png;base64,iVBORw0KGgo='),
      });
      renderAt('/login', <LoginPage />);
      fireEvent.click(screen.getByRole('button', { name: /^(Phone region|手机号地区|手機號碼地區)/ }));
      fireEvent.click(await screen.findByRole('option', { name: /\+44$/ }));
      fireEvent.click(await screen.findByRole('button', { name: toggle }));
      expect(await screen.findByRole('group', { name: title })).toBeTruthy();
    } finally {
      await setupI18n('en');
    }
  });
});

const toasts = () => vi.mocked(showToast).mock.calls.map((c) => c[0]);
