import { type Language, STORAGE_PREFIX, STORAGE_USER_KEY, type StepId, type UserStatus } from '@hk/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutLocally } from '../../../lib/session';
import { fail, fakeServer, ok, renderAt, setupI18n } from '../../../lib/test-utils';
import { confirmDialog, showToast } from '../../../lib/toast';
import { LoginPage } from './login-page';

vi.mock('../../../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  showLoadingToast: vi.fn(async () => {}),
  clearToast: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  preloadOverlays: vi.fn(),
  loadOverlayBase: vi.fn(async () => {}),
}));

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const REGIONS = [
  { code: 'CN', country: 'Mainland China', No: '86' },
  { code: 'HK', country: 'Hong Kong, China', No: '852' },
  { code: 'GB', country: 'United Kingdom', No: '44' },
];
const loginData = (status: 0 | 1 | 2) => ({
  uid: 'u1',
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  status,
  region: 'HK',
  mobile_masked: '5123****',
  expires_in: 86400,
});

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  logoutLocally(true); // clears storage and the session cache
  vi.mocked(showToast).mockClear();
  vi.mocked(confirmDialog).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toasts = () => vi.mocked(showToast).mock.calls.map((c) => c[0]);
const mobileInput = () => screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement;
const smsInput = () => screen.getByRole('textbox', { name: 'SMS code' }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('/login, logged out', () => {
  it('defaults to Hong Kong and shows no captcha row for HK', async () => {
    fakeServer({ '/user/login/get_region_list': ok(REGIONS) });
    renderAt('/login', <LoginPage />);
    expect(screen.getByRole('button', { name: 'Phone region: Hong Kong, China +852' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Image code' })).toBeNull();
    expect(mobileInput().maxLength).toBe(20);
    expect(mobileInput().type).toBe('tel');
    expect(smsInput().maxLength).toBe(6);
    expect(smsInput().autocomplete).toBe('one-time-code');
  });

  // Issue #16 (WCAG 3.3.2): the placeholder goes once something is typed; the label stays.
  it.each([
    ['en', ['Mobile number', 'Image code', 'SMS code']],
    ['zh-CN', ['手机号码', '图形验证码', '短信验证码']],
    ['zh-HK', ['手機號碼', '圖形驗證碼', '短訊驗證碼']],
  ] as const)('%s: every field keeps a visible label when filled', async (lng, names) => {
    await setupI18n(lng);
    try {
      fakeServer({ '/user/login/get_region_list': ok(REGIONS), '/services/image_code': ok(PNG) });
      renderAt('/login', <LoginPage />);
      fireEvent.click(screen.getByRole('button', { name: /^(Phone region|手机号地区|手機號碼地區)/ }));
      fireEvent.click(await screen.findByRole('option', { name: /\+44$/ }));
      for (const name of names) {
        const input = (await screen.findByRole('textbox', { name })) as HTMLInputElement;
        type(input, '1234');
        const label = document.querySelector(`label[for="${input.id}"]`);
        expect(label?.textContent).toBe(name);
        expect(input.getAttribute('aria-label')).toBeNull();
      }
    } finally {
      await setupI18n('en');
    }
  });

  it('shows the captcha row with a refreshable image once GB is chosen', async () => {
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok(PNG),
    });
    renderAt('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /^Phone region/ }));
    const option = await screen.findByRole('option', { name: 'United Kingdom +44' });
    fireEvent.click(option);
    expect(await screen.findByRole('textbox', { name: 'Image code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Phone region: United Kingdom +44' })).toBeTruthy();
    const refresh = screen.getByRole('button', { name: 'Refresh image code' });
    await waitFor(() => expect(refresh.querySelector('img')?.getAttribute('src')).toBe(PNG));
    const before = server.calls.filter((c) => c.path === '/services/image_code').length;
    fireEvent.click(refresh);
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/services/image_code').length).toBe(before + 1),
    );
  });

  it('formats a mainland number 3-4-4 and limits it to 13 characters', async () => {
    fakeServer({ '/user/login/get_region_list': ok(REGIONS) });
    renderAt('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: /^Phone region/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mainland China +86' }));
    type(mobileInput(), '13812345678');
    expect(mobileInput().value).toBe('138 1234 5678');
    expect(mobileInput().maxLength).toBe(13);
  });

  it('counts down 60 s after a code is sent, disabled meanwhile', async () => {
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/V9/OpenAccountHk/request_verify_code': ok({ interval: 60 }),
    });
    renderAt('/login', <LoginPage />);
    type(mobileInput(), '5123 4567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const counting = await screen.findByRole('button', { name: /^Resend in (60|59) s$/ });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    const sent = server.calls.find((c) => c.path === '/V9/OpenAccountHk/request_verify_code');
    expect(sent?.body.get('mobile')).toBe('51234567');
    expect(sent?.body.get('region')).toBe('HK');
  });

  it('asks for the captcha after 8001 with a 4 s warning', async () => {
    fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok(PNG),
      '/V9/OpenAccountHk/request_verify_code': fail(8001, 'Please enter the image code.'),
    });
    renderAt('/login', <LoginPage />);
    type(mobileInput(), '51234567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('textbox', { name: 'Image code' })).toBeTruthy();
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('Please enter the image code.', 'warn', 4000);
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
  });

  it('toasts the first error in spec order and disables the submit button', async () => {
    fakeServer({ '/user/login/get_region_list': ok(REGIONS) });
    renderAt('/login', <LoginPage />);
    const submit = screen.getByRole('button', { name: 'Quick account opening' }) as HTMLButtonElement;
    fireEvent.click(submit);
    await waitFor(() => expect(toasts()).toEqual(['Phone number cannot be empty']));
    expect(submit.disabled).toBe(true);
    type(mobileInput(), '5123');
    type(mobileInput(), '51234567');
    await waitFor(() => expect(screen.queryByText('Phone number cannot be empty')).toBeNull());
    // the SMS code error still stands: the button stays disabled until it is fixed
    expect(screen.getByText('Phone verification code cannot be empty')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    type(smsInput(), '123456');
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('asks to accept the agreement, then logs in and sends a new user to /accountType', async () => {
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/V9/OpenAccountHk/check_verify_code': ok(loginData(0)),
      '/v9/OpenAccountHk/getCA': ok('sz'),
    });
    renderAt('/login', <LoginPage />);
    type(mobileInput(), '51234567');
    type(smsInput(), '123456');
    fireEvent.submit(smsInput().form!);
    expect((await screen.findByTestId('location')).textContent).toBe('/accountType');
    expect(vi.mocked(confirmDialog)).toHaveBeenCalledWith(
      expect.objectContaining({ cancelText: 'Cancel', confirmText: 'Agree and continue' }),
    );
    const login = server.calls.find((c) => c.path === '/V9/OpenAccountHk/check_verify_code');
    expect(login?.body.get('isRead')).toBe('1');
    expect(login?.body.get('code')).toBe('123456');
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + STORAGE_USER_KEY)!);
    expect(stored.value.token).toBe(loginData(0).token);
    expect(stored.value.mobile).toBe('5123****');
  });

  it('stays on the form when the reminder is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const server = fakeServer({ '/user/login/get_region_list': ok(REGIONS) });
    renderAt('/login', <LoginPage />);
    type(mobileInput(), '51234567');
    type(smsInput(), '123456');
    fireEvent.submit(smsInput().form!);
    await waitFor(() => expect(vi.mocked(confirmDialog)).toHaveBeenCalled());
    expect(server.calls.some((c) => c.path === '/V9/OpenAccountHk/check_verify_code')).toBe(false);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('sends an existing user to /usercenter and shows server field errors at the field', async () => {
    let attempt = 0;
    fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/V9/OpenAccountHk/check_verify_code': () =>
        ++attempt === 1
          ? fail(1002, 'Some information is not valid.', { fields: { code: 'The SMS code is wrong.' } })
          : ok(loginData(1)),
      '/v9/OpenAccountHk/getCA': ok('sz'),
    });
    renderAt('/login', <LoginPage />);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the account-opening documents' }),
    );
    type(mobileInput(), '51234567');
    type(smsInput(), '123456');
    fireEvent.submit(smsInput().form!);
    expect(await screen.findByText('The SMS code is wrong.')).toBeTruthy();
    expect(vi.mocked(confirmDialog)).not.toHaveBeenCalled();
    type(smsInput(), '654321');
    fireEvent.submit(smsInput().form!);
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
  });
});

describe('/login: what a screen reader hears (issue #16)', () => {
  it('a wrong SMS code (8010) marks the code field invalid, says why and puts focus back in it', async () => {
    fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/V9/OpenAccountHk/check_verify_code': fail(8010, 'The SMS code is wrong.'),
    });
    renderAt('/login', <LoginPage />);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the account-opening documents' }),
    );
    type(mobileInput(), '51234567');
    type(smsInput(), '123456');
    fireEvent.submit(smsInput().form!);
    await waitFor(() => expect(smsInput().getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(smsInput().getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('The SMS code is wrong.');
    expect(document.activeElement).toBe(smsInput());
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('The SMS code is wrong.', 'error');
  });

  it('the get-code button keeps its focus while the code is requested (not disabled), ignoring a second press', async () => {
    let answer: (v: Response) => void = () => {};
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path !== '/V9/OpenAccountHk/request_verify_code')
          return new Response(JSON.stringify(ok(REGIONS)));
        requested.push(path);
        return new Promise<Response>((r) => {
          answer = r;
        });
      }),
    );
    renderAt('/login', <LoginPage />);
    type(mobileInput(), '5123 4567');
    const button = screen.getByRole('button', { name: 'Get code' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(requested).toHaveLength(1);
    answer(new Response(JSON.stringify(ok({ interval: 60 }))));
    await waitFor(() => expect(document.activeElement).toBe(smsInput()));
  });
});

describe('/login: the captcha the login itself asks for (after wrong codes)', () => {
  it('shows the captcha row on 8001 from the login, sends image_code, refreshes it on 8002', async () => {
    const answers = [
      fail(8001, 'Please enter the image code.'),
      fail(8002, 'The image code is wrong or has expired. Please try again.'),
      ok(loginData(1)),
    ];
    const server = fakeServer({
      '/user/login/get_region_list': ok(REGIONS),
      '/services/image_code': ok(PNG),
      '/V9/OpenAccountHk/check_verify_code': () => answers.shift(),
      '/v9/OpenAccountHk/getCA': ok('sz'),
    });
    renderAt('/login', <LoginPage />);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the account-opening documents' }),
    );
    type(mobileInput(), '51234567');
    type(smsInput(), '123456');
    expect(screen.queryByRole('textbox', { name: 'Image code' })).toBeNull();
    fireEvent.submit(smsInput().form!);

    const imageCode = await screen.findByRole('textbox', { name: 'Image code' });
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('Please enter the image code.', 'warn', 4000);
    const logins = () => server.calls.filter((c) => c.path === '/V9/OpenAccountHk/check_verify_code');
    const images = () => server.calls.filter((c) => c.path === '/services/image_code').length;
    await waitFor(() => expect(images()).toBe(1));
    // the login form now needs the captcha before it calls the server again
    fireEvent.submit(smsInput().form!);
    await waitFor(() => expect(toasts()).toContain('Graphic captcha cannot be empty'));
    expect(logins()).toHaveLength(1);

    type(imageCode, 'ab3c');
    fireEvent.submit(smsInput().form!);
    await waitFor(() => expect(logins()).toHaveLength(2));
    expect(logins()[1]!.body.get('image_code')).toBe('AB3C');
    expect(logins()[1]!.body.get('code')).toBe('123456');
    expect(await screen.findByText('The image code is wrong or has expired. Please try again.')).toBeTruthy();
    // a used captcha is replaced
    await waitFor(() => expect(images()).toBe(2));

    type(screen.getByRole('textbox', { name: 'Image code' }), 'XY79');
    fireEvent.submit(smsInput().form!);
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
    expect(logins()[2]!.body.get('image_code')).toBe('XY79');
  });
});

describe('/login, logged in', () => {
  const status = (
    progress: UserStatus['progress'],
    info_progress: number,
    next_step: StepId | null,
    stages_done: UserStatus['stages_done'] = [],
  ) =>
    ok<UserStatus>({
      suid: 's1',
      is_marketing: 0,
      is_show_open_cs_qrcode: 0,
      status: progress === 'submitted' ? 1 : 0,
      bank_type: 0,
      bank_audit: 0,
      info_progress,
      progress,
      stages_done,
      next_step,
      steps: [
        { step: 'identity', confirmed: info_progress >= 10, reopened_reason: null },
        { step: 'address', confirmed: next_step !== 'address', reopened_reason: null },
      ],
      mobile_masked: '5123****',
    });

  beforeEach(() => {
    localStorage.setItem(
      STORAGE_PREFIX + STORAGE_USER_KEY,
      JSON.stringify({
        value: {
          uid: 'u1',
          region: 'HK',
          mobile: '5123****',
          token: 'tok_abcdefghijklmnopqrstuvwxyz',
          caType: 'sz',
          isCodeCN: false,
        },
        expires: Date.now() + 60_000,
      }),
    );
  });

  it('shows the masked number, how far the person got and a progress button to the user centre', async () => {
    // the ID stage done, the account type under way: info_progress 30 (decision 011)
    fakeServer({
      '/v9/OpenAccountHk/status': status('opening', 30, 'account_type', ['id']),
      '/v9/OpenAccountHk/getCA': ok('gd'),
    });
    renderAt('/login', <LoginPage />);
    expect(screen.getByText('5123****')).toBeTruthy();
    expect(screen.getByText('Recent login')).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Continue: account type' });
    expect(screen.getByText('Completed 10%')).toBeTruthy();
    fireEvent.click(button);
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
  });

  // spec §2: the label by percentage, at every boundary of its table, in the three languages
  const LABELS: [number, StepId, Record<Language, string>][] = [
    [0, 'identity', { en: 'Continue uploading ID', 'zh-CN': '继续上传证件', 'zh-HK': '繼續上傳證件' }],
    [10, 'address', { en: 'Continue uploading ID', 'zh-CN': '继续上传证件', 'zh-HK': '繼續上傳證件' }],
    [
      11,
      'account_type',
      { en: 'Continue: account type', 'zh-CN': '继续选择账户类型', 'zh-HK': '繼續選擇賬戶類型' },
    ],
    [
      30,
      'account_type',
      { en: 'Continue: account type', 'zh-CN': '继续选择账户类型', 'zh-HK': '繼續選擇賬戶類型' },
    ],
    [
      31,
      'personal',
      { en: 'Continue: personal information', 'zh-CN': '继续填写个人资料', 'zh-HK': '繼續填寫個人資料' },
    ],
    [
      50,
      'investment',
      { en: 'Continue: personal information', 'zh-CN': '继续填写个人资料', 'zh-HK': '繼續填寫個人資料' },
    ],
    [
      51,
      'risk_disclosure',
      { en: 'Continue: risk disclosure', 'zh-CN': '继续风险披露', 'zh-HK': '繼續風險披露' },
    ],
    [
      60,
      'identity_media',
      { en: 'Continue: risk disclosure', 'zh-CN': '继续风险披露', 'zh-HK': '繼續風險披露' },
    ],
    [
      61,
      'bank',
      { en: 'Continue: bank card verification', 'zh-CN': '继续银行卡验证', 'zh-HK': '繼續銀行卡驗證' },
    ],
    [
      90,
      'bank',
      { en: 'Continue: bank card verification', 'zh-CN': '继续银行卡验证', 'zh-HK': '繼續銀行卡驗證' },
    ],
    [
      91,
      'signature',
      { en: 'Final step: signature', 'zh-CN': '完成最后一步签名', 'zh-HK': '完成最後一步簽名' },
    ],
    [
      100,
      'signature',
      { en: 'Final step: signature', 'zh-CN': '完成最后一步签名', 'zh-HK': '完成最後一步簽名' },
    ],
  ];
  for (const lang of ['en', 'zh-CN', 'zh-HK'] as const) {
    it(`labels the progress button by info_progress at every boundary (${lang})`, async () => {
      await setupI18n(lang);
      try {
        for (const [percent, next, labels] of LABELS) {
          fakeServer({
            '/v9/OpenAccountHk/status': status('opening', percent, next),
            '/v9/OpenAccountHk/getCA': ok('sz'),
          });
          renderAt('/login', <LoginPage />);
          expect(await screen.findByRole('button', { name: labels[lang] }), `${percent}%`).toBeTruthy();
          cleanup();
        }
      } finally {
        await setupI18n('en');
      }
    });
  }

  it('switching number logs out and shows the form', async () => {
    const server = fakeServer({
      '/v9/OpenAccountHk/status': status('submitted', 100, null),
      '/V9/OpenAccountHk/logout': ok({}),
      '/v9/OpenAccountHk/getCA': ok('sz'),
      '/user/login/get_region_list': ok(REGIONS),
    });
    renderAt('/login', <LoginPage />);
    expect(await screen.findByRole('button', { name: 'Quick account opening' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch phone number' }));
    });
    expect(await screen.findByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/V9/OpenAccountHk/logout')).toBe(true);
    expect(localStorage.getItem(STORAGE_PREFIX + STORAGE_USER_KEY)).toBeNull();
    const footer = screen.getByRole('navigation', { name: 'Language' });
    expect(within(footer).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });
});
