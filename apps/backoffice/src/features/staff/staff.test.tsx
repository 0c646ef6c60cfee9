// The staff page and the first-sign-in page against a fake /backoffice/api (fetch mocked at the
// network boundary); every answer is parsed through the contract's schema first
// (packages/domain/src/staff/management.ts), so a mock cannot drift from what the server answers.
import {
  StaffCreatedResponseSchema,
  StaffListResponseSchema,
  type StaffMemberView,
  StaffSetupStartResponseSchema,
} from '@hk/domain/staff/management';
import type { StaffRole } from '@hk/domain/staff/roles';
import { fireEvent, render, screen, within } from '@testing-library/react';
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
                staff: { id: ME, username: 'admin.me', displayName: 'Ho Wing', roles, language: 'en' },
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
const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const TOKEN = 'A'.repeat(43);

const member = (o: Partial<StaffMemberView>): StaffMemberView => ({
  id: OTHER,
  username: 'chan.tm',
  displayName: 'Chan Tai Man',
  roles: ['operations'],
  language: 'zh-HK',
  state: 'active',
  lastSignInAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  setupLinkExpiresAt: null,
  ...o,
});
const list = (members: StaffMemberView[]) => z.parse(StaffListResponseSchema, { members });

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

describe('staff page', { timeout: 60_000 }, () => {
  it('lists staff in words, creates a member and shows the one-time link once', async () => {
    let members = [
      member({
        id: ME,
        username: 'admin.me',
        displayName: 'Ho Wing',
        roles: ['administrator'],
        language: 'en',
        lastSignInAt: '2026-11-27T02:00:00.000Z',
      }),
      member({ state: 'locked' }),
    ];
    const calls = fakeApi(
      ['administrator'],
      [
        (c) => (c.method === 'GET' && c.url === '/backoffice/api/staff' ? ok(list(members)) : undefined),
        (c) => {
          if (c.method !== 'POST' || c.url !== '/backoffice/api/staff') return undefined;
          const created = member({
            id: '33333333-3333-4333-8333-333333333333',
            username: 'lee.ky',
            displayName: 'Lee Ka Yan',
            state: 'awaiting_setup',
            setupLinkExpiresAt: '2026-11-28T02:00:00.000Z',
          });
          members = [...members, created];
          return ok(
            z.parse(StaffCreatedResponseSchema, {
              member: created,
              setupLink: { token: TOKEN, expiresAt: '2026-11-28T02:00:00.000Z' },
            }),
          );
        },
      ],
    );
    start('/backoffice/staff');
    const chan = (await screen.findByText('Chan Tai Man')).closest('tr')!;
    expect(within(chan).getByText('Operations')).toBeTruthy();
    expect(within(chan).getByText('Traditional Chinese')).toBeTruthy();
    expect(within(chan).getByText('Locked')).toBeTruthy();
    expect(within(chan).getByText('Never')).toBeTruthy();
    expect(within(chan).getByLabelText('Unlock Chan Tai Man')).toBeTruthy();
    // nobody disables herself from here
    const me = screen.getByText('admin.me').closest('tr')!;
    expect(within(me).queryByText('Disable')).toBeNull();
    expect(within(me).queryByText('Reset sign-in')).toBeNull();
    expect(within(chan).getByText('Reset sign-in')).toBeTruthy();
    expect(within(chan).getByText('Disable')).toBeTruthy();

    fireEvent.click(screen.getByText('Add a staff member'));
    const dialog = (await screen.findByText('Create and make the link')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('Create and make the link'));
    // errors near the fields, nothing sent
    expect(await within(dialog).findByText('Choose at least one role.')).toBeTruthy();
    expect(within(dialog).getAllByText('Please fill this in.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'lee.ky' } });
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Lee Ka Yan' } });
    fireEvent.click(within(dialog).getByLabelText('Reviewer'));
    fireEvent.click(within(dialog).getByText('Create and make the link'));
    const link = await screen.findByText(`${window.location.origin}/backoffice/setup#${TOKEN}`);
    expect(link).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      username: 'lee.ky',
      displayName: 'Lee Ka Yan',
      roles: ['reviewer'],
      language: 'zh-HK',
      linkValidHours: 24,
    });
    expect(post.headers['x-csrf-token']).toBe('csrf-9');
    expect(await screen.findByText('Awaiting first sign-in')).toBeTruthy();
  });

  it("shows the API's refusal next to the field: a deciding role for oneself", async () => {
    fakeApi(
      ['administrator'],
      [
        (c) =>
          c.method === 'GET' && c.url === '/backoffice/api/staff'
            ? ok(
                list([
                  member({ id: ME, username: 'admin.me', displayName: 'Ho Wing', roles: ['administrator'] }),
                ]),
              )
            : undefined,
        (c) =>
          c.method === 'PUT' && c.url === `/backoffice/api/staff/${ME}/roles`
            ? {
                http: 403,
                status: 5010,
                data: {
                  fields: {
                    roles:
                      'You cannot give yourself a role that decides cases (reviewer or approver): ask another administrator.',
                  },
                },
                info: 'x',
              }
            : undefined,
      ],
    );
    start('/backoffice/staff');
    fireEvent.click(await screen.findByLabelText('Change the roles of Ho Wing'));
    const dialog = (await screen.findByText('Save')).closest('.ant-modal') as HTMLElement;
    // the deciding roles are not offered to oneself
    expect((within(dialog).getByLabelText('Reviewer') as HTMLInputElement).disabled).toBe(true);
    expect(
      (within(dialog).getByLabelText('Approver (Responsible Officer)') as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Content editor'));
    fireEvent.click(within(dialog).getByText('Save'));
    expect(
      await within(dialog).findByText(/You cannot give yourself a role that decides cases/),
    ).toBeTruthy();
  });

  it('is refused to a role without staff.manage', async () => {
    fakeApi(['reviewer'], []);
    start('/backoffice/staff');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });
});

describe('first sign-in by a one-time link', { timeout: 60_000 }, () => {
  it('shows the QR code and the key, checks the fields, and finishes with the code', async () => {
    const calls = fakeApi([] as StaffRole[], [
      (c) =>
        c.url === '/backoffice/api/staff-setup/start'
          ? ok(
              z.parse(StaffSetupStartResponseSchema, {
                username: 'lee.ky',
                displayName: 'Lee Ka Yan',
                language: 'en',
                secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                otpauthUri:
                  'otpauth://totp/Harbour%20Peak%20Securities:lee.ky?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
                expiresAt: '2026-11-28T02:00:00.000Z',
              }),
            )
          : undefined,
      (c) => (c.url === '/backoffice/api/staff-setup/finish' ? ok({ username: 'lee.ky' }) : undefined),
    ]);
    start(`/backoffice/setup#${TOKEN}`);
    expect(await screen.findByAltText('QR code for the authenticator app')).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/start'))!.body).toEqual({ token: TOKEN });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'my own new passphrase' } });
    fireEvent.change(screen.getByLabelText('The same password again'), {
      target: { value: 'something else' },
    });
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '12345' } });
    fireEvent.click(screen.getByText('Finish set-up'));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(screen.getByText('Enter the 6 digits the app shows.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('The same password again'), {
      target: { value: 'my own new passphrase' },
    });
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('Finish set-up'));
    expect(await screen.findByText('Your sign-in is ready')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/finish'))!.body).toEqual({
      token: TOKEN,
      password: 'my own new passphrase',
      totp: '123456',
    });
  });

  it('says so when the page has no valid token', async () => {
    fakeApi([] as StaffRole[], []);
    start('/backoffice/setup');
    expect(await screen.findByText(/This page needs the link you were given/)).toBeTruthy();
  });
});
