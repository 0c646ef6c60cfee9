// Shared set-up of the step screens' component tests: every catalogue of src/locales plus the
// flow rules' messages, a fake server behind `fetch` that reads JSON or form bodies, the status and
// step-info answers the kit needs, and a router where every other screen shows its path.
import { ERROR_MESSAGES, LANGUAGES, type Language, type StepId } from '@hk/domain';
import { FLOW_ERROR_MESSAGES } from '@hk/domain/flow/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { adoptEngine } from '../lib/i18n';
import { APP_ROUTES } from '../lib/routes';
import type { StepInfo } from './api/step-api';

(globalThis as { __SIGN_SECRET__?: string }).__SIGN_SECRET__ = 'test-secret';

const catalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', {
  eager: true,
});

/** i18n with every namespace of every language (the app loads them lazily; tests need them all). */
export async function setupStepI18n(lng: Language) {
  if (!i18n.isInitialized)
    await i18n.init({
      resources: {},
      lng,
      fallbackLng: false,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  for (const [file, mod] of Object.entries(catalogues)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    i18n.addResourceBundle(lang!, ns!, mod.default, true, true);
  }
  for (const lang of LANGUAGES) {
    i18n.addResourceBundle(lang, 'errors', ERROR_MESSAGES[lang], true, true);
    i18n.addResourceBundle(lang, 'errors', FLOW_ERROR_MESSAGES[lang], true, true);
  }
  adoptEngine(i18n, { holdsAll: true });
  await i18n.changeLanguage(lng);
}

export type Body = Record<string, unknown>;
type Handler = (body: Body, path: string) => unknown;

/**
 * Fakes the server: path → envelope, or a function of the request body (JSON parsed, or a form
 * body as an object). Records every call with its body.
 */
export function fakeStepServer(routes: Record<string, unknown | Handler>) {
  const calls: { path: string; body: Body }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    // a form-encoded call (apiPost) hands fetch its URLSearchParams, a JSON one a string
    const raw =
      init?.body instanceof URLSearchParams
        ? init.body.toString()
        : typeof init?.body === 'string'
          ? init.body
          : '';
    let body: Body;
    try {
      body = raw.startsWith('{') ? (JSON.parse(raw) as Body) : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      body = {};
    }
    if (!raw) body = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, body });
    const route = routes[url.pathname];
    const json = typeof route === 'function' ? (route as Handler)(body, url.pathname) : route;
    if (json instanceof Response) return json;
    if (json === undefined)
      return new Response(JSON.stringify({ status: 1007, data: null, info: 'not found' }));
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The bodies sent to one step's save call, in order. */
    saves: (step: StepId) =>
      calls.filter((c) => c.path === `/v9/OpenAccountHk/step/${step}`).map((c) => c.body),
  };
}

export const ok = <T,>(data: T) => ({ status: 0, data, info: '' });
export const fail = (status: number, info: string, fields?: Record<string, string>) => ({
  status,
  data: fields ? { fields } : null,
  info,
});

/** The status answer with the application's next step (the kit redirects to it when earlier). */
export function makeStatus(next_step: StepId | null, extra: Record<string, unknown> = {}) {
  return {
    suid: 'u1',
    is_marketing: 0,
    is_show_open_cs_qrcode: 0,
    status: 1,
    bank_type: 0,
    bank_audit: 0,
    info_progress: 10,
    progress: 'opening',
    stages_done: ['id'],
    next_step,
    steps: [],
    mobile_masked: '138****0000',
    ...extra,
  };
}

export function makeStepInfo(step: StepId, info: Partial<StepInfo> = {}): StepInfo {
  return {
    step,
    version: 0,
    confirmed_at: null,
    reopened_reason: null,
    answers: {},
    sealed: {},
    documents: [],
    ...info,
  };
}

/** The save call's answer. */
export function makeSaveResult(step: StepId, extra: Record<string, unknown> = {}) {
  return { step, version: 1, confirmed: true, info_progress: 30, next_step: null, reopened: [], ...extra };
}

function WhereAmI() {
  const loc = useLocation();
  return <p data-testid="location">{`${loc.pathname}${loc.search}`}</p>;
}

/** Renders `element` at `path` (with `search`); every other route shows where navigation went. */
export function renderStep(path: string, element: ReactNode, search = '') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const others = [...new Set(APP_ROUTES.map((r) => r.path))].filter((p) => p !== path);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`${path}${search}`]}>
        <Routes>
          <Route path={path} element={element} />
          {others.map((p) => (
            <Route key={p} path={p} element={<WhereAmI />} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
