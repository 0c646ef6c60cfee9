import { ApplicationStatus, completedPercent, type UserStatus } from '@hk/domain';
import type { BannerItem, IpoItem } from '@hk/domain/content/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ProgressMeter } from '../../../components/progress-meter';
import { SecuritiesNotice } from '../../../components/securities-notice';
import { SubmissionFacts } from '../../../components/submission-facts';
import { AppButton } from '../../../components/ui/app-button';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { clearToast, showLoadingToast } from '../../../lib/toast';
import { infoQueryOptions } from '../../../step-kit/api/get-info';
import { bannersQueryOptions, ipoListQueryOptions, serviceQrQueryOptions } from '../api/status-content';
import { checkIsDownloadPromptClosed, rememberDownloadPromptClosed } from '../lib/download-prompt';
import { checkIsInBrokerApp, type NativeTarget, openNative } from '../lib/native';
import { BannerCarousel } from './banner-carousel';
import { DownloadPrompt } from './download-prompt';
import { IpoList } from './ipo-list';
import { ServiceBlock } from './service-block';
import { StageProgress } from './stage-progress';
import './status-page.css';

/** spec §9: the first-visit loading flag clears after 2300 ms. */
export const FIRST_VISIT_FLAG_MS = 2300;

/** spec §2: a first visit (no `state` query) keeps a loading flag for 2.3 s. */
function useFirstVisitFlag(): boolean {
  const { isFirst } = usePageFlags();
  const [on, setOn] = useState(isFirst);
  useEffect(() => {
    if (!on) return;
    const id = setTimeout(() => setOn(false), FIRST_VISIT_FLAG_MS);
    return () => clearTimeout(id);
  }, [on]);
  return on;
}

/**
 * The status page once the application is submitted (spec §2 "account-opening status page", the
 * auditable state of /usercenter): a loading toast while the profile, the service QR, the IPOs and
 * the banners are fetched together (and through the first-visit flag's 2.3 s); the account type;
 * the bank-progress image when `bank_type` > 0; the banner carousel and today's IPOs; the QR or
 * phone block; the intro-progress block; the footer; the download prompt outside the app.
 */
export default function StatusPage({ status }: { status: UserStatus }) {
  const { t, i18n } = useTranslation(['status', 'common']);
  const lang = i18n.language;
  const [info, service, ipos, banners] = useQueries({
    queries: [
      infoQueryOptions(),
      serviceQrQueryOptions(lang),
      ipoListQueryOptions(lang),
      bannersQueryOptions(lang),
    ],
  });
  const firstVisit = useFirstVisitFlag();
  const loading = info.isPending || service.isPending || ipos.isPending || banners.isPending;
  const showLoading = loading || firstVisit;
  const loadingText = t('status:loading');

  useEffect(() => {
    if (!showLoading) return;
    void showLoadingToast(loadingText);
    return () => void clearToast();
  }, [showLoading, loadingText]);

  const inApp = checkIsInBrokerApp();
  const [promptOpen, setPromptOpen] = useState(() => !inApp && !checkIsDownloadPromptClosed());
  const promptRef = useRef<HTMLElement>(null);
  const [focusPrompt, setFocusPrompt] = useState(false);
  useEffect(() => {
    if (focusPrompt && promptOpen) {
      promptRef.current?.focus();
      setFocusPrompt(false);
    }
  }, [focusPrompt, promptOpen]);

  // spec §2: inside the app its native view, otherwise the download prompt
  const open = (target: NativeTarget) => {
    if (openNative(target)) return;
    setPromptOpen(true);
    setFocusPrompt(true);
  };

  const accountType = info.data?.account_type.value === 'M' ? 'margin' : 'cash';
  const futures = info.data?.is_future_account.value === '1';
  const percent = completedPercent(status.stages_done);
  const approved = status.status === ApplicationStatus.APPROVED;

  return (
    <main className="usercenter-page status-page" aria-busy={showLoading}>
      <h1 className="page-title">{t('status:title')}</h1>
      <section className="status-panel status-page__summary" aria-labelledby="status-page-state">
        <h2 id="status-page-state" className="status-text">
          {t(approved ? 'status:status_approved' : 'status:status_submitted')}
        </h2>
        {info.data ? (
          <p className="status-page__account">
            <span className="status-page__label">{t('status:account_type_label')}</span>{' '}
            {t(`status:account_securities_${accountType}`)}
            {futures ? `${t('status:account_type_and')}${t('status:account_futures')}` : ''}
          </p>
        ) : null}
        {status.bank_type > 0 ? <StageProgress status={status.status} /> : null}
        {!approved ? <p className="status-page__hint">{t('status:stage_activation_hint')}</p> : null}
        <SubmissionFacts />
      </section>

      {banners.data && banners.data.length > 0 ? (
        <BannerCarousel
          banners={banners.data}
          onOpen={(b: BannerItem) => open({ kind: 'banner', type: b.type, data: b.data })}
        />
      ) : null}

      {ipos.data ? (
        <IpoList
          ipos={ipos.data}
          onOpenList={() => open({ kind: 'ipo_list' })}
          onOpenIpo={(ipo: IpoItem) => open({ kind: 'ipo', productCode: ipo.product_code })}
        />
      ) : ipos.isError ? (
        <section className="status-panel">
          <p role="alert">{t('status:load_failed')}</p>
          <AppButton variant="ghost" onClick={() => void ipos.refetch()}>
            {t('status:retry')}
          </AppButton>
        </section>
      ) : null}

      {service.data ? <ServiceBlock info={service.data} /> : null}

      <section className="status-panel" aria-labelledby="intro-progress-title">
        <h2 id="intro-progress-title" className="status-page__section-title">
          {t('status:intro_progress_title')}
        </h2>
        <ProgressMeter percent={percent} label={t('common:completed_percent', { percent })} />
      </section>

      <SecuritiesNotice />

      {promptOpen ? (
        <DownloadPrompt
          ref={promptRef}
          onClose={() => {
            rememberDownloadPromptClosed();
            setPromptOpen(false);
          }}
        />
      ) : null}
    </main>
  );
}
