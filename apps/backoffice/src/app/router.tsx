import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { SignInPage } from '../features/sign-in/components/sign-in-page';
import { ROUTES } from '../lib/routes';
import { useSession } from '../lib/session';

// Everything behind sign-in (layout, menu, pages) is one chunk loaded after it: the sign-in page
// alone is the console's first load.
const SignedInRoutes = lazy(() => import('./signed-in-routes').then((m) => ({ default: m.SignedInRoutes })));
// a new member's first sign-in (issue #22): its own chunk, opened once per person
const SetupPage = lazy(() =>
  import('../features/staff/components/setup-page').then((m) => ({ default: m.SetupPage })),
);

/** Where a signed-out visit was going, to return there after signing in. */
interface FromState {
  from?: string;
}

function SignInRoute() {
  const { state, startSession } = useSession();
  const location = useLocation();
  if (state.kind === 'loading') return <LoadingScreen />;
  if (state.kind === 'signed_in') {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from && from !== ROUTES.signIn.path ? from : ROUTES.home.path} replace />;
  }
  return <SignInPage notice={state.notice} onSignedIn={startSession} />;
}

function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.kind === 'loading') return <LoadingScreen />;
  if (state.kind === 'signed_out') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={ROUTES.signIn.path} replace state={{ from } satisfies FromState} />;
  }
  return children;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.signIn.path} element={<SignInRoute />} />
      <Route
        path={ROUTES.staffSetup.path}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <SetupPage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <RequireSession>
            <Suspense fallback={<LoadingScreen />}>
              <SignedInRoutes />
            </Suspense>
          </RequireSession>
        }
      />
    </Routes>
  );
}
