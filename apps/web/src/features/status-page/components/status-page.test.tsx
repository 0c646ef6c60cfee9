import type { Language } from '@hk/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { clearToast, showLoadingToast, showToast } from '../../../lib/toast';
import { fakeStepServer, makeStatus, ok, renderStep, setupStepI18n } from '../../../step-kit/test-utils';
import { setNativeBridge } from '../lib/native';
import StatusPage, { FIRST_VISIT_FLAG_MS } from './status-page';

vi.mock('../../../lib/toast', () => ({
  showToast: vi.fn(async () => {}),
  showLoadingToast: vi.fn(async () => {}),
  clearToast: vi.fn(async () => {}),
}));

const s = (key: string, opts?: Record<string, unknown>) => i18n.t(`status:${key}`, opts);

function info(accountType = 'M', futures = '1') {
  return {
    account_type: { value: accountType },
    is_future_account: { value: futures },
    full_name: { value: '' },
    first_name: { value: '' },
    last_name: { value: '' },
    application: { id: 'app-1', status: 1, markets: ['HK'], created_at: '2026-11-25T10:00:00Z' },
    id_step: {
      id_location: null,
      nationality: null,
      documents: [],
      chinese_name: null,
      english_surname: null,
      english_given_name: null,
      name_matches_bank: false,
      id_type: null,
      id_number_masked: null,
      gender: null,
      birth_date: null,
      confirmed_at: null,
      version: 0,
      reopened_reason: null,
    },
  };
}

const IPOS = [
  {
    name: 'Harbour New Co',
    ipo_popularity: 3,
    leverage: '20',
    product_code: '02599',
    min_sub_amount: '3,030.25',
    ccy_name: 'Hong Kong dollars',
  },
  {
    name: 'Quiet Ltd',
    ipo_popularity: 0,
    leverage: '0',
    product_code: '01234',
    min_sub_amount: '100',
    ccy_name: 'US dollars',
  },
];
const BANNERS = [
  {
    id: 'b1',
    title: 'IPO season',
    type: 'ipoList',
    data: {},
    logo: `/content/images/${'a'.repeat(64)}`,
    width: 750,
    height: 300,
  },
];

function server(opts: { qr?: boolean; accountType?: string; futures?: string; lang?: Language } = {}) {
  return fakeStepServer({
    '/v9/OpenAccountHk/info': ok(info(opts.accountType, opts.futures)),
    '/v9/ServiceQr/info': ok({
      service_qr_code: opts.qr ? `/content/images/${'b'.repeat(32)}` : '',
      wechat_number: opts.qr ? 'harbour_cs' : '',
      is_show_open_cs_qrcode: opts.qr ? 1 : 0,
      tel: '+86 400 888 0000',
      tel_hk: '+852 2888 0000',
      service_hours: 'Mon–Fri 9:00–18:00',
    }),
    '/v9/OpenAccountHk/ipoNewList': ok(IPOS),
    '/v9/OpenAccountHk/ipoAbs': ok(BANNERS),
  });
}

const submitted = (extra: Record<string, unknown> = {}) =>
  makeStatus(null, {
    status: 1,
    bank_type: 1,
    bank_audit: 1,
    info_progress: 100,
    progress: 'submitted',
    stages_done: ['id', 'account_type', 'personal_info', 'risk_disclosure', 'bank_card', 'signature'],
    ...extra,
  }) as Parameters<typeof StatusPage>[0]['status'];

beforeEach(() => {
  saveSession({ token: 'tok_abcdefghijklmnopqrstuvwxyz', mobile: '5123****' });
  sessionStorage.clear();
  vi.mocked(showToast).mockClear();
  vi.mocked(showLoadingToast).mockClear();
  vi.mocked(clearToast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNativeBridge(null);
});

describe.each<Language>(['zh-CN', 'zh-HK', 'en'])('status page (%s)', (lang) => {
  it('account type, the stages, today’s IPOs, the carousel, the phone block, progress, footer, download prompt', async () => {
    await setupStepI18n(lang);
    server();
    renderStep('/usercenter', <StatusPage status={submitted()} />, '?state=submitted');
    expect(await screen.findByRole('heading', { name: s('status_submitted') })).toBeTruthy();
    const account = await screen.findByText(s('account_type_label'), { exact: false });
    expect(account.closest('p')!.textContent).toContain(s('account_securities_margin'));
    expect(account.closest('p')!.textContent).toContain(s('account_futures'));

    const stages = within(screen.getByRole('list', { name: s('stages_title') })).getAllByRole('listitem');
    expect(stages.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(stages[0]!.textContent).toContain(s('stage_done'));

    const ipoSection = (await screen.findByRole('heading', { name: s('ipo_title') })).closest('section')!;
    const rows = within(ipoSection).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Harbour New Co');
    expect(rows[0]!.textContent).toContain(s('ipo_code', { code: '02599' }));
    expect(rows[0]!.textContent).toContain(s('ipo_leverage', { times: '20' }));
    expect(rows[0]!.textContent).toContain(s('ipo_popularity', { level: 3 }));
    expect(rows[0]!.textContent).toContain(
      s('ipo_min_sub', { amount: '3,030.25', currency: 'Hong Kong dollars' }),
    );
    expect(rows[1]!.textContent).toContain(s('ipo_leverage_none'));
    expect(rows[1]!.textContent).not.toMatch(/0\s*×|0 倍/);

    expect(await screen.findByRole('button', { name: 'IPO season' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+852 2888 0000' }).getAttribute('href')).toBe(
      'tel:+85228880000',
    );
    expect(screen.getByText(s('service_hours', { hours: 'Mon–Fri 9:00–18:00' }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: s('copy_chat_account') })).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(i18n.t('common:securities_notice'))).toBeTruthy();
    expect(screen.getByRole('link', { name: s('download_open') })).toBeTruthy();
  });
});

describe('status page: details', () => {
  it('a cash account without futures; no stage image when bank_type is 0; approved', async () => {
    await setupStepI18n('en');
    server({ accountType: 'C', futures: '0' });
    renderStep('/usercenter', <StatusPage status={submitted({ bank_type: 0, status: 2 })} />, '?state=x');
    const account = await screen.findByText(s('account_type_label'), { exact: false });
    expect(account.closest('p')!.textContent).toContain('Securities cash account');
    expect(account.closest('p')!.textContent).not.toContain('Futures');
    expect(screen.queryByRole('list', { name: s('stages_title') })).toBeNull();
    expect(screen.getByRole('heading', { name: s('status_approved') })).toBeTruthy();
  });

  it('the QR block copies the chat account: the success toast, then the failure toast, 2000 ms each', async () => {
    await setupStepI18n('zh-CN');
    server({ qr: true });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderStep('/usercenter', <StatusPage status={submitted()} />, '?state=x');
    const copy = await screen.findByRole('button', { name: s('copy_chat_account') });
    expect(screen.getByRole('img', { name: s('service_qr_alt') }).getAttribute('src')).toBe(
      `/content/images/${'b'.repeat(32)}`,
    );
    expect(screen.getByText(s('service_chat_account', { account: 'harbour_cs' }))).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+852 2888 0000' })).toBeNull();
    fireEvent.click(copy);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('复制成功，请打开微信搜索添加', 'success', 2000),
    );
    expect(writeText).toHaveBeenCalledWith('harbour_cs');
    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(copy);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('复制失败', 'error', 2000));
  });

  it('outside the app: a banner or IPO tap shows the download prompt; closing it is remembered for the visit', async () => {
    await setupStepI18n('en');
    server();
    const first = renderStep('/usercenter', <StatusPage status={submitted()} />, '?state=x');
    fireEvent.click(await screen.findByRole('button', { name: s('download_close') }));
    expect(screen.queryByRole('link', { name: s('download_open') })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Harbour New Co/ }));
    const prompt = screen.getByRole('complementary', { name: s('download_title') });
    expect(document.activeElement).toBe(prompt);
    fireEvent.click(screen.getByRole('button', { name: s('download_close') }));
    first.unmount();
    renderStep('/usercenter', <StatusPage status={submitted()} />, '?state=x');
    await screen.findByRole('heading', { name: s('ipo_title') });
    expect(screen.queryByRole('link', { name: s('download_open') })).toBeNull();
  });

  it('inside the app: no download prompt; taps go to the native view', async () => {
    await setupStepI18n('en');
    server();
    // spec §3 native-app info: the host app's cookie
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('apptheme=1; appVersion=5.9.0');
    const open = vi.fn();
    setNativeBridge({ open });
    renderStep('/usercenter', <StatusPage status={submitted()} />, '?state=x');
    fireEvent.click(await screen.findByRole('button', { name: 'IPO season' }));
    expect(open).toHaveBeenCalledWith({ kind: 'banner', type: 'ipoList', data: {} });
    fireEvent.click(screen.getByRole('button', { name: s('ipo_more') }));
    expect(open).toHaveBeenCalledWith({ kind: 'ipo_list' });
    fireEvent.click(screen.getByRole('button', { name: /Quiet Ltd/ }));
    expect(open).toHaveBeenCalledWith({ kind: 'ipo', productCode: '01234' });
    expect(screen.queryByRole('link', { name: s('download_open') })).toBeNull();
  });

  it('fetches info, service QR, IPOs, banners and the submission together under a loading toast; a first visit keeps it 2.3 s', async () => {
    await setupStepI18n('en');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const calls = server().calls;
      renderStep('/usercenter', <StatusPage status={submitted()} />);
      expect(showLoadingToast).toHaveBeenCalledWith(s('loading'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(calls.map((c) => c.path).sort()).toEqual(
        [
          // the submission's number and time, and its PDF (components/submission-facts.tsx)
          '/v9/OpenAccountHk/audit',
          '/v9/OpenAccountHk/info',
          '/v9/OpenAccountHk/ipoAbs',
          '/v9/OpenAccountHk/ipoNewList',
          '/v9/ServiceQr/info',
        ].sort(),
      );
      expect(screen.getByRole('heading', { name: s('ipo_title') })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Download my application (PDF)' })).toBeTruthy();
      expect(clearToast).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(FIRST_VISIT_FLAG_MS - 100);
      });
      expect(clearToast).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60);
      });
      expect(clearToast).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
