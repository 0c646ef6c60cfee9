import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyWithQuery as lazy } from './lazy-with-query';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { ROUTES } from './routes';

// The login screen ships with the first load; every other screen is its own chunk, loaded with the
// query client and inside its provider (app/lazy-with-query.tsx, decision 015). The routes are
// declared for <BrowserRouter> (main.tsx), not the data router: it weighs about 11 KB less on that
// first load, and no screen uses loaders, actions or fetchers.
const AccountTypePage = lazy(() => import('../features/account/components/account-type-page'));
const UserCenterPage = lazy(() => import('../features/account/components/usercenter-page'));
const UserInfoRedirect = lazy(() => import('../features/id-step/components/userinfo-redirect'));
const IdLocationPage = lazy(() => import('../features/id-step/components/id-location-page'));
const IdPhotosPage = lazy(() => import('../features/id-step/components/id-photos-page'));
const IdDetailsPage = lazy(() => import('../features/id-step/components/id-details-page'));
const ProgressPage = lazy(() => import('../features/id-step/components/progress-page'));
const AddressPage = lazy(() => import('../features/address/components/address-page'));
const AccountTypeStepPage = lazy(() => import('../features/account-type/components/account-type-page'));
const PersonalPage = lazy(() => import('../features/personal/components/personal-page'));
const EmploymentPage = lazy(() => import('../features/employment/components/employment-page'));
const FinancialPage = lazy(() => import('../features/financial/components/financial-page'));
const TaxPage = lazy(() => import('../features/tax/components/tax-page'));
const DeclarationsPage = lazy(() => import('../features/declarations/components/declarations-page'));
const InvestmentPage = lazy(() => import('../features/investment/components/investment-page'));
const RiskDisclosurePage = lazy(() => import('../features/risk-disclosure/components/risk-disclosure-page'));
const IdentityMediaPage = lazy(() => import('../features/identity-media/components/identity-media-page'));
const BankPage = lazy(() => import('../features/bank/components/bank-page'));
const SignaturePage = lazy(() => import('../features/signature/components/signature-page'));
const ReviewPage = lazy(() => import('../features/review/components/review-page'));

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
            <Route path={ROUTES.usercenter.path} element={<UserCenterPage />} />
            <Route path={ROUTES.userinfo.path} element={<UserInfoRedirect />} />
            <Route path={ROUTES.idLocation.path} element={<IdLocationPage />} />
            <Route path={ROUTES.idPhotos.path} element={<IdPhotosPage />} />
            <Route path={ROUTES.idDetails.path} element={<IdDetailsPage />} />
            <Route path={ROUTES.progress.path} element={<ProgressPage />} />
            <Route path={ROUTES.address.path} element={<AddressPage />} />
            <Route path={ROUTES.accountTypeStep.path} element={<AccountTypeStepPage />} />
            <Route path={ROUTES.personal.path} element={<PersonalPage />} />
            <Route path={ROUTES.employment.path} element={<EmploymentPage />} />
            <Route path={ROUTES.financial.path} element={<FinancialPage />} />
            <Route path={ROUTES.tax.path} element={<TaxPage />} />
            <Route path={ROUTES.declarations.path} element={<DeclarationsPage />} />
            <Route path={ROUTES.investment.path} element={<InvestmentPage />} />
            <Route path={ROUTES.riskDisclosure.path} element={<RiskDisclosurePage />} />
            <Route path={ROUTES.identityMedia.path} element={<IdentityMediaPage />} />
            <Route path={ROUTES.bank.path} element={<BankPage />} />
            <Route path={ROUTES.signature.path} element={<SignaturePage />} />
            <Route path={ROUTES.review.path} element={<ReviewPage />} />
            {/* spec §2: any unknown path goes to /login */}
            <Route path="*" element={<Navigate to={ROUTES.login.path} replace />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}
