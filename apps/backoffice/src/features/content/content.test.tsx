// The content pages against a fake /backoffice/api (fetch mocked at the network boundary); every
// answer is parsed through the contract's schema first, so a mock cannot drift from the server.
import { BannerViewSchema, IpoViewSchema, ServiceViewSchema } from '@hk/domain/content/contracts';
import type { StaffRole } from '@hk/domain/staff/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { App } from '../../app/app';
import { initI18n } from '../../lib/i18n';

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  json: unknown;
  form: FormData | null;
}
type Answer = { http: number; status: number; data?: unknown; info?: string };

function fakeApi(roles: StaffRole[], route: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const isForm = init.body instanceof FormData;
      const call: Call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://x').pathname + new URL(url, 'http://x').search,
        headers: { ...((init.headers as Record<string, string>) ?? {}) },
        json: init.body && !isForm ? JSON.parse(String(init.body)) : undefined,
        form: isForm ? (init.body as FormData) : null,
      };
      calls.push(call);
      const answer =
        call.method === 'GET' && call.path === '/backoffice/api/session'
          ? {
              http: 200,
              status: 0,
              data: {
                staff: { id: 's1', username: 'lee.content', displayName: 'Lee', roles, language: 'en' },
                csrfToken: 'csrf-7',
                idleExpiresAt: '2026-11-27T12:30:00.000Z',
                expiresAt: '2026-11-27T20:00:00.000Z',
              },
            }
          : route(call);
      if (!answer) throw new Error(`unexpected call ${call.method} ${call.path}`);
      return new Response(
        JSON.stringify({ status: answer.status, data: answer.data ?? null, info: answer.info ?? '' }),
        {
          status: answer.http,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return calls;
}
const ok = (data: unknown): Answer => ({ http: 200, status: 0, data });

const ipo = z.parse(IpoViewSchema, {
  id: '11111111-1111-4111-8111-111111111111',
  productCode: '02599',
  name: { 'zh-CN': '海港新股', 'zh-HK': '海港新股', en: 'Harbour New Co' },
  popularity: 3,
  leverage: '0',
  minSubAmount: '3030.25',
  minSubAmountText: '3,030.25 Hong Kong dollars',
  currency: 'HKD',
  subscribeFrom: '2026-11-27',
  subscribeTo: '2026-11-30',
  published: true,
  sort: 1,
  openToday: true,
  version: 4,
  updatedAt: '2026-11-27T01:00:00.000Z',
});
const banner = z.parse(BannerViewSchema, {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'IPO season',
  type: 'ipoList',
  data: {},
  language: 'all',
  sort: 1,
  startsAt: '2026-11-27T01:00:00.000Z',
  endsAt: null,
  published: true,
  live: true,
  image: {
    url: '/backoffice/api/content/banners/x/image?v=1',
    width: 750,
    height: 300,
    sha256: 'a'.repeat(64),
  },
  version: 2,
  updatedAt: '2026-11-27T01:00:00.000Z',
});
const service = z.parse(ServiceViewSchema, {
  phoneHk: '+852 2888 0000',
  phoneCn: '+86 400 888 0000',
  hours: { 'zh-CN': '周一至周五', 'zh-HK': '星期一至五', en: 'Mon–Fri' },
  showQr: false,
  chatAccount: null,
  qrImageUrl: null,
  version: 0,
  updatedAt: '2026-11-27T01:00:00.000Z',
});

function start() {
  window.history.replaceState(null, '', '/backoffice/content');
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

const lists = (call: Call): Answer | undefined => {
  if (call.method === 'GET' && call.path === '/backoffice/api/content/ipos') return ok({ ipos: [ipo] });
  if (call.method === 'GET' && call.path === '/backoffice/api/content/banners')
    return ok({ banners: [banner] });
  if (call.method === 'GET' && call.path === '/backoffice/api/content/service') return ok(service);
  return undefined;
};

describe('content pages', () => {
  it('a reviewer has no content page: not in the menu, refused by address', async () => {
    fakeApi(['reviewer'], () => undefined);
    start();
    expect(await screen.findByRole('heading', { name: i18n.t('common:not_allowed_title') })).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: i18n.t('common:menu_label') })[0]!;
    expect(within(menu).queryByText('Status page content')).toBeNull();
  });

  it('lists IPOs as words and money; a new IPO is sent as typed and a refusal shows at its field', async () => {
    const calls = fakeApi(['content_editor'], (call) => {
      if (call.method === 'POST' && call.path === '/backoffice/api/content/ipos')
        return {
          http: 200,
          status: 1002,
          info: 'Enter an amount, e.g. 3,030.25 (at most two decimals).',
          data: { fields: { minSubAmount: 'Enter an amount, e.g. 3,030.25 (at most two decimals).' } },
        };
      return lists(call);
    });
    start();
    const row = (await screen.findByText('Harbour New Co')).closest('tr')!;
    expect(within(row).getByText('3,030.25 Hong Kong dollars')).toBeTruthy();
    expect(within(row).getByText('None')).toBeTruthy();
    expect(within(row).getByText('Open today')).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: i18n.t('common:menu_label') })[0]!;
    expect(within(menu).getByText('Status page content')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add an IPO' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Stock code'), { target: { value: '09988' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum subscription amount'), {
      target: { value: '12.345' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter an amount, e.g. 3,030.25 (at most two decimals).'),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-csrf-token']).toBe('csrf-7');
    expect(post.json).toMatchObject({
      productCode: '09988',
      minSubAmount: '12.345',
      currency: 'HKD',
      leverage: '0',
    });
  });

  it('a banner form asks for the data of its type and sends the image with the payload', async () => {
    const calls = fakeApi(['content_editor'], (call) => {
      if (call.method === 'PUT' && call.path === `/backoffice/api/content/banners/${banner.id}`)
        return {
          http: 200,
          status: 1002,
          info: 'This banner type needs this.',
          data: { fields: { 'data.url': 'This banner type needs this.' } },
        };
      return lists(call);
    });
    start();
    fireEvent.click(await screen.findByRole('tab', { name: 'Banners' }));
    const row = (await screen.findByText('IPO season')).closest('tr')!;
    expect(within(row).getByText('IPO list')).toBeTruthy();
    expect(within(row).getByText('Every language')).toBeTruthy();
    expect(within(row).getByText('From 2026-11-27 09:00')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Link (https://)')).toBeNull();
    // choose "Web page": its link appears
    fireEvent.mouseDown(within(dialog).getByLabelText('Banner type'));
    fireEvent.click(await screen.findByTitle('Web page'));
    expect(await within(dialog).findByLabelText('Link (https://)')).toBeTruthy();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'b.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Banner image (JPG, PNG or WebP, up to 6 MB)'), {
      target: { files: [file] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This banner type needs this.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.form!.get('payload')))).toMatchObject({
      type: 'openWebView',
      version: 2,
      startsAt: '2026-11-27T09:00:00+08:00',
      endsAt: null,
    });
    expect(put.form!.get('file')).toBeInstanceOf(File);
  });

  it('customer service is saved with its version; a conflict says so above the form', async () => {
    const calls = fakeApi(['content_editor'], (call) => {
      if (call.method === 'PUT' && call.path === '/backoffice/api/content/service')
        return { http: 409, status: 5302, info: 'Someone changed this item meanwhile; nothing was saved.' };
      return lists(call);
    });
    start();
    fireEvent.click(await screen.findByRole('tab', { name: 'Customer service' }));
    const phone = await screen.findByLabelText('Hong Kong phone line');
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+852 2888 0000'));
    expect(screen.getByText('No QR code uploaded.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Chat account'), { target: { value: 'harbour_cs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone changed this item meanwhile; nothing was saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.form!.get('payload')))).toMatchObject({
      phoneHk: '+852 2888 0000',
      chatAccount: 'harbour_cs',
      hours: { en: 'Mon–Fri' },
      version: 0,
    });
  });
});
