// The opening and records screens against a fake /backoffice/api (fetch mocked at the network
// boundary); every answer is parsed through the contract's schema first, so a mock cannot drift
// from what the server answers (packages/domain/src/opening/contracts.ts, evidence/contracts.ts).
import { type RecordsView, RecordsViewSchema } from '@hk/domain/evidence/contracts';
import {
  type OpenAccountResponse,
  OpenAccountResponseSchema,
  type OpeningQueue,
  OpeningQueueSchema,
} from '@hk/domain/opening/contracts';
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
type Answer = { http: number; status: number; data?: unknown; info?: string } | Response;
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
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer =
        call.method === 'GET' && url === '/backoffice/api/session'
          ? {
              http: 200,
              status: 0,
              data: {
                staff: { id: 's1', username: 'ops', displayName: 'Ho Wing', roles, language: 'en' },
                csrfToken: 'csrf-9',
                idleExpiresAt: '2026-11-27T12:30:00.000Z',
                expiresAt: '2026-11-27T20:00:00.000Z',
              },
            }
          : routes.map((r) => r(call)).find(Boolean);
      if (!answer) throw new Error(`unexpected call ${call.method} ${url}`);
      if (answer instanceof Response) return answer;
      return new Response(
        JSON.stringify({ status: answer.status, data: answer.data ?? null, info: answer.info ?? '' }),
        { status: answer.http, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return calls;
}

const ok = (data: unknown) => ({ http: 200, status: 0, data });
const APP1 = '11111111-1111-4111-8111-111111111111';
const APP2 = '22222222-2222-4222-8222-222222222222';

const queue = (apps: OpeningQueue['applications']): OpeningQueue =>
  z.parse(OpeningQueueSchema, { applications: apps });
const candidate = (id: string, name: string, hkidrConsent: boolean) => ({
  applicationId: id,
  applicantName: name,
  submittedAt: '2026-11-20T02:00:00.000Z',
  activatedAt: '2026-11-26T03:00:00.000Z',
  hkidrConsent,
});
const openedAnswer = (o: Partial<OpenAccountResponse>): OpenAccountResponse =>
  z.parse(OpenAccountResponseSchema, {
    applicationId: APP1,
    accountNumber: '800000010',
    bcan: '0000000001',
    bcanTagged: 'BHP001-0000000001',
    sellOnly: false,
    openedAt: '2026-11-27T04:00:00.000Z',
    ...o,
  });

function recordsView(o: Partial<RecordsView> = {}): RecordsView {
  return z.parse(RecordsViewSchema, {
    applicationId: APP1,
    applicantName: 'CHAN Siu Ming',
    status: 5,
    accountNumber: '800000010',
    openedAt: '2026-11-27T04:00:00.000Z',
    retention: {
      basis: 'relationship_open',
      clockFrom: null,
      keepUntil: null,
      onHold: false,
      eligible: false,
    },
    holds: [],
    can: { export: true, hold: true },
    ...o,
  });
}

function start(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeAll(async () => {
  await import('../../app/signed-in-routes');
});
beforeEach(() => {
  localStorage.clear();
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('accounts to open', () => {
  it('lists activated applications with their HKIDR consent, opens one after confirming, and shows the number and BCAN', async () => {
    let opened = false;
    const calls = fakeApi(
      ['operations'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/opening'
            ? ok(
                queue(
                  opened
                    ? [candidate(APP2, 'LEE Ka Yan', false)]
                    : [candidate(APP1, 'CHAN Siu Ming', true), candidate(APP2, 'LEE Ka Yan', false)],
                ),
              )
            : undefined,
        (c) => {
          if (c.method !== 'POST' || c.url !== `/backoffice/api/opening/${APP1}`) return undefined;
          opened = true;
          return ok(openedAnswer({}));
        },
      ],
    );
    start('/backoffice/opening');
    const row = (await screen.findByText('CHAN Siu Ming')).closest('tr')!;
    expect(within(row).getByText('Given: a BCAN will be assigned')).toBeTruthy();
    const row2 = screen.getByText('LEE Ka Yan').closest('tr')!;
    expect(within(row2).getByText('Refused: sell-only account')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Open the account of CHAN Siu Ming' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/can buy and sell/)).toBeTruthy();
    // nothing is opened before the confirmation
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the account' }));

    const status = await screen.findByText('Account opened for CHAN Siu Ming');
    const alert = status.closest('[role="status"]') as HTMLElement;
    expect(within(alert).getByText('Account number: 800000010')).toBeTruthy();
    expect(within(alert).getByText('BCAN: BHP001-0000000001')).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'See the records of this application' }).getAttribute('href'),
    ).toBe(`/backoffice/records/${APP1}`);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-csrf-token']).toBe('csrf-9');
    // the list is read again: the opened one is gone
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open the account of CHAN Siu Ming' })).toBeNull(),
    );
  });

  it('says sell-only for an account without the consent, and shows a refusal in the dialog', async () => {
    let attempt = 0;
    fakeApi(
      ['operations'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/opening'
            ? ok(queue([candidate(APP2, 'LEE Ka Yan', false)]))
            : undefined,
        (c) => {
          if (c.method !== 'POST') return undefined;
          attempt += 1;
          return attempt === 1
            ? {
                http: 409,
                status: 5404,
                info: 'Another account was being opened at the same moment. Please try again.',
              }
            : ok(
                openedAnswer({
                  applicationId: APP2,
                  accountNumber: '800000028',
                  bcan: null,
                  bcanTagged: null,
                  sellOnly: true,
                }),
              );
        },
      ],
    );
    start('/backoffice/opening');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the account of LEE Ka Yan' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/can only sell/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the account' }));
    expect(await within(dialog).findByText(/at the same moment/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the account' }));
    expect(await screen.findByText('Sell-only: no HKIDR consent, so no BCAN was assigned.')).toBeTruthy();
    expect(screen.getByText('Account number: 800000028')).toBeTruthy();
  });

  it('is in the menu of operations only; other roles are refused the page', async () => {
    fakeApi(
      ['reviewer'],
      [(c) => (c.url.includes('/cases') ? ok({ cases: [], total: 0, page: 1, pageSize: 20 }) : undefined)],
    );
    start('/backoffice/opening');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accounts to open' })).toBeNull();
  });
});

describe('records of an application', () => {
  it('shows the retention date and holds, places a hold (reason checked first) and releases one', async () => {
    const hold = {
      id: '33333333-3333-4333-8333-333333333333',
      reason: 'Court order',
      placedBy: 'Ho Wing',
      placedAt: '2031-03-01T02:00:00.000Z',
      releasedBy: null,
      releasedAt: null,
      releaseReason: null,
    };
    const declined = {
      status: -2,
      accountNumber: null,
      openedAt: null,
      retention: {
        basis: 'relationship_ended' as const,
        clockFrom: '2026-03-01T02:00:00.000Z',
        keepUntil: '2031-03-01T02:00:00.000Z',
        onHold: false,
        eligible: true,
      },
    };
    const calls = fakeApi(
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === `/backoffice/api/records/${APP1}`
            ? ok(recordsView(declined))
            : undefined,
        (c) =>
          c.method === 'POST' && c.url === `/backoffice/api/records/${APP1}/holds`
            ? ok(
                recordsView({
                  ...declined,
                  retention: { ...declined.retention, onHold: true, eligible: false },
                  holds: [hold],
                }),
              )
            : undefined,
        (c) =>
          c.method === 'POST' && c.url.endsWith('/release')
            ? ok(
                recordsView({
                  ...declined,
                  holds: [
                    {
                      ...hold,
                      releasedBy: 'Ho Wing',
                      releasedAt: '2031-03-02T02:00:00.000Z',
                      releaseReason: 'Case closed',
                    },
                  ],
                }),
              )
            : undefined,
      ],
    );
    start(`/backoffice/records/${APP1}`);
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(screen.getByText(/The relationship ended/)).toBeTruthy();
    expect(screen.getByText(/Kept until Mar 1, 2031, 10:00/)).toBeTruthy();
    expect(screen.getByText('May be disposed of')).toBeTruthy();
    expect(screen.getByText('Not opened')).toBeTruthy();

    // too short: said under the field, nothing sent
    fireEvent.change(screen.getByLabelText('Reason for a new legal hold'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place a legal hold' }));
    expect(await screen.findByText('Write the reason in at least 3 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Reason for a new legal hold'), {
      target: { value: 'Court order' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place a legal hold' }));
    expect(await screen.findByText('On legal hold')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Court order' });
    await waitFor(() => expect(screen.queryByText('May be disposed of')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Release the hold: Court order' }));
    fireEvent.change(await screen.findByLabelText('Why is the hold released?'), {
      target: { value: 'Case closed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Release the hold' }));
    expect(await screen.findByText('Case closed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('In force')).toBeNull());
  });

  // issue #22: the pack is prepared as a job, then downloaded from a link that appears when ready
  it('prepares the evidence pack as a job ("preparing…", announced), then downloads it with the CSRF token', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:pack');
    URL.revokeObjectURL = vi.fn();
    const JOB = '33333333-3333-4333-8333-333333333333';
    const job = (o: Partial<JobView>) =>
      z.parse(JobViewSchema, {
        id: JOB,
        kind: 'evidence_export',
        state: 'queued',
        stateLabel: 'Waiting to start',
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
      ['approver'],
      [
        (c) =>
          c.method === 'GET' && c.url === `/backoffice/api/records/${APP1}` ? ok(recordsView()) : undefined,
        (c) =>
          c.method === 'POST' && c.url === `/backoffice/api/records/${APP1}/evidence-pack`
            ? ok(job({}))
            : undefined,
        (c) => {
          if (c.method !== 'GET' || c.url !== `/backoffice/api/jobs/${JOB}`) return undefined;
          polls++;
          return polls === 1
            ? ok(job({ state: 'running', stateLabel: 'In progress', progress: { done: 1, total: 3 } }))
            : ok(
                job({
                  state: 'succeeded',
                  stateLabel: 'Done',
                  progress: { done: 3, total: 3 },
                  exportResult: {
                    applicationId: APP1,
                    fileName: `evidence-${APP1}.zip`,
                    size: 4,
                    downloadUntil: '2026-11-28T10:00:00.000Z',
                    canDownload: true,
                  },
                }),
              );
        },
        (c) =>
          c.method === 'POST' && c.url === `/backoffice/api/jobs/${JOB}/download`
            ? new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
                status: 200,
                headers: { 'content-type': 'application/zip' },
              })
            : undefined,
      ],
    );
    start(`/backoffice/records/${APP1}`);
    expect(await screen.findByText('No disposal date while the account is open.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare the evidence pack' }));
    expect(await screen.findByText(/The evidence pack is being prepared/)).toBeTruthy();
    const status = screen.getByTestId('job-status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Waiting to start');
    await waitFor(() => expect(screen.getByTestId('job-status').textContent).toContain('step 1 of 3'), {
      timeout: 15_000,
    });
    const download = await screen.findByRole(
      'button',
      { name: 'Download the evidence pack' },
      { timeout: 15_000 },
    );
    expect(screen.getByTestId('job-status').textContent).toBe('Done');
    expect(clicked).toEqual([]);
    fireEvent.click(download);
    await waitFor(() => expect(clicked).toEqual([`evidence-${APP1}.zip`]));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([
      `/backoffice/api/records/${APP1}/evidence-pack`,
      `/backoffice/api/jobs/${JOB}/download`,
    ]);
    for (const p of posts) expect(p.headers['x-csrf-token']).toBe('csrf-9');
    vi.restoreAllMocks();
  }, 60_000);

  it('operations read records but see neither the export nor the hold form', async () => {
    fakeApi(
      ['operations'],
      [
        (c) =>
          c.method === 'GET' && c.url === `/backoffice/api/records/${APP1}`
            ? ok(recordsView({ can: { export: false, hold: false } }))
            : undefined,
      ],
    );
    start(`/backoffice/records/${APP1}`);
    expect(await screen.findByText('Account opened')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the evidence pack' })).toBeNull();
    expect(screen.queryByLabelText('Reason for a new legal hold')).toBeNull();
  });

  it('the disposal list links to each application, and the id field says what is wrong', async () => {
    fakeApi(
      ['administrator'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/records/disposal'
            ? ok({
                applications: [
                  {
                    applicationId: APP2,
                    applicantName: 'LEE Ka Yan',
                    status: 0,
                    basis: 'last_activity',
                    keepUntil: '2031-01-01T00:00:00.000Z',
                  },
                ],
              })
            : undefined,
      ],
    );
    start('/backoffice/records');
    const link = await screen.findByRole('link', { name: 'LEE Ka Yan' });
    expect(link.getAttribute('href')).toBe(`/backoffice/records/${APP2}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Being filled in')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Application id'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Enter an application id/)).toBeTruthy();
  });
});
