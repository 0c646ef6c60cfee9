import { checkHasPermission } from '@hk/domain/staff/roles';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { NotAllowedPage, NotFoundPage } from '../components/not-allowed-page';
import { HomePage } from '../features/home/components/home-page';
import { ROUTES } from '../lib/routes';
import { useStaffSession } from '../lib/session';
import { ShellLayout } from './shell-layout';

// Each page is its own chunk, fetched when its route opens (decision 019): the console's first
// load is the sign-in page, then this shell and the page asked for, not every page of every role.
const AuditPage = lazy(() =>
  import('../features/audit/components/audit-page').then((m) => ({ default: m.AuditPage })),
);
const ContentPage = lazy(() =>
  import('../features/content/components/content-page').then((m) => ({ default: m.ContentPage })),
);
const CreditsPage = lazy(() =>
  import('../features/deposits/components/credits-page').then((m) => ({ default: m.CreditsPage })),
);
const FxRatesPage = lazy(() =>
  import('../features/deposits/components/fx-rates-page').then((m) => ({ default: m.FxRatesPage })),
);
const ImportPage = lazy(() =>
  import('../features/deposits/components/import-page').then((m) => ({ default: m.ImportPage })),
);
const OpeningPage = lazy(() =>
  import('../features/opening/components/opening-page').then((m) => ({ default: m.OpeningPage })),
);
const OutboxPage = lazy(() =>
  import('../features/outbox/components/outbox-page').then((m) => ({ default: m.OutboxPage })),
);
const DisposalPage = lazy(() =>
  import('../features/records/components/disposal-page').then((m) => ({ default: m.DisposalPage })),
);
const RecordsPage = lazy(() =>
  import('../features/records/components/records-page').then((m) => ({ default: m.RecordsPage })),
);
const CasePage = lazy(() =>
  import('../features/review/components/case-page').then((m) => ({ default: m.CasePage })),
);
const StaffPage = lazy(() =>
  import('../features/staff/components/staff-page').then((m) => ({ default: m.StaffPage })),
);
const QueuePage = lazy(() =>
  import('../features/review/components/queue-page').then((m) => ({ default: m.QueuePage })),
);

/** A page some roles may not open: the menu hides it, and an address typed by hand is refused here too. */
function PermissionPage({
  route,
}: {
  route:
    | 'reviewQueue'
    | 'caseView'
    | 'staff'
    | 'audit'
    | 'opening'
    | 'records'
    | 'recordsView'
    | 'depositImport'
    | 'depositCredits'
    | 'fxRates'
    | 'content'
    | 'outbox';
}) {
  const { staff } = useStaffSession();
  const { permission } = ROUTES[route];
  if (!checkHasPermission(staff.roles, permission)) return <NotAllowedPage />;
  // inside the shell: the menu stays while a page's chunk arrives
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RoutePage route={route} />
    </Suspense>
  );
}

function RoutePage({ route }: { route: Parameters<typeof PermissionPage>[0]['route'] }) {
  if (route === 'reviewQueue') return <QueuePage />;
  if (route === 'caseView') return <CasePage />;
  if (route === 'audit') return <AuditPage />;
  if (route === 'depositImport') return <ImportPage />;
  if (route === 'depositCredits') return <CreditsPage />;
  if (route === 'fxRates') return <FxRatesPage />;
  if (route === 'opening') return <OpeningPage />;
  if (route === 'records') return <DisposalPage />;
  if (route === 'recordsView') return <RecordsPage />;
  if (route === 'content') return <ContentPage />;
  if (route === 'outbox') return <OutboxPage />;
  // the last one: every page exists now (no "coming later"), and a new route without a page fails to compile
  const staff: 'staff' = route;
  return staff && <StaffPage />;
}

/** The console behind sign-in (loaded as its own chunk after it). */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route index element={<HomePage />} />
        <Route path={ROUTES.reviewQueue.path} element={<PermissionPage route="reviewQueue" />} />
        <Route path={ROUTES.caseView.path} element={<PermissionPage route="caseView" />} />
        <Route path={ROUTES.staff.path} element={<PermissionPage route="staff" />} />
        <Route path={ROUTES.audit.path} element={<PermissionPage route="audit" />} />
        <Route path={ROUTES.depositImport.path} element={<PermissionPage route="depositImport" />} />
        <Route path={ROUTES.depositCredits.path} element={<PermissionPage route="depositCredits" />} />
        <Route path={ROUTES.fxRates.path} element={<PermissionPage route="fxRates" />} />
        <Route path={ROUTES.opening.path} element={<PermissionPage route="opening" />} />
        <Route path={ROUTES.records.path} element={<PermissionPage route="records" />} />
        <Route path={ROUTES.recordsView.path} element={<PermissionPage route="recordsView" />} />
        <Route path={ROUTES.content.path} element={<PermissionPage route="content" />} />
        <Route path={ROUTES.outbox.path} element={<PermissionPage route="outbox" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
