import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppButton } from '../../../components/ui/app-button';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { clearToast, showLoadingToast, showToast } from '../../../lib/toast';
import { useCreateApplication } from '../api/create-application';

/** Envelope statuses after which the application exists (spec §4 account creation: 0 or 1). */
const CREATED_STATUSES = new Set([0, 1]);

/**
 * /accountType, account initialisation (spec §2): a loading toast, loginCreate with HKMargin and
 * USMargin, then on to /userinfo. Other statuses show their message; a network failure is
 * ignored (spec §8) and the person may retry.
 */
export default function AccountTypePage() {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateApplication();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const run = useCallback(async () => {
    setFailed(false);
    void showLoadingToast(t('common:loading'));
    try {
      await create.mutateAsync();
      await clearToast();
      await queryClient.invalidateQueries({ queryKey: userStatusQueryKey });
      await navigate(ROUTES.userinfo.path, { replace: true });
    } catch (err) {
      await clearToast();
      if (err instanceof ApiError && CREATED_STATUSES.has(err.status)) {
        await navigate(ROUTES.userinfo.path, { replace: true });
        return;
      }
      setFailed(true);
      if (err instanceof ApiError && err.status !== -1 && err.status !== 1001)
        void showToast(err.message, 'error');
    }
  }, [create, navigate, queryClient, t]);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effect
    started.current = true;
    void run();
  }, [run]);

  return (
    <main className="account-type-page">
      <h1 className="page-title">{t('account_type_title')}</h1>
      <p className="page-lead">{t('account_type_markets')}</p>
      {failed ? (
        <AppButton block onClick={() => void run()} loading={create.isPending}>
          {t('common:retry')}
        </AppButton>
      ) : (
        <p role="status" className="page-status">
          <span className="spinner" aria-hidden="true" /> {t('account_type_preparing')}
        </p>
      )}
    </main>
  );
}
