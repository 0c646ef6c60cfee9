import { lazy as reactLazy, useEffect, useLayoutEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import type { DepositScreenName } from '../features/deposit/components/deposit-screen';
import { lazyWithQuery as lazy } from '../lib/lazy-with-query';
import { ROUTES } from '../lib/routes';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { ALL_STEP_SCREENS } from './step-screens';

// The login screen ships with the first load; every other screen is its own chunk, loaded with the
// query client and inside its provider (lib/lazy-with-query.tsx, decision 015): the steps' screens
// come from their table (app/step-screens.ts), the others are here. The routes are
// declared for <BrowserRouter> (main.tsx), not the data router: it weighs about 11 KB less on that
// first load, and no screen uses loaders, actions or fetchers.
const AccountTypePage = lazy(() => import('../features/account/components/account-type-page'));
const UserCenterPage = lazy(() => import('../features/account/components/usercenter-page'));
// the submitted state of /usercenter (spec §2 status page); rendered inside the user centre's query provider
const StatusPage = reactLazy(() => import('../features/status-page/components/status-page'));
const UserInfoEntry = lazy(() => import('./userinfo-entry'));
const ProgressPage = lazy(() => import('../features/id-step/components/progress-page'));
// the identity deposit and the account's opening (spec §2, docs/deposit.md): one chunk for all
const DepositScreen = lazy(() => import('../features/deposit/components/deposit-screen'));
const DEPOSIT_SCREENS = [
  'active',
  'remit',
  'remitAccount',
  'remitUpload',
  'remitUploadAgain',
  'remitted',
  'activated',
  'opened',
  'bankUpdate',
] as const satisfies readonly DepositScreenName[];

let appNavigate: ((to: string) => void) | null = null;

/**
 * Navigation from outside the screens (the session-end handler), replacing the current entry. While
 * no router is mounted (a hand-off link waiting for the person's choice) the address changes, and
 * the router reads it when it mounts: what the data router's `navigate` did.
 */
export function navigateFromOutside(to: string) {
  if (appNavigate) appNavigate(to);
  else window.history.replaceState(null, '', to);
}

function NavigateBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    appNavigate = (to) => void navigate(to, { replace: true });
    return () => {
      appNavigate = null;
    };
  }, [navigate]);
  // <BrowserRouter> listens to the address from its first commit, which waits for the language's
  // catalogues (Suspense); the data router listened from start-up. An address changed in between
  // (back, forward, a host page's pushState) is caught up once, as the popstate it missed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, against the first render's location
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (pathname !== location.pathname || search !== location.search || hash !== location.hash)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, []);
  return null;
}

/** Every client route (spec §2, docs/flow-routes.md), under the route guard of RootLayout. */
export function AppRoutes() {
  return (
    <>
      <NavigateBridge />
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Navigate to={ROUTES.login.path} replace />} />
            <Route path={ROUTES.login.path} element={<LoginPage />} />
            <Route path={ROUTES.accountType.path} element={<AccountTypePage />} />
            <Route path={ROUTES.usercenter.path} element={<UserCenterPage SubmittedView={StatusPage} />} />
            <Route path={ROUTES.userinfo.path} element={<UserInfoEntry />} />
            <Route path={ROUTES.progress.path} element={<ProgressPage />} />
            {DEPOSIT_SCREENS.map((screen) => (
              <Route key={screen} path={ROUTES[screen].path} element={<DepositScreen screen={screen} />} />
            ))}
            {ALL_STEP_SCREENS.map(({ path, page: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* spec §2: any unknown path goes to /login */}
            <Route path="*" element={<Navigate to={ROUTES.login.path} replace />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}
