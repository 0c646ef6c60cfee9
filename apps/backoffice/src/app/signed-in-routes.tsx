import { checkHasPermission } from '@hk/domain/staff/roles';
import { Route, Routes } from 'react-router';
import { ComingLaterPage } from '../components/coming-later-page';
import { NotAllowedPage, NotFoundPage } from '../components/not-allowed-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { HomePage } from '../features/home/components/home-page';
import { CasePage } from '../features/review/components/case-page';
import { QueuePage } from '../features/review/components/queue-page';
import { ROUTES } from './routes';
import { useStaffSession } from './session';
import { ShellLayout } from './shell-layout';

/** A page some roles may not open: the menu hides it, and an address typed by hand is refused here too. */
function PermissionPage({ route }: { route: 'reviewQueue' | 'caseView' | 'staff' | 'audit' }) {
  const { staff } = useStaffSession();
  const { permission, titleKey } = ROUTES[route];
  if (!checkHasPermission(staff.roles, permission)) return <NotAllowedPage />;
  if (route === 'reviewQueue') return <QueuePage />;
  if (route === 'caseView') return <CasePage />;
  if (route === 'audit') return <AuditPage />;
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
