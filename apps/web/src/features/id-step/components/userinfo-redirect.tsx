import { nextIdScreen } from '@hk/domain';
import { useEffect } from 'react';
import { useUserStatus } from '../../../lib/api/user-status';
import { ROUTES } from '../../../lib/routes';
import { useApplicationInfo } from '../../../step-kit/api/get-info';
import { PageState } from '../../../step-kit/components/step-header';
import { STEP_PATHS } from '../../../step-kit/lib/step-paths';
import { useIdNavigate } from '../lib/use-id-navigation';

/**
 * /userinfo: sends the person to the first unfinished screen, keeping the query (state, title…):
 * inside the ID step by the domain's nextIdScreen, then the first unconfirmed step of the flow
 * (`status.next_step`, the registry's order; the review once every other step is confirmed), or
 * the progress page when none is open. A refused application (state=refused) lists what staff
 * returned instead (app/userinfo-entry.tsx, features/returned).
 */
export default function UserInfoRedirect() {
  const info = useApplicationInfo();
  const status = useUserStatus();
  const go = useIdNavigate();
  // Decide on answers fetched for this visit: a status cached before the ID step was confirmed
  // (the details screen does not watch it, so confirming only marks it stale) still names the
  // identity step, and would send the person back to the ID location screen.
  const infoData = info.isFetchedAfterMount ? info.data : undefined;
  const statusData = status.isFetchedAfterMount ? status.data : undefined;
  useEffect(() => {
    if (!infoData) return;
    // No application yet (account initialisation not done): that screen creates it first.
    if (!infoData.application) return go(ROUTES.accountType.path, { replace: true });
    const screen = nextIdScreen(infoData);
    if (screen !== 'done') return go(screen, { replace: true });
    if (!statusData) return;
    const next = statusData.next_step;
    go(next ? STEP_PATHS[next] : ROUTES.progress.path, { replace: true });
  }, [infoData, statusData, go]);
  const error = info.error ?? status.error;
  return (
    <PageState
      loading={!error}
      error={error}
      onRetry={() => {
        void info.refetch();
        void status.refetch();
      }}
    />
  );
}
