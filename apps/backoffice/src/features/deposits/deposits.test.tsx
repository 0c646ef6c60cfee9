// The operations pages (issue #15) against a fake /backoffice/api: fetch is mocked at the network
// boundary and every answer is parsed through the contract's own schema first, so a mock cannot
// drift from what the server answers (packages/domain/src/deposit/operations-contracts.ts).
import {
  type ApplicationSummary,
  ApplicationSummarySchema,
  CreditListSchema,
  type CreditView,
  CreditViewSchema,
  FxRateListSchema,
  ImportResultSchema,
  ReceivingAccountListSchema,
} from '@hk/domain/deposit/operations-contracts';
import { type JobView, JobViewSchema } from '@hk/domain/staff/jobs';
import type { StaffRole } from '@hk/domain/staff/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { App } from '../../app/app';
import { initI18n } from '../../lib/i18n';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { http: number; status: number; data?: unknown; info?: string };
type Route = (call: Call) => Answer | undefined;

function fakeApi(roles: StaffRole[], routes: Route[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        headers: { ...((init.headers as Record<string, string>) ?? {}) },
        body:
          init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer =
        call.method === 'GET' && url === '/backoffice/api/session'
          ? {
              http: 200,
              status: 0,
              data: {
                staff: { id: 's1', username: 'ops', displayName: 'Ho Mei', roles, language: 'zh-CN' },
                csrfToken: 'csrf-7',
                idleExpiresAt: '2026-11-27T12:30:00.000Z',
                expiresAt: '2026-11-27T20:00:00.000Z',
              },
            }
          : routes.map((r) => r(call)).find(Boolean);
      if (!answer) throw new Error(`unexpected call ${call.method} ${url}`);
      return new Response(
        JSON.stringify({ status: answer.status, data: answer.data ?? null, info: answer.info ?? '' }),
        { status: answer.http, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return calls;
}

const ok = (data: unknown): Answer => ({ http: 200, status: 0, data });
const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const on =
  (method: string, p: string, answer: (c: Call) => Answer): Route =>
  (c) =>
    c.method === method && path(c) === `/backoffice/api${p}` ? answer(c) : undefined;

const ACCOUNTS = z.parse(ReceivingAccountListSchema, {
  accounts: [
    { id: 'acc-hkd', label: '香港上海汇丰银行有限公司 · HKD · 808-123456-838', currency: 'HKD' },
    { id: 'acc-usd', label: '中国银行（香港）有限公司 · USD · 012-875-1-234567-8', currency: 'USD' },
  ],
});

function credit(overrides: Partial<CreditView> = {}): CreditView {
  return z.parse(CreditViewSchema, {
    id: 'cr1',
    state: 'flagged',
    stateLabel: 'Flagged',
    bookingDate: '2026-11-20',
    currency: 'HKD',
    amountMinor: 5_000_000,
    amountText: 'HKD 50,000.00',
    payerName: 'WONG SIU MING',
    payerAccountMasked: '********6665',
    reference: 'HP7K3M9QX2',
    receivingAccount: 'HSBC · HKD · 808-123456-838',
    reasons: [{ code: 'payer_name_mismatch', label: 'The payer name is not the applicant’s (third party).' }],
    application: {
      id: 'a1',
      depositReference: 'HP7K3M9QX2',
      applicantName: 'CHAN Tai Man',
      statusLabel: 'Approved, awaiting deposit',
    },
    matchKind: null,
    matchKindLabel: null,
    matchedBy: null,
    matchedAt: null,
    refundRecordedBy: null,
    refundRecordedAt: null,
    refundNote: null,
    canRecordRefund: true,
    canMatch: true,
    version: 4,
    ...overrides,
  });
}
const listOf = (credits: CreditView[]) =>
  z.parse(CreditListSchema, { credits, page: 1, pageSize: 50, total: credits.length });
const APPLICATION: ApplicationSummary = z.parse(ApplicationSummarySchema, {
  id: 'a1',
  depositReference: 'HP7K3M9QX2',
  applicantName: 'CHAN Tai Man',
  statusLabel: 'Approved, awaiting deposit',
  remittance: { state: 'paid', stateLabel: 'Applicant says paid', reasonLabel: null, version: 2 },
});

function start(url: string) {
  window.history.replaceState(null, '', url);
  return render(<App />);
}

async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const list = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].find(
      (d) => !d.classList.contains('ant-select-dropdown-hidden'),
    );
    if (!open) throw new Error('no open dropdown');
    return open as HTMLElement;
  });
  fireEvent.click(await within(list).findByText(option));
}

beforeAll(async () => {
  await import('../../app/signed-in-routes');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('statement import', () => {
  beforeEach(() => {
    localStorage.clear();
    // chosen on this device: wins over the account's own language (zh-CN in the fake session)
    localStorage.setItem('hk_backoffice_lang', 'zh-CN');
    initI18n('zh-CN');
  });

  // issue #22: the upload answers a job; its progress is polled and announced, then the result shown
  it('sends the account and the file with the CSRF token, follows the import job, and shows what it did', async () => {
    const job = (o: Partial<JobView>) =>
      z.parse(JobViewSchema, {
        id: 'job-1',
        kind: 'statement_import',
        state: 'queued',
        stateLabel: '排队中',
        progress: { done: 0, total: null },
        createdAt: '2026-11-27T10:00:00.000Z',
        finishedAt: null,
        error: null,
        importResult: null,
        exportResult: null,
        ...o,
      });
    let polls = 0;
    const calls = fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/receiving-accounts', () => ok(ACCOUNTS)),
        on('POST', '/deposits/imports', () => ok(job({}))),
        on('GET', '/jobs/job-1', () => {
          polls++;
          if (polls === 1)
            return ok(job({ state: 'running', stateLabel: '处理中', progress: { done: 500, total: 1200 } }));
          return ok(
            job({
              state: 'succeeded',
              stateLabel: '已完成',
              progress: { done: 1200, total: 1200 },
              importResult: z.parse(ImportResultSchema, {
                importId: 'i1',
                fileName: 'nov.csv',
                duplicateFile: false,
                lines: 6,
                credits: 3,
                newCredits: 2,
                duplicates: 1,
                autoMatched: 1,
                flagged: 1,
                unmatched: 0,
                skipped: [{ line: 5, message: '无法读取此行的入账日期' }],
              }),
            }),
          );
        }),
      ],
    );
    start('/backoffice/deposits/import');
    expect(await screen.findByRole('heading', { level: 1, name: '导入银行结单' })).toBeTruthy();
    // the menu offers the three pages to operations
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    for (const name of ['导入银行结单', '入账配对', '美元汇率'])
      expect(within(menu).getByText(name)).toBeTruthy();

    // nothing chosen: told at the field, nothing sent
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择收款账户');
    await pick('收款账户', ACCOUNTS.accounts[0]!.label);
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择结单文件');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const file = new File(['Booking date,Credit amount\n'], 'nov.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('结单文件'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    const result = await screen.findByRole('region', { name: '导入结果' });
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.headers['x-csrf-token']).toBe('csrf-7');
    expect(sent.headers['content-type']).toBeUndefined();
    const form = sent.body as FormData;
    expect(form.get('receiving_account_id')).toBe('acc-hkd');
    expect((form.get('file') as File).name).toBe('nov.csv');
    // the job at once, then its progress, in a polite live region
    const status = within(result).getByTestId('job-status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('排队中');
    await waitFor(
      () =>
        expect(within(result).getByTestId('job-status').textContent).toBe('处理中 · 已处理 500 / 1200 行'),
      {
        timeout: 15_000,
      },
    );
    expect(within(result).getByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(within(result).getByTestId('job-status').textContent).toBe('已完成'), {
      timeout: 15_000,
    });
    const counts: [string, string][] = [
      ['行数', '6'],
      ['入账笔数', '3'],
      ['新入账', '2'],
      ['之前已导入', '1'],
      ['自动配对', '1'],
      ['已标记', '1'],
    ];
    for (const [label, value] of counts)
      expect(within(result).getByText(label).closest('tr')!.textContent).toContain(value);
    expect(within(result).getByText('无法读取此行的入账日期')).toBeTruthy();
    expect(polls).toBe(2);
  }, 60_000);

  it('an import job that fails: the reason as an alert, in the console’s language', async () => {
    fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/receiving-accounts', () => ok(ACCOUNTS)),
        on('POST', '/deposits/imports', () =>
          ok(
            z.parse(JobViewSchema, {
              id: 'job-2',
              kind: 'statement_import',
              state: 'failed',
              stateLabel: '未能完成',
              progress: { done: 0, total: null },
              createdAt: '2026-11-27T10:00:00.000Z',
              finishedAt: '2026-11-27T10:00:01.000Z',
              error: { code: 'statement_encoding', message: '结单文件不是 UTF-8 文本。' },
              importResult: null,
              exportResult: null,
            }),
          ),
        ),
      ],
    );
    start('/backoffice/deposits/import');
    await pick('收款账户', ACCOUNTS.accounts[0]!.label);
    fireEvent.change(await screen.findByLabelText('结单文件'), {
      target: { files: [new File(['x'], 'a.csv')] },
    });
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('结单文件不是 UTF-8 文本。');
    expect(screen.getByTestId('job-status').textContent).toBe('未能完成');
  });

  it('a refused file: the server’s sentence, in the console’s language', async () => {
    fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/receiving-accounts', () => ok(ACCOUNTS)),
        on('POST', '/deposits/imports', () => ({
          http: 400,
          status: 5203,
          data: { fields: { file: '此文件不是所选收款账户的结单格式，请确认账户和文件' } },
          info: '此文件不是所选收款账户的结单格式，请确认账户和文件',
        })),
      ],
    );
    start('/backoffice/deposits/import');
    await pick('收款账户', ACCOUNTS.accounts[1]!.label);
    fireEvent.change(await screen.findByLabelText('结单文件'), {
      target: { files: [new File(['x'], 'a.csv')] },
    });
    fireEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    expect(await screen.findByText('此文件不是所选收款账户的结单格式，请确认账户和文件')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '导入结果' })).toBeNull();
  });

  it('a reviewer neither sees the pages in the menu nor opens them', async () => {
    fakeApi(['reviewer'], [on('GET', '/cases', () => ok({ cases: [], page: 1, pageSize: 20, total: 0 }))]);
    start('/backoffice/deposits/credits');
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: '主菜单' })).queryByText('入账配对')).toBeNull();
  });
});

describe('credits and the manual work (en)', () => {
  beforeEach(() => {
    localStorage.clear();
    // chosen on this device: wins over the account's own language (zh-CN in the fake session)
    localStorage.setItem('hk_backoffice_lang', 'en');
    initI18n('en');
  });

  it('lists a state’s credits in words and amounts; records a refund with its version and a note', async () => {
    let refunded = false;
    const calls = fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/credits', (c) =>
          ok(
            listOf(
              new URL(c.url, 'http://x').searchParams.get('state') === 'flagged' && !refunded
                ? [credit()]
                : [],
            ),
          ),
        ),
        on('POST', '/deposits/credits/cr1/refund', () => {
          refunded = true;
          return ok(
            credit({
              state: 'refund_recorded',
              stateLabel: 'Refunded',
              canMatch: false,
              canRecordRefund: false,
              version: 5,
            }),
          );
        }),
      ],
    );
    start('/backoffice/deposits/credits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit credits' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Unmatched' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Flagged' }));
    const row = (await screen.findByText('HKD 50,000.00')).closest('tr')!;
    expect(within(row).getByText('WONG SIU MING')).toBeTruthy();
    expect(within(row).getByText('********6665')).toBeTruthy();
    expect(within(row).getByText('The payer name is not the applicant’s (third party).')).toBeTruthy();
    expect(within(row).getByText(/20 Nov 2026|Nov 20, 2026/)).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Write a note.');
    fireEvent.change(within(dialog).getByLabelText(/^Note/), { target: { value: 'Returned by CHATS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('The refund is recorded.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 4, note: 'Returned by CHATS' });
  });

  it('a manual match the server refuses shows its reasons; a clearer voucher is asked for with a reason from the list', async () => {
    const calls = fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/credits', () =>
          ok(
            listOf([credit({ state: 'unmatched', stateLabel: 'Unmatched', reasons: [], application: null })]),
          ),
        ),
        on('GET', '/deposits/applications', () => ok({ applications: [APPLICATION] })),
        on('POST', '/deposits/credits/cr1/match', () => ({
          http: 409,
          status: 5204,
          data: { fields: { payer_name_mismatch: 'The payer name is not the applicant’s (third party).' } },
          info: 'The payer name is not the applicant’s (third party).',
        })),
        on('POST', '/deposits/applications/a1/voucher-request', () =>
          ok({
            ...APPLICATION,
            remittance: {
              state: 'voucher_requested',
              stateLabel: 'New voucher requested',
              reasonLabel: 'x',
              version: 3,
            },
          }),
        ),
      ],
    );
    start('/backoffice/deposits/credits');
    fireEvent.click(await screen.findByRole('button', { name: 'Match by hand' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(
      within(dialog).getByLabelText('Find an application by reference code or applicant name'),
      {
        target: { value: 'hp7k' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Match' }));
    expect(
      await within(dialog).findByText('The payer name is not the applicant’s (third party).'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 4, applicationId: 'a1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    // the voucher section's own search
    const section = screen.getByRole('region', { name: 'Ask an applicant for a clearer voucher' });
    fireEvent.change(
      within(section).getByLabelText('Find an application by reference code or applicant name'),
      {
        target: { value: 'CHAN' },
      },
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Ask for a clearer voucher' }));
    const ask = await screen.findByRole('dialog', { name: 'Ask CHAN Tai Man for a clearer voucher' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Send the request' }));
    expect((await within(ask).findByRole('alert')).textContent).toBe('Choose a reason.');
    await pick('Reason', 'The transfer did not carry your reference code, so we cannot find it');
    fireEvent.click(within(ask).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('CHAN Tai Man is asked for a clearer voucher.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      version: 2,
      reason: 'reference_missing',
      note: null,
    });
  }, 45_000); // the longest screen walk of the console's tests: 10 s on a quiet machine, 20 s on a busy one
});

describe('USD rates (zh-HK)', () => {
  beforeEach(() => {
    localStorage.clear();
    // chosen on this device: wins over the account's own language (zh-CN in the fake session)
    localStorage.setItem('hk_backoffice_lang', 'zh-HK');
    initI18n('zh-HK');
  });

  it('refuses a bad rate at its field, saves a good one and lists the rates', async () => {
    const rates = z.parse(FxRateListSchema, {
      rates: [
        {
          currency: 'USD',
          validFrom: '2026-11-01',
          hkdPerUnit: '7.8123',
          enteredBy: 'Ho Mei',
          updatedAt: '2026-11-01T01:00:00.000Z',
        },
      ],
    });
    const calls = fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/fx-rates', () => ok({ rates: [] })),
        on('PUT', '/deposits/fx-rates', () => ok(rates)),
      ],
    );
    start('/backoffice/deposits/fx-rates');
    expect(await screen.findByRole('heading', { level: 1, name: '美元匯率' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('生效日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('匯率（港幣 / 1 美元）'), { target: { value: '7,81' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存匯率' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '請輸入大於 0 的匯率，最多 8 位小數（例如 7.8123）',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('匯率（港幣 / 1 美元）'), { target: { value: '7.8123' } });
    fireEvent.click(screen.getByRole('button', { name: '儲存匯率' }));
    expect(await screen.findByText('1 美元 = 港幣 7.8123')).toBeTruthy();
    expect(screen.getByText('匯率已儲存')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      currency: 'USD',
      validFrom: '2026-11-01',
      hkdPerUnit: '7.8123',
    });
    expect(calls.find((c) => c.method === 'PUT')!.headers['x-csrf-token']).toBe('csrf-7');
  });
});

describe.each(['zh-CN', 'zh-HK', 'en'] as const)('every deposit page reads in %s (no raw keys)', (lang) => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('hk_backoffice_lang', lang);
    initI18n(lang);
  });
  it.each(['/deposits/import', '/deposits/credits', '/deposits/fx-rates'])('%s', async (page) => {
    fakeApi(
      ['operations'],
      [
        on('GET', '/deposits/receiving-accounts', () => ok(ACCOUNTS)),
        on('GET', '/deposits/credits', () => ok(listOf([credit()]))),
        on('GET', '/deposits/fx-rates', () => ok({ rates: [] })),
      ],
    );
    start(`/backoffice${page}`);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).not.toMatch(/^page_/);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\b[a-z]+(?:_[a-z]+){1,}\b/);
    if (lang !== 'en') expect(title.textContent).toMatch(/[\u4e00-\u9fff]/);
  });
});
