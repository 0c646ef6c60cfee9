import { forwardRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { APP_DOWNLOAD_URL } from '../lib/download-prompt';

/** The app-download prompt (spec §1): "open now" and a close control. */
export const DownloadPrompt = forwardRef<HTMLElement, { onClose: () => void }>(function DownloadPrompt(
  { onClose },
  ref,
) {
  const { t } = useTranslation('status');
  return (
    <aside className="download-prompt" aria-labelledby="download-prompt-title" ref={ref} tabIndex={-1}>
      <div className="download-prompt__text">
        <p id="download-prompt-title" className="download-prompt__title">
          {t('download_title')}
        </p>
        <p>{t('download_text')}</p>
      </div>
      <a className="btn btn-primary download-prompt__open" href={APP_DOWNLOAD_URL} rel="noopener">
        {t('download_open')}
      </a>
      <button
        type="button"
        className="download-prompt__close"
        aria-label={t('download_close')}
        onClick={onClose}
      >
        ×
      </button>
    </aside>
  );
});
