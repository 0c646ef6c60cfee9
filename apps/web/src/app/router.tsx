import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyWithQuery as lazy } from './lazy-with-query';
import { RootLayout } from './root-layout';
import { ROUTES } from './routes';

// The login screen ships with the first load; every other screen is its own chunk, loaded with the
// query client and inside its provider (app/lazy-with-query.tsx, decision 015).
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

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <Navigate to={ROUTES.login.path} replace /> },
        { path: ROUTES.login.path, element: <LoginPage /> },
        { path: ROUTES.accountType.path, element: <AccountTypePage /> },
        { path: ROUTES.usercenter.path, element: <UserCenterPage /> },
        { path: ROUTES.userinfo.path, element: <UserInfoRedirect /> },
        { path: ROUTES.idLocation.path, element: <IdLocationPage /> },
        { path: ROUTES.idPhotos.path, element: <IdPhotosPage /> },
        { path: ROUTES.idDetails.path, element: <IdDetailsPage /> },
        { path: ROUTES.progress.path, element: <ProgressPage /> },
        { path: ROUTES.address.path, element: <AddressPage /> },
        { path: ROUTES.accountTypeStep.path, element: <AccountTypeStepPage /> },
        { path: ROUTES.personal.path, element: <PersonalPage /> },
        { path: ROUTES.employment.path, element: <EmploymentPage /> },
        { path: ROUTES.financial.path, element: <FinancialPage /> },
        { path: ROUTES.tax.path, element: <TaxPage /> },
        { path: ROUTES.declarations.path, element: <DeclarationsPage /> },
        { path: ROUTES.investment.path, element: <InvestmentPage /> },
        { path: ROUTES.riskDisclosure.path, element: <RiskDisclosurePage /> },
        { path: ROUTES.identityMedia.path, element: <IdentityMediaPage /> },
        { path: ROUTES.bank.path, element: <BankPage /> },
        { path: ROUTES.signature.path, element: <SignaturePage /> },
        { path: ROUTES.review.path, element: <ReviewPage /> },
        // spec §2: any unknown path goes to /login
        { path: '*', element: <Navigate to={ROUTES.login.path} replace /> },
      ],
    },
  ]);
}
