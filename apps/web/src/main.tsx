import 'antd-mobile/es/global';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { entryRedirect } from './app/entry-redirect';
import { PageFallback } from './app/root-layout';
import { AppRoutes, navigateFromOutside } from './app/router';
import { SessionHandoffGate } from './app/session-handoff-gate';
import { runStartUpCalls } from './app/start-up';
import { setSessionInvalidHandler } from './lib/api-client';
import { captureEntryParams } from './lib/entry-params';
import { installGlobalErrorHandler } from './lib/global-errors';
import { initI18n } from './lib/i18n';
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
applyTheme();
void initI18n();

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

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task (a phone's main thread stays responsive while
// the login screen is built; Lighthouse's total blocking time, issue #13).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Suspense fallback={<PageFallback />}>
        <SessionHandoffGate>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionHandoffGate>
      </Suspense>
    </StrictMode>,
  );
});
