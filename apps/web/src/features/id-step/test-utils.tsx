// Shared set-up of the ID-step component tests: real i18n catalogues, a fresh query client, a
// memory router, and a fake server behind `fetch` that answers with the API's envelope.
import { type ApplicationInfo, type DocumentKind, ERROR_MESSAGES, type Language } from '@hk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { adoptEngine } from '../../lib/i18n';
import { APP_ROUTES } from '../../lib/routes';
import enCommon from '../../locales/en/common.json';
import en from '../../locales/en/id.json';
import enSteps from '../../locales/en/steps.json';
import zhCNCommon from '../../locales/zh-CN/common.json';
import zhCN from '../../locales/zh-CN/id.json';
import zhCNSteps from '../../locales/zh-CN/steps.json';
import zhHKCommon from '../../locales/zh-HK/common.json';
import zhHK from '../../locales/zh-HK/id.json';
import zhHKSteps from '../../locales/zh-HK/steps.json';

(globalThis as { __SIGN_SECRET__?: string }).__SIGN_SECRET__ = 'test-secret';

export async function setupI18n(lng: Language) {
  if (!i18n.isInitialized)
    await i18n.init({
      resources: {
        'zh-CN': { common: zhCNCommon, id: zhCN, steps: zhCNSteps, errors: ERROR_MESSAGES['zh-CN'] },
        'zh-HK': { common: zhHKCommon, id: zhHK, steps: zhHKSteps, errors: ERROR_MESSAGES['zh-HK'] },
        en: { common: enCommon, id: en, steps: enSteps, errors: ERROR_MESSAGES.en },
      },
      lng,
      fallbackLng: false,
      defaultNS: 'id',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  adoptEngine(i18n, { holdsAll: true });
  await i18n.changeLanguage(lng);
}

type Handler = (body: URLSearchParams) => unknown;
/** Fakes the server: path → envelope (or a function of the form body). Records every call. */
export function fakeServer(routes: Record<string, unknown | Handler>) {
  const calls: { path: string; body: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : String(init?.body ?? ''));
    calls.push({ path: url.pathname, body });
    const route = routes[url.pathname];
    const json = typeof route === 'function' ? (route as Handler)(body) : route;
    if (json instanceof Response) return json;
    if (json === undefined)
      return new Response(JSON.stringify({ status: 1007, data: null, info: 'not found' }));
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const ok = <T,>(data: T) => ({ status: 0, data, info: '' });

export function makeInfo(step: Partial<ApplicationInfo['id_step']> = {}): ApplicationInfo {
  return {
    account_type: { value: 'M' },
    is_future_account: { value: '0' },
    full_name: { value: '' },
    first_name: { value: '' },
    last_name: { value: '' },
    application: { id: 'app-1', status: 0, markets: ['HKMargin'], created_at: '2026-11-25T10:00:00Z' },
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
      ...step,
    },
  };
}

const DOCUMENT_IDS = {
  id_front: '11111111-1111-4111-8111-111111111111',
  id_back: '22222222-2222-4222-8222-222222222222',
  address_proof: '33333333-3333-4333-8333-333333333333',
  asset_proof: '44444444-4444-4444-8444-444444444444',
  employer_consent: '55555555-5555-4555-8555-555555555555',
  selfie: '66666666-6666-4666-8666-666666666666',
  selfie_with_id: '77777777-7777-4777-8777-777777777777',
  face_video: '88888888-8888-4888-8888-888888888888',
} as const satisfies Record<DocumentKind, string>;

export function makeDoc(kind: DocumentKind) {
  return {
    document_id: DOCUMENT_IDS[kind],
    kind,
    mime: 'image/jpeg',
    width: 1000,
    height: 630,
    size: 120_000,
    uploaded_at: '2026-11-25T10:00:00Z',
  };
}

function WhereAmI() {
  const loc = useLocation();
  return <p data-testid="location">{`${loc.pathname}${loc.search}`}</p>;
}

/** Renders `element` at `path` (with `search`); other ID-step paths show where navigation went. */
export function renderAt(path: string, element: ReactNode, search = '', opts: { client?: QueryClient } = {}) {
  const client =
    opts.client ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  const others = [...new Set(APP_ROUTES.map((r) => r.path))];
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${path}${search}`]}>
        <Routes>
          <Route path={path} element={element} />
          {others
            .filter((p) => p !== path)
            .map((p) => (
              <Route key={p} path={p} element={<WhereAmI />} />
            ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
