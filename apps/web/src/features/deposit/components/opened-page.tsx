import { useTranslation } from '../../../lib/i18n';
import { formatHongKongTime } from '../lib/deposit-format';
import { CopyRow } from './copy-row';
import { DepositShell } from './deposit-shell';

/** /opened (spec §2: account opened): the account number (copyable) and what to do next. */
export default function OpenedPage() {
  const { t } = useTranslation(['deposit', 'common']);
  return (
    <DepositShell screen="opened" title={t('opened_title')}>
      {({ info, lang }) => (
        <>
          {info.account_number && (
            <section className="deposit-card deposit-card--reference" aria-labelledby="deposit-opened-number">
              <h2 id="deposit-opened-number">{t('opened_number')}</h2>
              <dl className="deposit-list">
                <CopyRow label={t('field_account_number')} value={info.account_number} />
              </dl>
              {info.opened_at && (
                <p className="page-lead">
                  {t('opened_since', { time: formatHongKongTime(info.opened_at, lang) })}
                </p>
              )}
            </section>
          )}
          <section className="deposit-card" aria-labelledby="deposit-next-title">
            <h2 id="deposit-next-title">{t('next_title')}</h2>
            <ol className="deposit-steps">
              <li>{t('next_1')}</li>
              <li>{t('next_2')}</li>
              <li>{t('next_3')}</li>
            </ol>
          </section>
        </>
      )}
    </DepositShell>
  );
}
