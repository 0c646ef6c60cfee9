import { ApplicationStatus, completedPercent, routeForStatus, type UserStatus } from '@hk/domain';
import type { TFunction } from 'i18next';
import { type ComponentType, Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ProgressMeter } from '../../../components/progress-meter';
import { SecuritiesNotice } from '../../../components/securities-notice';
import { AppButton } from '../../../components/ui/app-button';
import { useServiceInfo } from '../../../lib/api/service-info';
import { useUserStatus } from '../../../lib/api/user-status';
import { telHref } from '../../../lib/broker';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES, STATUS_ROUTE_PATHS } from '../../../lib/routes';
import { SubmittedState } from './submitted-state';

/** Where the status sends the person, or null to stay on the user centre (spec §4 routing). */
export function usercenterTarget(status: UserStatus, bindBankQuery: boolean): string | null {
  const next = routeForStatus({ ...status, bindBankQuery });
  if (next.route === 'submitted_view') return null;
  // spec §4: the bank-update page, wherever BANK_UPDATE_URL says (features/deposit, docs/deposit.md)
  if (next.route === 'bank_update') return ROUTES.bankUpdate.path;
  const path = STATUS_ROUTE_PATHS[next.route];
  if (path === ROUTES.usercenter.path) return null; // the declined state: the panel below
  const query = 'query' in next && next.query ? `?${new URLSearchParams(next.query)}` : '';
  return `${path}${query}`;
}

function statusText(s: UserStatus, t: TFunction<['account', 'common']>) {
  switch (s.status) {
    case ApplicationStatus.SUBMITTED:
      return t('status_submitted');
    case ApplicationStatus.APPROVED:
      return t('status_approved');
    case ApplicationStatus.ACTIVATED:
      return t('status_activated');
    case ApplicationStatus.OPENED:
      return t('status_opened');
    case ApplicationStatus.REJECTED:
      return t('status_rejected');
    case ApplicationStatus.DECLINED:
      return t('status_declined');
    default:
      return t('status_filling');
  }
}

/** Submitted or approved: the submitted state (spec §2), not the filling-in progress. */
function isSubmitted(status: number): boolean {
  return status === ApplicationStatus.SUBMITTED || status === ApplicationStatus.APPROVED;
}

/**
 * /usercenter: sends an unfinished application to its step; once submitted shows spec §2's
 * submitted state (account type, the stages after submission, the application PDF) with customer
 * service and the footer (the full status page of spec §2 is a later issue).
 */
export default function UserCenterPage({
  SubmittedView,
}: {
  /** The submitted state's own page (features/status-page, wired by app/router.tsx). */
  SubmittedView?: ComponentType<{ status: UserStatus }>;
} = {}) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const status = useUserStatus();
  const service = useServiceInfo();
  // Decide on a status fetched for this visit: one cached before (the review screen's submit, or a
  // submission from another device) still says 'filling in' and would send a submitted
  // application back to the form.
  const fresh = status.isFetchedAfterMount ? status.data : undefined;
  const target = fresh ? usercenterTarget(fresh, search.get('bind_bank') === '1') : null;

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  if (status.isPending || target || (!fresh && !status.isError)) {
    return (
      <main className="usercenter-page">
        <p role="status" className="page-status">
          <span className="spinner" aria-hidden="true" /> {t('common:loading')}
        </p>
      </main>
    );
  }

  if (SubmittedView && !status.isError && isSubmitted(status.data.status)) {
    const loading = (
      <main className="usercenter-page">
        <p role="status" className="page-status">
          <span className="spinner" aria-hidden="true" /> {t('common:loading')}
        </p>
      </main>
    );
    return (
      <Suspense fallback={loading}>
        <SubmittedView status={status.data} />
      </Suspense>
    );
  }

  return (
    <main className="usercenter-page">
      <h1 className="page-title">{t('usercenter_title')}</h1>
      {status.isError ? (
        <div className="status-panel">
          <p role="alert">{status.error.message}</p>
          <AppButton block onClick={() => void status.refetch()} loading={status.isFetching}>
            {t('common:retry')}
          </AppButton>
        </div>
      ) : isSubmitted(status.data.status) ? (
        <SubmittedState status={status.data.status} />
      ) : status.data.status === ApplicationStatus.DECLINED ? (
        // a decision, not a stage of filling in: no "completed 100%" under it (issue #22)
        <div className="status-panel">
          <p className="status-text">{statusText(status.data, t)}</p>
          <p>{t('status_declined_final')}</p>
        </div>
      ) : (
        <div className="status-panel">
          <p className="status-text">{statusText(status.data, t)}</p>
          <ProgressMeter
            percent={completedPercent(status.data.stages_done)}
            label={t('common:completed_percent', { percent: completedPercent(status.data.stages_done) })}
          />
        </div>
      )}
      <section className="service-block" aria-labelledby="service-title">
        <h2 id="service-title">{t('common:service_title')}</h2>
        <p>
          {t('common:service_tel_hk')} <a href={telHref(service.telHk)}>{service.telHk}</a>
        </p>
        <p>
          {t('common:service_tel')} <a href={telHref(service.tel)}>{service.tel}</a>
        </p>
        <p>{t('common:service_hours')}</p>
      </section>
      <SecuritiesNotice />
    </main>
  );
}
