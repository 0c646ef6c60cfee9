import { nextIdScreen } from '@hk/domain';
import { useEffect } from 'react';
import { usePageFlags } from '../../../app/page-flags';
import { ROUTES } from '../../../app/routes';
import { useApplicationInfo } from '../api/get-info';
import { useIdNavigate } from '../lib/use-id-navigation';
import { PageState } from './step-header';

/**
 * /userinfo: sends the person to the first unfinished screen of the ID step (domain nextIdScreen),
 * keeping the query (state, title…). A refused application (state=refused, spec §2 edit flag) with
 * a finished ID step opens the details to modify rather than the progress page.
 */
export default function UserInfoRedirect() {
  const info = useApplicationInfo();
  const { isEdit } = usePageFlags();
  const go = useIdNavigate();
  useEffect(() => {
    if (!info.data) return;
    // No application yet (account initialisation not done): that screen creates it first.
    if (!info.data.application) return go(ROUTES.accountType.path, { replace: true });
    const screen = nextIdScreen(info.data);
    go(screen === 'done' && isEdit ? 'details' : screen, { replace: true });
  }, [info.data, isEdit, go]);
  return <PageState loading={!info.error} error={info.error} onRetry={() => void info.refetch()} />;
}
