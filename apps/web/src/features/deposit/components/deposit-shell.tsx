import type { Language, UserStatus } from '@hk/domain';
import type { RemittanceInfo } from '@hk/domain/deposit/contracts';
import { checkIsDepositStatus } from '@hk/domain/deposit/remittance';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SecuritiesNotice } from '../../../components/securities-notice';
import { AppButton } from '../../../components/ui/app-button';
import { useServiceInfo } from '../../../lib/api/service-info';
import { useUserStatus } from '../../../lib/api/user-status';
import { telHref } from '../../../lib/broker';
import { useTranslation } from '../../../lib/i18n';
import { useRemittanceInfo } from '../api/remittance-api';
import { type DepositScreen, depositRedirect } from '../lib/deposit-routing';
import './deposit.css';

export interface DepositView {
  info: RemittanceInfo;
  status: UserStatus;
  lang: Language;
}

/**
 * The frame of every deposit screen (spec §2 routes after approval): the status fetched for this
 * visit and the deposit's details; a screen the status (or, while approved, the remittance's
 * state) does not call for sends the person where it does (spec §4, `depositRedirect`); then the
 * screen, customer service and the securities firm's footer.
 */
export function DepositShell({
  screen,
  title,
  titleFor,
  children,
}: {
  screen: DepositScreen;
  title: string;
  /** The heading once the details are in, when they decide it (the default: `title`). */
  titleFor?: (info: RemittanceInfo) => string;
  children: (view: DepositView) => ReactNode;
}) {
  const { t, i18n } = useTranslation(['deposit', 'common']);
  const navigate = useNavigate();
  const status = useUserStatus();
  const fresh = status.isFetchedAfterMount ? status.data : undefined;
  const hasDeposit = fresh !== undefined && checkIsDepositStatus(fresh.status);
  const info = useRemittanceInfo(hasDeposit);
  const target = fresh
    ? depositRedirect(screen, fresh, hasDeposit ? info.data?.remittance.state : undefined)
    : null;
  // the state decides only once the info is in (a screen never flashes the wrong step)
  const waiting = !fresh || (hasDeposit && info.isPending && !info.isError);

  useEffect(() => {
    if (target && !(hasDeposit && info.isPending)) void navigate(target, { replace: true });
  }, [target, hasDeposit, info.isPending, navigate]);

  const error = status.isError ? status.error : info.isError ? info.error : null;
  if (error)
    return (
      <main className="deposit-page">
        <h1 className="page-title">{title}</h1>
        <div className="status-panel">
          <p role="alert">{error.message || t('load_failed')}</p>
          <AppButton
            block
            onClick={() => void (status.isError ? status.refetch() : info.refetch())}
            loading={status.isFetching || info.isFetching}
          >
            {t('common:retry')}
          </AppButton>
        </div>
      </main>
    );
  if (waiting || target || !info.data)
    return (
      <main className="deposit-page">
        <p role="status" className="page-status">
          <span className="spinner" aria-hidden="true" /> {t('common:loading')}
        </p>
      </main>
    );
  return (
    <main className="deposit-page">
      <h1 className="page-title">{titleFor ? titleFor(info.data) : title}</h1>
      {children({ info: info.data, status: fresh!, lang: i18n.language as Language })}
      <ServiceBlock />
      <SecuritiesNotice />
    </main>
  );
}

/** Customer service (spec §1): the two phone lines and the hours. */
export function ServiceBlock() {
  const { t } = useTranslation(['deposit', 'common']);
  const service = useServiceInfo();
  return (
    <section className="service-block" aria-labelledby="deposit-service-title">
      <h2 id="deposit-service-title">{t('common:service_title')}</h2>
      <p>{t('service_lead')}</p>
      <p>
        {t('common:service_tel_hk')} <a href={telHref(service.telHk)}>{service.telHk}</a>
      </p>
      <p>
        {t('common:service_tel')} <a href={telHref(service.tel)}>{service.tel}</a>
      </p>
      <p>{t('common:service_hours')}</p>
    </section>
  );
}
