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

// issue #16: the login's own captcha (asked after 3 wrong codes for the mobile) has the same alternative
describe('/login: the check without an image for the login’s captcha (issue #16)', () => {
  const LOGIN = '/V9/OpenAccountHk/check_verify_code';
  const loginData = {
    uid: 'u1',
    token: 'tok_abcdefghijklmnopqrstuvwxyz',
    status: 1,
    region: 'HK',
    mobile_masked: '5123****',
    expires_in: 86400,
  };

  /** A HK number and a code typed, the login answered 8001: the captcha row is the login's. */
  async function loginAskedForCaptcha(answers: unknown[]) {
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok('data:image/png;base64,iVBORw0KGgo='),
      '/services/pow_challenge': ok(CHALLENGE),
      [LOGIN]: () => answers.shift(),
      '/v9/OpenAccountHk/getCA': ok('sz'),
    });
    renderAt('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('checkbox', { name: /^(I have read and agree|我已阅读|我已閱讀)/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /^(Mobile number|手机号码|手機號碼)$/ }), {
      target: { value: '51234567' },
    });
    const sms = screen.getByRole('textbox', { name: /^(SMS code|短信验证码|短訊驗證碼)$/ });
    fireEvent.change(sms, { target: { value: '123456' } });
    fireEvent.submit((sms as HTMLInputElement).form!);
    const logins = () => server.calls.filter((c) => c.path === LOGIN);
    await waitFor(() => expect(logins()).toHaveLength(1));
    return { server, logins, submit: () => fireEvent.submit((sms as HTMLInputElement).form!) };
  }

  it('is offered beside the login’s image and sends a solved challenge in place of image_code', async () => {
    const { server, logins, submit } = await loginAskedForCaptcha([
      fail(8001, 'Please enter the image code.'),
      ok(loginData),
    ]);
    expect(await screen.findByRole('textbox', { name: 'Image code' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: "Can't read the image? Check without it" }));
    const group = await screen.findByRole('group', { name: 'Check without an image' });
    expect(document.activeElement).toBe(group);
    // it says which button starts it: the login's, not "Get code"
    expect(group.textContent).toContain('when you press “Quick account opening”');
    expect(screen.queryByRole('textbox', { name: 'Image code' })).toBeNull();
    const images = server.calls.filter((c) => c.path === '/services/image_code').length;

    // nothing to type: the form does not ask for the image code
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
    const challenge = server.calls.find((c) => c.path === '/services/pow_challenge');
    expect(challenge?.body.get('region')).toBe('HK');
    expect(challenge?.body.get('mobile')).toBe('51234567');
    expect(vi.mocked(runPow)).toHaveBeenCalledWith(CHALLENGE);
    expect(logins()).toHaveLength(2);
    expect(logins()[1]!.body.get('pow_solution')).toBe('4242');
    expect(logins()[1]!.body.get('code')).toBe('123456');
    expect(logins()[1]!.body.has('image_code')).toBe(false);
    expect(toasts()).not.toContain('Graphic captcha cannot be empty');
    // no new image replaced the device's challenge
    expect(server.calls.filter((c) => c.path === '/services/image_code')).toHaveLength(images);
  });

  it('announces a refused check and solves a new challenge for the next try', async () => {
    vi.mocked(runPow).mockResolvedValueOnce('4242').mockResolvedValueOnce('777');
    const { server, logins, submit } = await loginAskedForCaptcha([
      fail(8001, 'Please enter the image code.'),
      fail(8002, 'The image code is wrong or has expired. Please try again.'),
      ok(loginData),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: "Can't read the image? Check without it" }));
    await screen.findByRole('group', { name: 'Check without an image' });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The check could not be completed. Please press “Quick account opening” again.',
      ),
    );
    expect(toasts()).toContain('The image code is wrong or has expired. Please try again.');
    expect(logins()[1]!.body.get('pow_solution')).toBe('4242');

    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
    expect(server.calls.filter((c) => c.path === '/services/pow_challenge')).toHaveLength(2);
    expect(logins()[2]!.body.get('pow_solution')).toBe('777');
  });

  it.each([
    ['zh-CN', '看不清图片？改用无需图片的验证', '无需图片的验证', '点击“快速开户”后'],
    ['zh-HK', '看不清圖片？改用無需圖片的驗證', '無需圖片的驗證', '按「快速開戶」後'],
  ] as const)('%s: offered for the login and worded for it', async (lng, toggle, title, hint) => {
    await setupI18n(lng);
    try {
      await loginAskedForCaptcha([fail(8001, '请输入图形验证码')]);
      fireEvent.click(await screen.findByRole('button', { name: toggle }));
      const group = await screen.findByRole('group', { name: title });
      expect(group.textContent).toContain(hint);
    } finally {
      await setupI18n('en');
    }
  });
});
