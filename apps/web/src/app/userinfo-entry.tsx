import UserInfoRedirect from '../features/id-step/components/userinfo-redirect';
import ReturnedPage from '../features/returned/components/returned-page';
import { usePageFlags } from '../lib/page-flags';

/**
 * /userinfo: with state=refused (spec §2 edit flag; §4 sends status -1 here) the list of what
 * staff returned (issue #14); otherwise on to the first unfinished screen. One chunk with both.
 */
export default function UserInfoEntry() {
  const { isEdit } = usePageFlags();
  return isEdit ? <ReturnedPage /> : <UserInfoRedirect />;
}
