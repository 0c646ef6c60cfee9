// The outbox page (issue #22) against a fake /backoffice/api (fetch mocked at the network
// boundary); every answer is parsed through the contract's schema first, so a mock cannot drift
// from what the server answers (packages/domain/src/review/outbox.ts).
import {
  type OutboxList,
  OutboxListSchema,
  type OutboxMessageView,
  OutboxMessageViewSchema,
} from '@hk/domain/review/outbox';
import type { StaffRole } from '@hk/domain/staff/roles';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

function fakeApi(roles: StaffRole[], routes: Route[], language = 'en') {
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
                staff: { id: 's1', username: 'ops', displayName: 'Ho Wing', roles, language },
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

const ok = (data: unknown) => ({ http: 200, status: 0, data });
const M1 = '11111111-1111-4111-8111-111111111111';
const M2 = '22222222-2222-4222-8222-222222222222';
const M3 = '33333333-3333-4333-8333-333333333333';

const message = (o: Partial<OutboxMessageView>): OutboxMessageView =>
  z.parse(OutboxMessageViewSchema, {
    id: M1,
    applicationId: '99999999-9999-4999-8999-999999999999',
    channel: 'sms',
    recipient: '+852 91****78',
    template: 'approved',
    status: 'unknown',
    attempts: 1,
    errorKind: 'interrupted',
    createdAt: '2026-11-27T02:00:00.000Z',
    lastAttemptAt: '2026-11-27T02:00:05.000Z',
    nextAttemptAt: null,
    failedAt: null,
    version: 3,
    ...o,
  });
const list = (messages: OutboxMessageView[]): OutboxList =>
  z.parse(OutboxListSchema, {
    messages,
    counts: {
      unknown: messages.filter((m) => m.status === 'unknown').length,
      failed: messages.filter((m) => m.status === 'failed').length,
      pending: messages.filter((m) => m.status === 'pending').length,
      sending: messages.filter((m) => m.status === 'sending').length,
    },
  });

const uncertain = message({});
const failedMail = message({
  id: M2,
  channel: 'email',
  recipient: 'c***@example.com',
  template: 'declined',
  status: 'failed',
  attempts: 10,
  errorKind: 'refused',
  failedAt: '2026-11-27T05:00:00.000Z',
  version: 12,
});
const waiting = message({
  id: M3,
  template: 'opened',
  status: 'pending',
  attempts: 0,
  errorKind: null,
  lastAttemptAt: null,
  nextAttemptAt: '2026-11-27T06:00:00.000Z',
  version: 0,
});

function start(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeAll(async () => {
  await import('../../app/signed-in-routes');
  await import('./components/outbox-page');
});
beforeEach(() => {
  localStorage.clear();
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notifications outbox', () => {
  it('lists the open messages in words, recipient masked; an uncertain one is retried after a warning, with its version and the CSRF token', async () => {
    let retried = false;
    const calls = fakeApi(
      ['operations'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/outbox'
            ? ok(
                list(
                  retried
                    ? [failedMail, message({ status: 'pending', attempts: 0, version: 4 }), waiting]
                    : [uncertain, failedMail, waiting],
                ),
              )
            : undefined,
        (c) => {
          if (c.method !== 'POST' || c.url !== `/backoffice/api/outbox/${M1}/retry`) return undefined;
          retried = true;
          return ok(message({ status: 'pending', attempts: 0, version: 4 }));
        },
      ],
    );
    start('/backoffice/outbox');
    // the page is its own chunk: the first render waits for it
    const row = (
      await screen.findByText('Uncertain: may have been delivered', {}, { timeout: 15_000 })
    ).closest('tr')!;
    expect(within(row).getByText('Text message')).toBeTruthy();
    expect(within(row).getByText('+852 91****78')).toBeTruthy();
    expect(within(row).getByText('Application approved')).toBeTruthy();
    expect(within(row).getByText('The server stopped while it was being sent')).toBeTruthy();
    const mailRow = screen.getByText('c***@example.com').closest('tr')!;
    expect(within(mailRow).getByText('Failed')).toBeTruthy();
    expect(within(mailRow).getByText('Application not accepted')).toBeTruthy();
    expect(within(mailRow).getByText('The provider refused it')).toBeTruthy();
    expect(within(mailRow).getByText('10')).toBeTruthy();
    const waitingRow = screen.getByText('Waiting to be sent').closest('tr')!;
    // nothing to retry on a message that is still on its way
    expect(within(waitingRow).queryByRole('button')).toBeNull();
    // no code or field name on the screen
    const page = document.body.textContent ?? '';
    for (const code of ['interrupted', 'no_answer', 'unknown', 'errorKind', 'template', 'sms'])
      expect(page).not.toContain(code);
    // the filter shows the counts
    expect(screen.getByRole('radio', { name: 'Uncertain (1)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'All open (3)' })).toBeTruthy();

    fireEvent.click(
      within(row).getByRole('button', { name: 'Send again: “Application approved” to +852 91****78' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/may already have delivered this message/)).toBeTruthy();
    // nothing is sent before the confirmation
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));

    expect(
      await screen.findByText('Queued to be sent again: “Application approved” to +852 91****78'),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-csrf-token']).toBe('csrf-7');
    expect(post.body).toEqual({ version: 3 });
    // the list is read again: the message waits now
    await waitFor(() => expect(screen.queryByText('Uncertain: may have been delivered')).toBeNull());
  });

  it('a retry that lost a race says so in the dialog and reloads the list; the filter asks the server', async () => {
    let gets = 0;
    fakeApi(
      ['administrator'],
      [
        (c) => {
          if (c.method !== 'GET' || !c.url.startsWith('/backoffice/api/outbox')) return undefined;
          gets++;
          return ok(list(c.url.endsWith('?status=failed') ? [failedMail] : [failedMail, waiting]));
        },
        (c) =>
          c.method === 'POST'
            ? {
                http: 409,
                status: 5802,
                info: 'This message changed meanwhile: someone may have sent it again already. Check the list again before retrying.',
              }
            : undefined,
      ],
    );
    start('/backoffice/outbox');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Send again: “Application not accepted” to c***@example.com' },
        { timeout: 15_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/not sent on any attempt/)).toBeTruthy();
    const before = gets;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText(/changed meanwhile/)).toBeTruthy();
    await waitFor(() => expect(gets).toBeGreaterThan(before));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: /^Failed/ }));
    });
    await waitFor(() => expect(screen.queryByText('Waiting to be sent')).toBeNull());
    expect(screen.getByText('c***@example.com')).toBeTruthy();
  });

  it('more open messages than the server lists: says how many are shown of how many', async () => {
    fakeApi(
      ['administrator'],
      [
        (c) =>
          c.method === 'GET' && c.url.startsWith('/backoffice/api/outbox')
            ? ok({
                ...list([uncertain, failedMail]),
                counts: { unknown: 150, failed: 90, pending: 0, sending: 0 },
              })
            : undefined,
      ],
    );
    start('/backoffice/outbox');
    expect(
      await screen.findByText(
        /^Shown: the first 2 of 240, uncertain and failed first/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it('every open message listed: no such note', async () => {
    fakeApi(
      ['administrator'],
      [
        (c) =>
          c.method === 'GET' && c.url.startsWith('/backoffice/api/outbox')
            ? ok(list([uncertain, failedMail]))
            : undefined,
      ],
    );
    start('/backoffice/outbox');
    await screen.findByText('c***@example.com', {}, { timeout: 15_000 });
    expect(screen.queryByText(/^Shown: the first/)).toBeNull();
  });

  it('in Simplified Chinese, every word is Chinese', async () => {
    fakeApi(
      ['operations'],
      [(c) => (c.url.startsWith('/backoffice/api/outbox') ? ok(list([uncertain])) : undefined)],
      'zh-CN',
    );
    initI18n('zh-CN');
    start('/backoffice/outbox');
    expect(await screen.findByText('结果不明：可能已送达', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('短信')).toBeTruthy();
    expect(screen.getByText('申请已批准')).toBeTruthy();
    expect(screen.getByText('发送途中服务器停止运行')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新发送/ })).toBeTruthy();
  });

  it('is in the menu of operations; a reviewer is refused the page and sees no menu entry', async () => {
    fakeApi(
      ['reviewer'],
      [(c) => (c.url.includes('/cases') ? ok({ cases: [], total: 0, page: 1, pageSize: 20 }) : undefined)],
    );
    start('/backoffice/outbox');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Notifications outbox' })).toBeNull();
  });
});
