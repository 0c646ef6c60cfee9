import { DEPOSIT_CURRENCIES } from '@hk/domain/deposit/deposit-rule';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { CopyRow } from './copy-row';
import { ReferenceBlock } from './deposit-intro-page';
import { DepositShell } from './deposit-shell';

/**
 * /remitAccount (spec §2 title: remittance information): the broker's receiving accounts by
 * currency, every value copyable (spec §8 copy toasts), and the reference code.
 */
export default function RemitAccountPage() {
  const { t } = useTranslation(['deposit', 'common']);
  return (
    <DepositShell screen="remitAccount" title={t('accounts_title')}>
      {({ info }) => (
        <>
          <p className="page-lead">{t('accounts_lead')}</p>
          <ReferenceBlock reference={info.reference} />
          {info.receiving_accounts.length === 0 && <p role="note">{t('accounts_none')}</p>}
          {DEPOSIT_CURRENCIES.map((currency) => {
            const accounts = info.receiving_accounts.filter((a) => a.currency === currency);
            if (accounts.length === 0) return null;
            return (
              <section key={currency} className="deposit-card" aria-labelledby={`deposit-${currency}`}>
                <h2 id={`deposit-${currency}`}>{t(`currency_${currency.toLowerCase()}`)}</h2>
                {accounts.map((a) => (
                  <dl key={`${a.bank_code}-${a.account_number}`} className="deposit-list">
                    <CopyRow label={t('field_bank_name')} value={a.bank_name} />
                    <CopyRow label={t('field_bank_code')} value={a.bank_code} />
                    <CopyRow label={t('field_account_name')} value={a.account_name} />
                    <CopyRow label={t('field_account_number')} value={a.account_number} />
                    {a.fps_id && <CopyRow label={t('field_fps_id')} value={a.fps_id} />}
                    <CopyRow label={t('field_swift')} value={a.swift} />
                  </dl>
                ))}
              </section>
            );
          })}
          <p className="deposit-warning">{t('third_party')}</p>
          <Link className="btn btn-primary btn-block" to={ROUTES.remitUpload.path}>
            {t('to_upload')}
          </Link>
        </>
      )}
    </DepositShell>
  );
}
