import { LANGUAGES, type Language, type UserStatus } from '@hk/domain';
import type { RemittanceInfo } from '@hk/domain/deposit/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { fakeServer, ok, setupI18n } from '../../../lib/test-utils';
import { showToast } from '../../../lib/toast';
import en from '../../../locales/en/deposit.json';
import zhCN from '../../../locales/zh-CN/deposit.json';
import zhHK from '../../../locales/zh-HK/deposit.json';
import { uploadVoucher } from '../api/remittance-api';
import { depositRedirect } from '../lib/deposit-routing';
import BankUpdatePage from './bank-update-page';
import DepositIntroPage from './deposit-intro-page';
import OpenedPage from './opened-page';
import RemitAccountPage from './remit-account-page';
import RemitUploadPage from './remit-upload-page';
import RemittedPage from './remitted-page';

vi.mock('../../../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  showLoadingToast: vi.fn(async () => {}),
  clearToast: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  preloadOverlays: vi.fn(),
  loadOverlayBase: vi.fn(async () => {}),
}));
// jsdom has no canvas: the photo goes as chosen
vi.mock('../../../step-kit/lib/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../step-kit/lib/compress-image')>()),
  compressImage: vi.fn(async (file: File) => file),
}));
vi.mock('../api/remittance-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/remittance-api')>()),
  uploadVoucher: vi.fn(),
}));

const status = (s: Partial<UserStatus> = {}): UserStatus => ({
  suid: 's1',
  is_marketing: 0,
  is_show_open_cs_qrcode: 0,
  status: 2,
  bank_type: 2,
  bank_audit: 0,
  info_progress: 100,
  progress: 'submitted',
  stages_done: [],
  next_step: null,
  steps: [],
  mobile_masked: '5123****',
  ...s,
});

const info = (
  i: Partial<RemittanceInfo> = {},
  r: Partial<RemittanceInfo['remittance']> = {},
): RemittanceInfo => ({
  status: 2,
  bank_type: 2,
  reference: 'HP7K3M9QX2',
  receiving_accounts: [
    {
      currency: 'HKD',
      bank_name: 'The Hongkong and Shanghai Banking Corporation Limited',
      bank_code: '004',
      account_name: 'Harbour Peak Securities Limited - Client Account',
      account_number: '808-123456-838',
      fps_id: '1234567',
      swift: 'HSBCHKHHHKH',
    },
    {
      currency: 'USD',
      bank_name: 'Bank of China (Hong Kong) Limited',
      bank_code: '012',
      account_name: 'Harbour Peak Securities Limited - Client Account',
      account_number: '012-875-1-234567-8',
      fps_id: null,
      swift: 'BKCHHKHHXXX',
    },
  ],
  minimum: {
    hkd: { currency: 'HKD', amount_minor: 1_000_000 },
    usd: { currency: 'USD', amount_minor: 128_004 },
    usd_rate: { hkd_per_unit: '7.8123', valid_from: '2026-11-27' },
  },
  designated_account: { bank_name: 'HSBC', number_masked: '**** **** 9001', holder_name: 'CHAN TAI MAN' },
  remittance: { state: 'open', version: 0, paid_at: null, voucher: null, voucher_request: null, ...r },
  activated_at: null,
  opened_at: null,
  account_number: null,
  ...i,
});

const voucher = {
  document_id: 'd1',
  mime: 'image/jpeg',
  size: 1000,
  uploaded_at: '2026-11-28T03:00:00.000Z',
};

function WhereAmI() {
  const loc = useLocation();
  return <p data-testid="location">{`${loc.pathname}${loc.search}`}</p>;
}

const SCREENS: Record<string, ReactNode> = {
  '/active': <DepositIntroPage screen="active" />,
  '/remit': <DepositIntroPage screen="remit" />,
  '/remitAccount': <RemitAccountPage />,
  '/remitUpload': <RemitUploadPage />,
  '/remitUploadAgain': <RemitUploadPage again />,
  '/remitted': <RemittedPage screen="remitted" />,
  '/activated': <RemittedPage screen="activated" />,
  '/opened': <OpenedPage />,
  '/bankUpdate': <BankUpdatePage />,
};
const OTHER = ['/usercenter', '/userinfo', '/userinfo/bank', '/login'];

/** The screen at `path`; every other deposit screen shows where navigation went. */
function renderScreen(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={SCREENS[path]} />
          {[...Object.keys(SCREENS), ...OTHER]
            .filter((p) => p !== path)
            .map((p) => (
              <Route key={p} path={p} element={<WhereAmI />} />
            ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function serve(s: UserStatus, i: RemittanceInfo | null, extra: Record<string, unknown> = {}) {
  return fakeServer({
    '/v9/OpenAccountHk/status': ok(s),
    '/app/index/getIpInfo': ok({ tel: '400-800-8888', tel_hk: '+852 3000 8888', service_hours: '' }),
    ...(i ? { '/v9/OpenAccountHk/remittance_info': ok(i) } : {}),
    ...extra,
  });
}

const whereAmI = async () => (await screen.findByTestId('location')).textContent;

beforeAll(() => setupI18n('en'));
beforeEach(async () => {
  await setupI18n('en');
  vi.mocked(showToast).mockClear();
  saveSession({ token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '5123****' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('deposit catalogue', () => {
  it('has every key in every language, none empty, none left as English in Chinese', () => {
    const keys = Object.keys(en).sort();
    for (const catalogue of [zhCN, zhHK]) expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const catalogue of [en, zhCN, zhHK])
      for (const value of Object.values(catalogue)) expect(value.trim()).not.toBe('');
    for (const key of keys.filter((k) => !/^field_swift$/.test(k)))
      expect(zhCN[key as keyof typeof zhCN], key).not.toBe(en[key as keyof typeof en]);
  });
});

describe.each(LANGUAGES)('every deposit screen in %s', (lang: Language) => {
  const cases: [string, UserStatus, RemittanceInfo][] = [
    ['/remit', status(), info()],
    ['/active', status({ bank_type: 0 }), info({ bank_type: 0, designated_account: null })],
    ['/remitAccount', status(), info()],
    ['/remitUpload', status(), info()],
    [
      '/remitUploadAgain',
      status(),
      info(
        {},
        {
          state: 'voucher_requested',
          voucher,
          voucher_request: {
            reason: 'unreadable',
            reason_text: null,
            note: null,
            requested_at: voucher.uploaded_at,
          },
        },
      ),
    ],
    ['/remitted', status(), info({}, { state: 'paid', voucher, paid_at: voucher.uploaded_at })],
    ['/activated', status({ status: 3, bank_type: 0 }), info({ status: 3 }, { state: 'matched', voucher })],
    ['/opened', status({ status: 5 }), info({ status: 5, account_number: '80012345' }, { state: 'matched' })],
  ];
  it.each(cases)('%s shows its texts, no key', async (path, s, i) => {
    await setupI18n(lang);
    serve(s, i);
    renderScreen(path);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(
      (lang === 'en' ? en : lang === 'zh-CN' ? zhCN : zhHK)[
        path === '/remitAccount'
          ? 'accounts_title'
          : path.startsWith('/remitUpload')
            ? 'upload_title'
            : path === '/remitted'
              ? 'remitted_title'
              : path === '/activated'
                ? 'activated_title'
                : path === '/opened'
                  ? 'opened_title'
                  : 'intro_title'
      ],
    );
    const text = document.body.textContent ?? '';
    for (const key of Object.keys(en).filter((k) => k.includes('_'))) expect(text, key).not.toContain(key);
    expect(text).not.toMatch(/\{\{|minor|amount_|_cents/);
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

describe('/remit and /active', () => {
  it('the minimum in HKD and USD, the designated account, what happens to anyone else’s money', async () => {
    serve(status(), info());
    renderScreen('/remit');
    expect(await screen.findByText('At least HKD 10,000.00')).toBeTruthy();
    expect(screen.getByText(/or at least USD 1,280.04 \(today's rate: HKD 7.8123 for 1 USD/)).toBeTruthy();
    expect(screen.getByText('**** **** 9001')).toBeTruthy();
    expect(screen.getByText('CHAN TAI MAN')).toBeTruthy();
    expect(screen.getByText(/returned to the payer/)).toBeTruthy();
    expect(screen.getByText('HP7K 3M9Q X2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See where to pay' }).getAttribute('href')).toBe('/remitAccount');
  });

  it('without a rate today no USD amount is made up; without a designated account, says so', async () => {
    serve(
      status({ bank_type: 0 }),
      info({
        bank_type: 0,
        designated_account: null,
        minimum: { ...info().minimum, usd: null, usd_rate: null },
      }),
    );
    renderScreen('/active');
    expect(await screen.findByText(/There is no USD rate for today yet/)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/no designated bank account/);
    expect(document.body.textContent).not.toMatch(/USD 1,/);
  });
});

describe('/remitAccount', () => {
  it('copies each value, with a 2000 ms toast', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve(status(), info());
    renderScreen('/remitAccount');
    expect(await screen.findByRole('heading', { name: 'Hong Kong dollars (HKD)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'US dollars (USD)' })).toBeTruthy();
    // FPS only where the account has one
    expect(screen.getAllByRole('button', { name: 'Copy FPS ID' })).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy Account number' })[0]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('808-123456-838'));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('Copied', 'success', 2000));
    // the reference is copied whole, though shown in groups
    fireEvent.click(screen.getByRole('button', { name: 'Copy Reference code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('HP7K3M9QX2'));
  });

  it('says when copying failed', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    document.execCommand = vi.fn(() => false);
    serve(status(), info());
    renderScreen('/remitAccount');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Copy SWIFT code' }))[0]!);
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('Copy failed', 'error', 2000));
  });
});

describe('/remitUpload', () => {
  it('uploads the voucher with its progress, then "I have paid" at the version shown', async () => {
    let finish: (v: RemittanceInfo) => void = () => {};
    vi.mocked(uploadVoucher).mockImplementation(async (_file, onProgress) => {
      onProgress?.(40);
      return new Promise<RemittanceInfo>((resolve) => {
        finish = resolve;
      });
    });
    const server = serve(status(), info(), {
      '/v9/OpenAccountHk/finish_remittance': ok(
        info({}, { state: 'paid', voucher, version: 2, paid_at: voucher.uploaded_at }),
      ),
    });
    renderScreen('/remitUpload');
    const paid = await screen.findByRole('button', { name: 'I have paid' });
    expect((paid as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Upload the voucher first, then tell us you have paid.')).toBeTruthy();
    const input = screen.getByLabelText('Choose a screenshot or file') as HTMLInputElement;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'transfer.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading 40%')).toBeTruthy();
    await act(async () => finish(info({}, { voucher, version: 1 })));
    expect(await screen.findByText(/Voucher uploaded/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await whereAmI()).toBe('/remitted');
    const call = server.calls.find((c) => c.path === '/v9/OpenAccountHk/finish_remittance')!;
    expect(call.body.get('remittance_version')).toBe('1');
  });

  it('a refused file: the server’s message, as an alert, near the control', async () => {
    const { ApiError } = await import('../../../lib/api-client');
    vi.mocked(uploadVoucher).mockRejectedValue(
      new ApiError(3001, 'The voucher must be a photo or screenshot'),
    );
    serve(status(), info());
    renderScreen('/remitUpload');
    const input = (await screen.findByLabelText('Choose a screenshot or file')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    });
    const alert = await screen.findByText('The voucher must be a photo or screenshot');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('/remitUploadAgain: operations’ reason and note; the old voucher does not answer it', async () => {
    serve(
      status(),
      info(
        {},
        {
          state: 'voucher_requested',
          voucher,
          voucher_request: {
            reason: 'unreadable',
            reason_text: 'The remittance voucher cannot be read clearly',
            note: 'The amount is cut off',
            requested_at: '2026-11-28T04:00:00.000Z',
          },
        },
      ),
    );
    renderScreen('/remitUploadAgain');
    expect(await screen.findByText('The remittance voucher cannot be read clearly')).toBeTruthy();
    expect(screen.getByText('The amount is cut off')).toBeTruthy();
    expect(screen.getByText(/Asked Nov 28, 2026, 12:00 HKT/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'I have paid' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/We need a new voucher: upload it, then tell us you have paid/)).toBeTruthy();
  });
});

describe('/remitted', () => {
  it('waits for the match; the voucher can still be changed (reset_status)', async () => {
    const server = serve(
      status(),
      info({}, { state: 'paid', voucher, paid_at: voucher.uploaded_at, version: 3 }),
      {
        '/V9/OpenAccountHk/reset_status': ok(info({}, { state: 'open', voucher, version: 4 })),
      },
    );
    renderScreen('/remitted');
    expect(await screen.findByText(/You told us you paid Nov 28, 2026, 11:00 HKT/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '+852 3000 8888' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload a different voucher' }));
    expect(await whereAmI()).toBe('/remitUpload');
    expect(
      server.calls.find((c) => c.path === '/V9/OpenAccountHk/reset_status')!.body.get('remittance_version'),
    ).toBe('3');
  });
});

describe('/opened', () => {
  it('shows the account number, copyable, and what to do next', async () => {
    serve(
      status({ status: 5 }),
      info({ status: 5, account_number: '80012345', opened_at: voucher.uploaded_at }, { state: 'matched' }),
    );
    renderScreen('/opened');
    expect(await screen.findByText('80012345')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What to do next' })).toBeTruthy();
  });
});

describe('routing by status (spec §4) and by the remittance’s state', () => {
  it.each([
    ['/remitUpload', status({ status: 3 }), null, '/remitted'],
    ['/remit', status({ status: 3, bank_type: 0 }), null, '/activated'],
    ['/remitUpload', status({ status: 5 }), null, '/opened'],
    ['/opened', status({ status: 2 }), 'open', '/remit'],
    ['/activated', status({ status: 2, bank_type: 0 }), 'open', '/active'],
    ['/remit', status({ status: 1 }), null, '/usercenter'],
    ['/remit', status({ status: 1, bank_type: 0 }), null, '/usercenter'],
    ['/remit', status({ status: -1 }), null, '/userinfo?state=refused'],
    ['/remit', status({ status: 0, progress: 'opening' }), null, '/userinfo'],
    ['/remitUpload', status(), 'paid', '/remitted'],
    ['/remitUpload', status(), 'voucher_requested', '/remitUploadAgain'],
    ['/remitted', status(), 'open', '/remitUpload'],
    ['/remitUploadAgain', status(), 'open', '/remitUpload'],
    ['/remitAccount', status(), 'paid', null],
    ['/remitAccount', status(), 'voucher_requested', null],
    ['/remit', status(), 'open', null],
    ['/active', status({ bank_type: 0 }), 'open', null],
    // issue #22 "asked to pay again": the state routes /remit and /active too
    ['/remit', status(), 'voucher_requested', '/remitUploadAgain'],
    ['/active', status({ bank_type: 0 }), 'voucher_requested', '/remitUploadAgain'],
    ['/remitted', status(), 'voucher_requested', '/remitUploadAgain'],
    ['/remit', status(), 'paid', '/remitted'],
    ['/active', status({ bank_type: 0 }), 'paid', '/remitted'],
    ['/remitUploadAgain', status(), 'paid', '/remitted'],
  ] as const)('%s with %o (%s) → %s', (path, s, state, to) => {
    const screenName = path.slice(1) as Parameters<typeof depositRedirect>[0];
    expect(depositRedirect(screenName, s, state ?? undefined)).toBe(to);
  });

  it('a screen the status does not call for goes away before showing anything', async () => {
    serve(status({ status: 3 }), info({ status: 3 }, { state: 'matched' }));
    renderScreen('/remitUpload');
    expect(await whereAmI()).toBe('/remitted');
  });

  it('asked to pay again (amount short): opening /remit lands on the upload-again screen with the reason', async () => {
    serve(
      status(),
      info(
        {},
        {
          state: 'voucher_requested',
          voucher: voucher,
          voucher_request: {
            reason: 'amount_short',
            reason_text: 'Less than the minimum arrived. Please pay the rest and upload its voucher.',
            note: null,
            requested_at: '2026-11-29T03:00:00.000Z',
          },
        },
      ),
    );
    renderScreen('/remit');
    expect(await whereAmI()).toBe('/remitUploadAgain');
  });

  it('no deposit is asked for before approval', async () => {
    const server = serve(status({ status: 1, bank_type: 2 }), null);
    renderScreen('/remit');
    expect(await whereAmI()).toBe('/usercenter');
    expect(server.calls.some((c) => c.path === '/v9/OpenAccountHk/remittance_info')).toBe(false);
  });
});

describe('/bankUpdate', () => {
  it('the own bank step by default', async () => {
    fakeServer({ '/v9/OpenAccountHk/bank_update_target': ok({ kind: 'internal', path: null }) });
    renderScreen('/bankUpdate');
    expect(await whereAmI()).toBe('/userinfo/bank');
  });

  it('an external page gets the fields in a posted form, the token never in its address', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    fakeServer({
      '/v9/OpenAccountHk/bank_update_target': ok({
        kind: 'external',
        url: 'https://bank.example.com/update',
        fields: {
          status: '1',
          apptheme: '1',
          full_name: 'CHAN TAI MAN',
          first_name: 'TAI MAN',
          last_name: 'CHAN',
        },
      }),
    });
    renderScreen('/bankUpdate');
    const form = (await screen.findByTestId('bank-update-form')) as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://bank.example.com/update');
    expect(form.action).not.toContain('tok_');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toMatchObject({
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      status: '1',
      apptheme: '1',
      broker: 'HPS',
    });
    await waitFor(() => expect(submit).toHaveBeenCalled());
    submit.mockRestore();
  });
});
