import { AppButton } from '../components/ui/app-button';
import { useTranslation } from '../lib/i18n';

/**
 * The product's own screen for a screen that could not be shown (issue #24): in the person's
 * language, without the error's text or stack (those go to the log, and with `debug` to the spec's
 * alert, lib/global-errors.ts). "Try again" loads the page afresh: after a release, the new version.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <main className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="route-error-title">
        {t('page_error_title')}
      </h1>
      <p className="route-error-text">{t('page_error_text')}</p>
      <AppButton block onClick={() => window.location.reload()}>
        {t('retry')}
      </AppButton>
    </main>
  );
}
