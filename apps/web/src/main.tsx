import 'antd-mobile/es/global';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { entryRedirect } from './app/entry-redirect';
import { AppRoutes, navigateFromOutside } from './app/router';
import { runStartUpCalls } from './app/start-up';
import { setSessionInvalidHandler } from './lib/api-client';
import { captureEntryParams } from './lib/entry-params';
import { installGlobalErrorHandler } from './lib/global-errors';
import { currentLanguage, initI18n } from './lib/i18n';
import { clearLoadedQueries } from './lib/query-client-ref';
import { installReleaseReload } from './lib/release-reload';
import { ROUTES } from './lib/routes';
import { getToken, logoutLocally } from './lib/session';
import { applyTheme } from './lib/theme';
import { captureTokenFromUrl } from './lib/url-token';
import './styles.css';

// Legacy hash links first (their query may carry the entry parameters), then the token, then
// the logged-in user's landing screen (app/entry-redirect.ts). A link's token that meets another
// live session waits for the person's choice (SessionHandoffGate); either way a token is stored.
installGlobalErrorHandler();
// issue #24: a chunk of the previous release that is gone reloads the page once (decision 025)
installReleaseReload();
const legacyPath = entryRedirect(window.location, false);
if (legacyPath) window.history.replaceState(null, '', legacyPath);
captureEntryParams(window.location.search);
captureTokenFromUrl();
const landing = entryRedirect(window.location, Boolean(getToken()));
if (landing) window.history.replaceState(null, '', landing);
// logged out, `/` is the login screen (the router's redirect, made before the first render: the
// server sends `/` the prerendered /login, decision 029)
else if (window.location.pathname === '/' && !getToken())
  window.history.replaceState(null, '', ROUTES.login.path + window.location.search);
applyTheme();
const catalogues = initI18n();

// TanStack Query loads with the first screen that reads through it (lib/lazy-with-query.tsx): the
// login form does without it (decision 015). A stored session lands on such a screen: its code
// starts loading now, beside the screen's own.
if (getToken()) void import('./lib/query-provider');
runStartUpCalls();

setSessionInvalidHandler(() => {
  logoutLocally();
  clearLoadedQueries();
  navigateFromOutside(ROUTES.login.path);
});

const container = document.getElementById('root')!;
const app = (
  <AppRoot>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppRoot>
);
// The server sent /login prerendered in a language (decision 029): hydrated when this is what the
// first render draws (logged out, on /login, in that language), once its catalogues are here
// (preloaded by the page); otherwise rendered afresh, replacing it. The first render as a
// transition: React renders it in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task (Lighthouse's total blocking time, issue #13).
if (
  container.dataset.prerendered === currentLanguage() &&
  window.location.pathname === ROUTES.login.path &&
  !getToken()
) {
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  catalogues.then(hydrate, hydrate);
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
