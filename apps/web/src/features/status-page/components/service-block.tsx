import type { ServiceQrInfo } from '@hk/domain/content/contracts';
import { AppButton } from '../../../components/ui/app-button';
import { telHref } from '../../../lib/broker';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';

/** spec §9: the copy toasts last 2000 ms. */
export const COPY_TOAST_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Customer service (spec §1, §2): the account manager's QR code and chat account with "copy"
 * when `is_show_open_cs_qrcode` is 1, otherwise the phone lines and hours.
 */
export function ServiceBlock({ info }: { info: ServiceQrInfo }) {
  const { t } = useTranslation('status');
  const showQr =
    info.is_show_open_cs_qrcode === 1 && info.service_qr_code !== '' && info.wechat_number !== '';
  return (
    <section className="service-block" aria-labelledby="service-title">
      <h2 id="service-title">{t('service_title')}</h2>
      {showQr ? (
        <div className="service-qr">
          <img src={info.service_qr_code} alt={t('service_qr_alt')} width={160} height={160} />
          <p>{t('service_qr_hint')}</p>
          <p className="service-qr__account">{t('service_chat_account', { account: info.wechat_number })}</p>
          <AppButton
            variant="ghost"
            block
            onClick={async () => {
              const copied = await copyText(info.wechat_number);
              void showToast(
                copied ? t('copy_success') : t('copy_failed'),
                copied ? 'success' : 'error',
                COPY_TOAST_MS,
              );
            }}
          >
            {t('copy_chat_account')}
          </AppButton>
        </div>
      ) : (
        <div className="service-phones">
          <p>
            {t('service_tel_hk')} <a href={telHref(info.tel_hk)}>{info.tel_hk}</a>
          </p>
          <p>
            {t('service_tel')} <a href={telHref(info.tel)}>{info.tel}</a>
          </p>
          <p>{t('service_hours', { hours: info.service_hours })}</p>
        </div>
      )}
    </section>
  );
}
