import { checkHasPermission } from '@hk/domain/staff/roles';
import { Route, Routes } from 'react-router';
import { ComingLaterPage } from '../components/coming-later-page';
import { NotAllowedPage, NotFoundPage } from '../components/not-allowed-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { ContentPage } from '../features/content/components/content-page';
import { CreditsPage } from '../features/deposits/components/credits-page';
import { FxRatesPage } from '../features/deposits/components/fx-rates-page';
import { ImportPage } from '../features/deposits/components/import-page';
import { HomePage } from '../features/home/components/home-page';
import { OpeningPage } from '../features/opening/components/opening-page';
import { DisposalPage } from '../features/records/components/disposal-page';
import { RecordsPage } from '../features/records/components/records-page';
import { CasePage } from '../features/review/components/case-page';
import { QueuePage } from '../features/review/components/queue-page';
import { StaffPage } from '../features/staff/components/staff-page';
import { ROUTES } from './routes';
import { useStaffSession } from './session';
import { ShellLayout } from './shell-layout';

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
    | 'content';
}) {
  const { staff } = useStaffSession();
  const { permission, titleKey } = ROUTES[route];
  if (!checkHasPermission(staff.roles, permission)) return <NotAllowedPage />;
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
  if (route === 'staff') return <StaffPage />;
  return <ComingLaterPage titleKey={titleKey} />;
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
