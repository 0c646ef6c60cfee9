// Set-up of the login and account component tests: the real catalogues, a fresh query client, a
// memory router, and a fake server behind `fetch` answering with the API's envelope.
import { ERROR_MESSAGES, LANGUAGES, type Language } from '@hk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { adoptEngine } from './i18n';

(globalThis as { __SIGN_SECRET__?: string }).__SIGN_SECRET__ = 'test-secret';

const catalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', {
  eager: true,
});

export async function setupI18n(lng: Language) {
  if (!i18n.isInitialized) {
    const resources: Record<string, Record<string, Record<string, string>>> = {};
    for (const lang of LANGUAGES) resources[lang] = { errors: ERROR_MESSAGES[lang] };
    for (const [file, mod] of Object.entries(catalogues)) {
      const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
      resources[lang!]![ns!] = mod.default;
    }
    await i18n.init({
      resources,
      lng,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  adoptEngine(i18n, { holdsAll: true });
  await i18n.changeLanguage(lng);
}

export interface FakeCall {
  method: string;
  path: string;
  body: URLSearchParams;
}
type Handler = (body: URLSearchParams) => unknown;

/** Fakes the server: path → envelope (or a function of the form body). Records every call. */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      init?.body instanceof URLSearchParams
        ? init.body
        : new URLSearchParams(typeof init?.body === 'string' ? init.body : url.search);
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    const route = routes[url.pathname];
    const json = typeof route === 'function' ? (route as Handler)(body) : route;
    if (json === undefined)
      return new Response(JSON.stringify({ status: 1007, data: null, info: 'not found' }));
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const ok = <T,>(data: T) => ({ status: 0, data, info: '' });
export const fail = (status: number, info: string, data: unknown = null) => ({ status, data, info });

function WhereAmI() {
  const loc = useLocation();
  return <p data-testid="location">{`${loc.pathname}${loc.search}`}</p>;
}

const PATHS = ['/login', '/accountType', '/usercenter', '/userinfo'];

/** Renders `element` at `path`; the other top-level paths show where navigation went. */
export function renderAt(path: string, element: ReactNode, search = '') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${path}${search}`]}>
        <Routes>
          <Route path={path} element={element} />
          {PATHS.filter((p) => p !== path).map((p) => (
            <Route key={p} path={p} element={<WhereAmI />} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
