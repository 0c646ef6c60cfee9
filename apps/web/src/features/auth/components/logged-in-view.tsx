import { completedPercent, progressButtonKey } from '@hk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ProgressMeter } from '../../../components/progress-meter';
import { AppButton } from '../../../components/ui/app-button';
import { useLogout } from '../../../lib/api/logout';
import { useServiceInfo } from '../../../lib/api/service-info';
import { useUserStatus } from '../../../lib/api/user-status';
import { telHref } from '../../../lib/broker';
import { entryParam } from '../../../lib/entry-params';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { logoutLocally, useSession } from '../../../lib/session';
import { syncCaType } from '../api/get-ca';

/** spec §2 login screen, logged in: recent number, switch number, adviser, progress. */
export function LoggedInView() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const status = useUserStatus();
  const logout = useLogout();
  const service = useServiceInfo();

  useEffect(() => {
    void syncCaType();
  }, []);

  const switchNumber = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The token is dropped here either way; the server's copy expires on its own.
    }
    logoutLocally(true);
    queryClient.clear();
  };

  const masked = session?.mobile || status.data?.mobile_masked || '';
  const progress = status.data?.progress;
  const percent = completedPercent(status.data?.stages_done ?? []);
  const showIntro = progress === 'opening' || progress === 'registered';
  const showAdviser = entryParam('flag') !== '-1'; // spec §2: hidden when the marketing flag is -1

  return (
    <section className="logged-in" aria-labelledby="recent-login">
      <p id="recent-login" className="recent-login">
        <span>{t('recent_login')}</span>
        <strong className="masked-mobile">{masked}</strong>
      </p>
      <button
        type="button"
        className="link-button"
        onClick={() => void switchNumber()}
        disabled={logout.isPending}
      >
        {t('switch_number')}
      </button>
      {showAdviser && (
        <a className="adviser" href={telHref(service.telHk)}>
          <span className="adviser-dot" aria-hidden="true" />
          {t('adviser_online')}
        </a>
      )}
      {showIntro ? (
        <div className="intro-progress">
          <ProgressMeter percent={percent} label={t('common:completed_percent', { percent })} />
          <AppButton
            block
            onClick={() =>
              void navigate(progress === 'registered' ? ROUTES.accountType.path : ROUTES.usercenter.path)
            }
          >
            {t(progressButtonKey(status.data?.info_progress ?? 0))}
          </AppButton>
        </div>
      ) : (
        <AppButton block loading={status.isPending} onClick={() => void navigate(ROUTES.usercenter.path)}>
          {t('submit')}
        </AppButton>
      )}
    </section>
  );
}
