import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { checkHandoff, getHandoff, setPendingHandoff, useHandoff } from '../lib/session-handoff';
import { ERROR_TOAST_MS, showToast } from '../lib/toast';
import { PageFallback } from './root-layout';

// The dialog (antd-mobile's Dialog and its animation library) loads only when a hand-off asks:
// the login page's first load stays within its budget.
const SessionSwitchDialog = lazy(() => import('../features/auth/components/session-switch-dialog'));

/**
 * Holds the app back while a hand-off link's token meets another live session (lib/session-handoff):
 * no screen is mounted, so no screen reads or writes with either token until the person chose.
 */
export function SessionHandoffGate({ children }: { children: ReactNode }) {
  const handoff = useHandoff();

  useEffect(() => {
    if (handoff?.stage === 'checking') void checkHandoff();
  }, [handoff]);

  if (!handoff) return children;
  if (handoff.stage === 'link_expired')
    return (
      <>
        <LinkExpiredNotice />
        {children}
      </>
    );
  return (
    <>
      <PageFallback />
      {handoff.stage === 'ask' && (
        <Suspense fallback={null}>
          <SessionSwitchDialog currentMobile={handoff.currentMobile} linkMobile={handoff.linkMobile} />
        </Suspense>
      )}
    </>
  );
}

/** The link's token had expired: the current session stays, and the person is told once. */
function LinkExpiredNotice() {
  const { t } = useTranslation('login');
  useEffect(() => {
    // Read the store, not a render's copy: the effect may run twice (StrictMode), the toast once.
    if (getHandoff()?.stage !== 'link_expired') return;
    setPendingHandoff(null);
    void showToast(t('handoff_link_expired'), 'warn', ERROR_TOAST_MS);
  }, [t]);
  return null;
}
