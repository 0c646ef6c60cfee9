// The review screens against a fake /backoffice/api: fetch is mocked at the network boundary and
// every answer is parsed through the contract's own schema first, so a mock cannot drift from what
// the server answers (packages/domain/src/review/contracts.ts).
import {
  type CaseQueue,
  CaseQueueSchema,
  type CaseSummary,
  CaseSummarySchema,
  type CaseView,
  CaseViewSchema,
} from '@hk/domain/review/contracts';
import type { StaffRole } from '@hk/domain/staff/roles';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { App } from '../../app/app';
import { initI18n } from '../../lib/i18n';

// pdf.js draws nothing in jsdom: the PDF component is replaced at its module boundary here, and
// tested on its own (components/pdf-pages.test.tsx) and in Chromium
vi.mock('./components/pdf-pages', () => ({
  PdfPages: ({ url, title }: { url: string; title: string }) => (
    <div data-testid="pdf-pages">{`${title} ${url}`}</div>
  ),
}));

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { http: number; status: number; data?: unknown; info?: string };
type Route = (call: Call) => Answer | undefined;

function sessionOf(roles: StaffRole[]) {
  return {
    staff: { id: 's1', username: 'chan.tm', displayName: 'Chan Tai Man', roles, language: 'zh-CN' },
    csrfToken: 'csrf-9',
    idleExpiresAt: '2026-11-27T12:30:00.000Z',
    expiresAt: '2026-11-27T20:00:00.000Z',
  };
}

/** Answers each call with the first route that answers it; records every call. */
function fakeApi(roles: StaffRole[], routes: Route[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        headers: { ...((init.headers as Record<string, string>) ?? {}) },
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer =
        call.method === 'GET' && url === '/backoffice/api/session'
          ? { http: 200, status: 0, data: sessionOf(roles) }
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

function summary(overrides: Partial<CaseSummary> = {}): CaseSummary {
  return z.parse(CaseSummarySchema, {
    id: 'c1',
    applicantName: 'CHAN Siu Ming',
    submissionNumber: 1,
    stage: 'queued',
    queue: 'first_review',
    submittedAt: '2026-11-26T02:00:00.000Z',
    dueAt: '2026-11-27T02:00:00.000Z',
    overdue: true,
    assignee: null,
    flags: [{ flag: 'age_65_plus', label: '65 岁或以上' }],
    version: 3,
    ...overrides,
  });
}

function queueOf(cases: CaseSummary[], page = 1, total = cases.length): CaseQueue {
  return z.parse(CaseQueueSchema, { cases, page, pageSize: 20, total });
}

const NO_CAN = {
  assignToMe: false,
  reassign: false,
  decideItems: false,
  returnToApplicant: false,
  recommend: false,
  approve: false,
  decline: false,
  readSensitive: true,
  readRecords: false,
};

function caseView(can: Partial<CaseView['can']> = {}, version = 7): CaseView {
  return z.parse(CaseViewSchema, {
    case: summary({ stage: 'in_review', assignee: { id: 's1', displayName: 'Chan Tai Man' }, version }),
    applicationId: 'a7e0c1d2-0000-4000-8000-00000000000a',
    submissionSha256: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
    recommendation: null,
    items: [
      {
        key: 'step:identity',
        kind: 'step',
        step: 'identity',
        title: '身份证明',
        fields: [
          { label: '证件类型', value: '香港身份证' },
          { label: '英文姓名', value: 'CHAN Siu Ming' },
        ],
        document: null,
        decision: null,
        changedSinceLastReview: false,
        changes: [],
      },
      {
        key: 'document:d0c5a1e0-0000-4000-8000-000000000001',
        kind: 'document',
        step: 'identity',
        title: '身份证正面照片',
        fields: [],
        document: {
          id: 'd0c5a1e0-0000-4000-8000-000000000001',
          mime: 'image/jpeg',
          size: 204800,
          sha256: 'ff'.repeat(32),
          intact: false,
        },
        decision: {
          verdict: 'revision',
          reasons: [{ reason: 'blurry_image', label: '图片模糊，无法看清' }],
          applicantComment: '请重新拍摄',
          internalNote: '反光',
          decidedBy: { id: 's1', displayName: 'Chan Tai Man' },
          decidedAt: '2026-11-26T03:00:00.000Z',
        },
        changedSinceLastReview: true,
        changes: [],
      },
      {
        key: 'document:d0c5a1e0-0000-4000-8000-000000000002',
        kind: 'document',
        step: 'address',
        title: '住址证明',
        fields: [],
        document: {
          id: 'd0c5a1e0-0000-4000-8000-000000000002',
          mime: 'application/pdf',
          size: 3_000_000,
          sha256: 'ee'.repeat(32),
          intact: true,
        },
        decision: null,
        changedSinceLastReview: false,
        changes: [],
      },
    ],
    events: [
      {
        at: '2026-11-26T02:30:00.000Z',
        actor: { id: 's1', displayName: 'Chan Tai Man' },
        type: 'assigned',
        text: '分配给 Chan Tai Man',
      },
    ],
    earlierSubmissions: [],
    similar: [],
    can: { ...NO_CAN, ...can },
    cannotApprove: null,
  });
}

function start(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/** Opens an antd Select by its label and picks the option with this text. */
async function pick(label: string, option: string, scope: Pick<typeof screen, 'findByLabelText'> = screen) {
  const input = await scope.findByLabelText(label);
  fireEvent.mouseDown(input);
  const list = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].find(
      (d) => !d.classList.contains('ant-select-dropdown-hidden'),
    );
    if (!open) throw new Error('no open dropdown');
    return open as HTMLElement;
  });
  fireEvent.click(await within(list).findByText(option));
}

const urlOf = (call: Call) => new URL(call.url, 'http://x');

// the console's signed-in chunk is loaded once before the first test: its first import under a
// loaded CI machine takes longer than a query waits
beforeAll(async () => {
  await import('../../app/signed-in-routes');
});

beforeEach(() => {
  localStorage.clear();
  initI18n('zh-CN');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('review queue', () => {
  it('shows the rows with their stage, due, overdue tag and flags, and keeps a filter in the address', async () => {
    const calls = fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && urlOf(c).pathname === '/backoffice/api/cases'
            ? ok(
                queueOf([
                  summary(),
                  summary({
                    id: 'c2',
                    applicantName: 'LEE Ka Yan',
                    stage: 'in_review',
                    overdue: false,
                    assignee: { id: 's9', displayName: 'Wong Mei' },
                    flags: [],
                  }),
                ]),
              )
            : undefined,
      ],
    );
    start('/backoffice/review-queue?sort=-submitted');
    const link = await screen.findByRole('link', { name: 'CHAN Siu Ming' });
    expect(link.getAttribute('href')).toBe('/backoffice/cases/c1');
    const row1 = link.closest('tr')!;
    expect(within(row1).getByText('待处理')).toBeTruthy();
    expect(within(row1).getByText('已逾期')).toBeTruthy();
    expect(within(row1).getByText('65 岁或以上')).toBeTruthy();
    expect(within(row1).getByText('未分配')).toBeTruthy();
    const row2 = screen.getByRole('link', { name: 'LEE Ka Yan' }).closest('tr')!;
    expect(within(row2).queryByText('已逾期')).toBeNull();
    expect(within(row2).getByText('Wong Mei')).toBeTruthy();
    // the address's sort went to the server
    expect(
      urlOf(calls.find((c) => c.url.startsWith('/backoffice/api/cases'))!).searchParams.get('sort'),
    ).toBe('-submitted');

    await pick('阶段', '审核中');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('stage')).toBe('in_review'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('-submitted');
    await waitFor(() =>
      expect(calls.some((c) => urlOf(c).searchParams.get('stage') === 'in_review')).toBe(true),
    );

    await pick('处理人', '未分配');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('assignee')).toBe('none'));
    await pick('是否逾期', '仅逾期');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('overdue')).toBe('true'));
    const last = urlOf(calls.filter((c) => c.url.startsWith('/backoffice/api/cases')).at(-1)!);
    expect(Object.fromEntries(last.searchParams)).toEqual({
      stage: 'in_review',
      assignee: 'none',
      overdue: 'true',
      sort: '-submitted',
    });
  });

  it('reads every filter back from a link, drops a value the contract refuses, and pages on the server', async () => {
    const calls = fakeApi(
      ['approver'],
      [
        (c) =>
          urlOf(c).pathname === '/backoffice/api/cases'
            ? ok(queueOf([summary()], Number(urlOf(c).searchParams.get('page') ?? 1), 45))
            : undefined,
      ],
    );
    start('/backoffice/review-queue?flag=student&queue=resubmission&minAgeHours=24&stage=bogus');
    await screen.findByRole('link', { name: 'CHAN Siu Ming' });
    const first = urlOf(calls.find((c) => c.url.startsWith('/backoffice/api/cases'))!);
    expect(Object.fromEntries(first.searchParams)).toEqual({
      queue: 'resubmission',
      flag: 'student',
      minAgeHours: '24',
    });
    expect((screen.getByLabelText('提交至今至少') as HTMLInputElement).value).toBe('24');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(calls.some((c) => urlOf(c).searchParams.get('page') === '2')).toBe(true));
    // a new filter starts again at page 1
    await pick('排序', '最早提交');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('submitted'));
    expect(new URLSearchParams(window.location.search).get('page')).toBeNull();
  });

  it('assigns an unassigned case to me with its version, and offers it on no one else’s case', async () => {
    const calls = fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && urlOf(c).pathname === '/backoffice/api/cases'
            ? ok(
                queueOf([
                  summary(),
                  summary({
                    id: 'c2',
                    applicantName: 'LEE Ka Yan',
                    assignee: { id: 's9', displayName: 'Wong' },
                  }),
                ]),
              )
            : undefined,
        (c) =>
          c.method === 'POST' && c.url === '/backoffice/api/cases/c1/assign' ? ok(caseView()) : undefined,
      ],
    );
    start('/backoffice/review-queue');
    const row2 = (await screen.findByRole('link', { name: 'LEE Ka Yan' })).closest('tr')!;
    // a reviewer may not take a case someone else holds (case.reassign)
    expect(within(row2).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '将 CHAN Siu Ming 的申请分配给我' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ version: 3 });
    expect(post.headers['x-csrf-token']).toBe('csrf-9');
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true }).textContent).toContain('已分配给您'),
    );
  });

  it('searches by name, number or last digits from a labelled box, refusing too little (issue #22)', async () => {
    const calls = fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && urlOf(c).pathname === '/backoffice/api/cases'
            ? ok(
                queueOf([
                  summary(),
                  summary({ id: 'c3', applicantName: 'HO Wai', stage: 'approved', queue: 'approval' }),
                ]),
              )
            : undefined,
      ],
    );
    start('/backoffice/review-queue?stage=in_review');
    await screen.findByRole('link', { name: 'CHAN Siu Ming' });
    // a closed case's row names no queue
    const closed = screen.getByRole('link', { name: 'HO Wai' }).closest('tr')!;
    expect(within(closed).queryByText('待批准')).toBeNull();
    const box = within(screen.getByRole('search')).getByLabelText(
      '按姓名、申请编号，或手机号码、证件号码的最后 4 位或以上数字搜索',
    );
    const send = within(screen.getByRole('search')).getByRole('button', { name: '搜索' });
    const searched = () => calls.filter((c) => urlOf(c).searchParams.has('q'));

    fireEvent.change(box, { target: { value: '123' } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '请输入姓名的至少 2 个字母（或 1 个汉字），或至少 4 位数字。',
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(searched()).toEqual([]);

    fireEvent.change(box, { target: { value: ' 陈小明 ' } });
    fireEvent.click(send);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('陈小明'));
    // the other filters stay; the server gets the search with them
    expect(new URLSearchParams(window.location.search).get('stage')).toBe('in_review');
    await waitFor(() => expect(searched().map((c) => urlOf(c).searchParams.get('q'))).toContain('陈小明'));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(box, { target: { value: '4567' } });
    fireEvent.click(send);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('4567'));
    // an empty box clears the search
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(send);
    await waitFor(() => expect(new URLSearchParams(window.location.search).has('q')).toBe(false));
  });

  it('says in words when the queue is empty and when it could not be loaded', async () => {
    let fail = false;
    fakeApi(
      ['reviewer'],
      [
        (c) =>
          urlOf(c).pathname === '/backoffice/api/cases'
            ? fail
              ? { http: 503, status: 9, info: '服务暂时不可用' }
              : ok(queueOf([]))
            : undefined,
      ],
    );
    start('/backoffice/review-queue');
    expect(await screen.findByText('队列中没有待审核的申请。')).toBeTruthy();
    fail = true;
    await pick('队列', '重新提交');
    expect(await screen.findByText('服务暂时不可用')).toBeTruthy();
    expect(screen.getByText('审核队列无法载入')).toBeTruthy();
  });
});

describe('case view', () => {
  it('shows the header, items, documents and timeline, and only the buttons `can` allows', async () => {
    fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ returnToApplicant: true }))
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    await screen.findByRole('heading', { level: 1, name: 'CHAN Siu Ming' });
    expect(screen.getByText('ab12cd34ef56…')).toBeTruthy();
    expect(screen.getByText('香港身份证')).toBeTruthy();
    expect(screen.getByText('文件与提交时的 SHA-256 不符')).toBeTruthy();
    expect(screen.getByText('上次审核后有更改')).toBeTruthy();
    expect(screen.getByRole('img', { name: '身份证正面照片' }).getAttribute('src')).toBe(
      '/backoffice/api/cases/c1/documents/d0c5a1e0-0000-4000-8000-000000000001',
    );
    // a PDF is drawn in the page from the same documents route (pdf-pages.test.tsx draws it)
    expect(screen.getByTestId('pdf-pages').textContent).toBe(
      '住址证明 /backoffice/api/cases/c1/documents/d0c5a1e0-0000-4000-8000-000000000002',
    );
    expect(screen.getByText('分配给 Chan Tai Man')).toBeTruthy();
    expect(screen.getByText('图片模糊，无法看清')).toBeTruthy();

    const actions = within(screen.getByRole('region', { name: '申请操作' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['退回申请人修改']);
    // decideItems is false: no decision form
    expect(screen.queryByRole('button', { name: '保存审核结果' })).toBeNull();
  });

  it('shows what changed in a re-submitted step since the last review, line by line', async () => {
    const base = caseView();
    fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok({
                ...base,
                items: base.items.map((item, i) =>
                  i === 0
                    ? {
                        ...item,
                        changedSinceLastReview: true,
                        changes: [
                          { label: '英文姓名', before: 'CHAN Siu Ming', after: 'CHAN Siu-ming' },
                          { label: '曾用名', before: null, after: '陳小明' },
                        ],
                      }
                    : item,
                ),
              })
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const changes = await screen.findByRole('region', { name: '身份证明自上次审核后的更改' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['英文姓名：CHAN Siu Ming → CHAN Siu-ming', '曾用名：（无） → 陳小明']);
  });

  it('a re-submission: its parts to jump to by keyboard, and what changed at the top (issue #22)', async () => {
    const base = caseView();
    fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok({
                ...base,
                case: { ...base.case, submissionNumber: 2 },
                items: [
                  {
                    ...base.items[0]!,
                    changedSinceLastReview: true,
                    changes: [{ label: '英文姓名', before: 'CHAN Siu Ming', after: 'CHAN Siu-ming' }],
                  },
                  base.items[1]!,
                  {
                    ...base.items[0]!,
                    key: 'step:signature',
                    step: 'signature',
                    title: '协议及签名',
                    fields: [{ label: '签署时间', value: '2026-11-27 10:00 HKT' }],
                    changedSinceLastReview: true,
                    changes: [
                      { label: '签署时间', before: '2026-11-26 10:00 HKT', after: '2026-11-27 10:00 HKT' },
                    ],
                  },
                  {
                    ...base.items[0]!,
                    key: 'step:address',
                    step: 'address',
                    title: '住址',
                    fields: [],
                    changedSinceLastReview: true,
                    changes: [],
                  },
                ],
              })
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const nav = await screen.findByRole('navigation', { name: '本案件的各部分' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['变更内容', '身份证明', '协议及签名', '住址', '事件', '较早的提交']);
    const summaryHeading = screen.getByRole('heading', {
      level: 2,
      name: /自上次审核以来的变更（第 2 次提交）/,
    });
    const summary = summaryHeading.closest('section')!;
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '身份证明：变更：英文姓名',
      '身份证正面照片：新文件',
      '协议及签名：变更：签署时间',
      '住址：变更在以遮盖方式显示或仅作记录保存的资料中。',
    ]);
    // a link moves the keyboard's focus to its part
    fireEvent.click(within(nav).getByRole('link', { name: '协议及签名' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: '协议及签名' }));
    fireEvent.click(within(summary).getByRole('link', { name: '身份证明' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: '身份证明' }));
  });

  it('a closed case shows no queue; the records link only with records.read (issue #22)', async () => {
    const base = caseView();
    const approved = {
      ...base,
      case: { ...base.case, stage: 'approved' as const, queue: 'approval' as const },
    };
    fakeApi(
      ['approver'],
      [(c) => (c.method === 'GET' && c.url === '/backoffice/api/cases/c1' ? ok(approved) : undefined)],
    );
    start('/backoffice/cases/c1');
    await screen.findByRole('heading', { level: 1, name: 'CHAN Siu Ming' });
    expect(screen.getByText('已批准')).toBeTruthy();
    expect(screen.queryByText('队列')).toBeNull();
    expect(screen.queryByText('待批准')).toBeNull();
    expect(screen.queryByRole('link', { name: '此申请的记录' })).toBeNull();
    // no summary or "what changed" on a first submission
    expect(screen.queryByRole('link', { name: '变更内容' })).toBeNull();
  });

  it('an open case shows its queue; with records.read the case links to its records page', async () => {
    const base = caseView({ readRecords: true });
    fakeApi(
      ['approver'],
      [(c) => (c.method === 'GET' && c.url === '/backoffice/api/cases/c1' ? ok(base) : undefined)],
    );
    start('/backoffice/cases/c1');
    const link = await screen.findByRole('link', { name: '此申请的记录' });
    expect(link.getAttribute('href')).toBe('/backoffice/records/a7e0c1d2-0000-4000-8000-00000000000a');
    expect(screen.getByText('队列')).toBeTruthy();
  });

  it('lists similar clients with what they share, each a link to its case', async () => {
    fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok({
                ...caseView(),
                similar: [
                  { caseId: 'c9', applicantName: 'CHAN Siu Ming', reasons: ['银行账户相同', '设备相同'] },
                ],
              })
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    expect(await screen.findByText('相似客户（1）')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'CHAN Siu Ming' });
    expect(link.getAttribute('href')).toBe('/backoffice/cases/c9');
    expect(link.closest('li')!.textContent).toContain('银行账户相同、设备相同');
  });

  it('shows an approver approve and decline, and no one the buttons they lack', async () => {
    fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ approve: true, decline: true, assignToMe: true }))
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const region = await screen.findByRole('region', { name: '申请操作' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['分配给我', '批准', '拒绝申请']);
  });

  it('tells an approver who took part in the case why she has no Approve button (separation of duties)', async () => {
    fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok({
                ...caseView({ decline: true }),
                case: summary({ stage: 'recommended', queue: 'approval' }),
                cannotApprove: 'approver_took_part',
              })
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const region = await screen.findByRole('region', { name: '申请操作' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['拒绝申请']);
    expect(
      within(region).getByText(
        '您曾参与此案件（负责过它或审核过其中的项目），不能批准，须由另一位批准人批准。',
      ),
    ).toBeTruthy();
  });

  it('lets an approver give the case to someone else from the server’s list, with the version', async () => {
    const calls = fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ reassign: true, assignToMe: true }))
            : undefined,
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/assignees'
            ? ok({
                assignees: [
                  { id: 's1', displayName: 'Chan Tai Man' },
                  { id: 's5', displayName: 'Lee Ka Yan' },
                ],
              })
            : undefined,
        (c) =>
          c.method === 'POST' && c.url === '/backoffice/api/cases/c1/assign'
            ? ok(
                z.parse(CaseViewSchema, {
                  ...caseView({ reassign: true }, 8),
                  case: summary({
                    stage: 'in_review',
                    assignee: { id: 's5', displayName: 'Lee Ka Yan' },
                    version: 8,
                  }),
                }),
              )
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const region = await screen.findByRole('region', { name: '申请操作' });
    const give = within(region).getByRole('button', { name: '转交' }) as HTMLButtonElement;
    expect(give.disabled).toBe(true);
    // the current holder (Chan Tai Man) is not offered
    await pick('将申请转交给', 'Lee Ka Yan', within(region));
    expect(document.querySelector('.ant-select-dropdown')?.textContent ?? '').not.toContain('Chan Tai Man');
    fireEvent.click(within(region).getByRole('button', { name: '转交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ version: 7, assigneeId: 's5' });
    expect(post.headers['x-csrf-token']).toBe('csrf-9');
    expect(await screen.findByText('申请已转交给 Lee Ka Yan')).toBeTruthy();
  });

  it('returns an item for revision with its reasons, comment, note and the case version', async () => {
    const calls = fakeApi(
      ['reviewer'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ decideItems: true }))
            : undefined,
        (c) =>
          c.method === 'PUT' && c.url === '/backoffice/api/cases/c1/items/step%3Aidentity'
            ? ok(caseView({ decideItems: true }, 8))
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    const form = within(await screen.findByRole('form', { name: '审核“身份证明”' }));
    fireEvent.click(form.getByLabelText('退回修改'));
    // no reason yet: the domain's rule says so and nothing is sent
    fireEvent.click(form.getByRole('button', { name: '保存审核结果' }));
    expect(await form.findByText('退回修改时请至少选择一个原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await pick('退回原因', '图片模糊，无法看清', form);
    fireEvent.change(form.getByLabelText('给申请人的说明'), { target: { value: '请在光线充足处重拍' } });
    fireEvent.change(form.getByLabelText('内部备注'), { target: { value: '  ' } });
    fireEvent.click(form.getByRole('button', { name: '保存审核结果' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      version: 7,
      verdict: 'revision',
      reasons: ['blurry_image'],
      applicantComment: '请在光线充足处重拍',
      internalNote: null,
    });
    expect(put.headers['x-csrf-token']).toBe('csrf-9');
  });

  it('on a 409 reloads the case and says someone else changed it', async () => {
    let gets = 0;
    const calls = fakeApi(
      ['reviewer'],
      [
        (c) => {
          if (c.method !== 'GET' || c.url !== '/backoffice/api/cases/c1') return undefined;
          gets += 1;
          return ok(caseView({ returnToApplicant: true }, gets === 1 ? 7 : 9));
        },
        (c) =>
          c.method === 'POST' && c.url === '/backoffice/api/cases/c1/return'
            ? { http: 409, status: 5102, info: '这个申请已被其他人更改' }
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    fireEvent.click(await screen.findByRole('button', { name: '退回申请人修改' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('其他人刚刚更改了这个申请，页面已重新载入');
    expect(gets).toBe(2);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 7 });
    // the next action goes with the reloaded version
    fireEvent.click(screen.getByRole('button', { name: '退回申请人修改' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ version: 9 });
  });

  it('approves only with a 6-digit code', async () => {
    const calls = fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ approve: true }))
            : undefined,
        (c) =>
          c.method === 'POST' && c.url === '/backoffice/api/cases/c1/approve'
            ? ok(caseView({}, 8))
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    fireEvent.click(await screen.findByRole('button', { name: '批准' }));
    const dialog = within(await screen.findByRole('dialog'));
    const code = dialog.getByLabelText('验证码');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '12345' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: '批准' })));
    expect(await dialog.findByText('验证码是 6 位数字')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(code, { target: { value: '12a456' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: '批准' })));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: '批准' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 7, totp: '123456' });
  });

  it('declines with a reason from the domain list, and asks a note for "another reason"', async () => {
    const calls = fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/cases/c1'
            ? ok(caseView({ decline: true }))
            : undefined,
        (c) =>
          c.method === 'POST' && c.url === '/backoffice/api/cases/c1/decline'
            ? ok(caseView({}, 8))
            : undefined,
      ],
    );
    start('/backoffice/cases/c1');
    fireEvent.click(await screen.findByRole('button', { name: '拒绝申请' }));
    const dialog = within(await screen.findByRole('dialog'));
    await pick('拒绝原因', '其他原因');
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: '拒绝申请' })));
    expect(await dialog.findByText('原因为“其他”时，请填写内部备注')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(dialog.getByLabelText('内部备注'), { target: { value: '与另一申请重复' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: '拒绝申请' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      version: 7,
      reason: 'other',
      internalNote: '与另一申请重复',
    });
  });
});
