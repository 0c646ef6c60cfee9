import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { ROUTES, routeByPath } from '../lib/routes';
import { useIsLoggedIn } from '../lib/session';
import { clearPendingTimers } from '../lib/timers';

// the page's own title, read at the first screen's effect (not at import: the build renders the
// login screen without a document, decision 029)
let originalTitle: string | undefined;

export function PageFallback() {
  return (
    <div className="page-fallback" role="status">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

/** Route guard, page title and timer clean-up for every screen (spec §2). */
export function RootLayout() {
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const { t } = useTranslation('common');
  const route = routeByPath(location.pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design (spec §2)
  useEffect(() => {
    clearPendingTimers();
  }, [location.pathname]);

  useEffect(() => {
    originalTitle ??= document.title;
    const fromQuery = new URLSearchParams(location.search).get('title');
    // The login screen's title is the broker's name alone (spec §1); others add it after theirs.
    const broker = t('broker_name');
    const own = route && route.titleKey !== 'broker_name' ? `${t(route.titleKey)} - ${broker}` : broker;
    document.title = fromQuery || own || originalTitle;
  }, [location.search, route, t]);

  if (route?.auth && !loggedIn) return <Navigate to={ROUTES.login.path} replace />;
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
