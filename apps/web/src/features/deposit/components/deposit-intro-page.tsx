import { groupReferenceCode } from '@hk/domain/deposit/reference-code';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { formatDay, formatMoney } from '../lib/deposit-format';
import { CopyRow } from './copy-row';
import { DepositShell, type DepositView } from './deposit-shell';

/** How much, from which account, what happens to anyone else's money (spec §5, §9). */
export function DepositTerms({ info, lang }: Pick<DepositView, 'info' | 'lang'>) {
  const { t } = useTranslation('deposit');
  const { minimum, designated_account: account } = info;
  return (
    <>
      <section className="deposit-card" aria-labelledby="deposit-amount-title">
        <h2 id="deposit-amount-title">{t('amount_title')}</h2>
        <p className="deposit-amount">
          {t('minimum_hkd', { amount: formatMoney(minimum.hkd.amount_minor, 'HKD', lang) })}
        </p>
        <p>
          {minimum.usd && minimum.usd_rate
            ? t('minimum_usd', {
                amount: formatMoney(minimum.usd.amount_minor, 'USD', lang),
                rate: minimum.usd_rate.hkd_per_unit,
                day: formatDay(minimum.usd_rate.valid_from, lang),
              })
            : t('minimum_usd_none')}
        </p>
      </section>
      <section className="deposit-card" aria-labelledby="deposit-from-title">
        <h2 id="deposit-from-title">{t('from_title')}</h2>
        {account ? (
          <>
            <p>{t('from_lead')}</p>
            <dl className="deposit-list">
              {account.bank_name && (
                <div className="deposit-row">
                  <dt>{t('designated_bank')}</dt>
                  <dd>{account.bank_name}</dd>
                </div>
              )}
              <div className="deposit-row">
                <dt>{t('designated_number')}</dt>
                <dd>{account.number_masked}</dd>
              </div>
              {account.holder_name && (
                <div className="deposit-row">
                  <dt>{t('designated_holder')}</dt>
                  <dd>{account.holder_name}</dd>
                </div>
              )}
            </dl>
          </>
        ) : (
          <p role="note">{t('from_missing')}</p>
        )}
        <p className="deposit-warning">{t('third_party')}</p>
      </section>
    </>
  );
}

/** The reference code, grouped to read, copied whole. */
export function ReferenceBlock({ reference }: { reference: string | null }) {
  const { t } = useTranslation('deposit');
  if (!reference) return null;
  return (
    <section className="deposit-card deposit-card--reference" aria-labelledby="deposit-reference-title">
      <h2 id="deposit-reference-title">{t('reference_title')}</h2>
      <p>{t('reference_lead')}</p>
      <dl className="deposit-list">
        <CopyRow label={t('field_reference')} value={reference} shown={groupReferenceCode(reference)} />
      </dl>
    </section>
  );
}

/**
 * /active and /remit (spec §2: review passed, the activation step; the remittance step): what the
 * identity deposit is and how it works, then on to the receiving accounts.
 */
export default function DepositIntroPage({ screen }: { screen: 'active' | 'remit' }) {
  const { t } = useTranslation(['deposit', 'common']);
  return (
    <DepositShell screen={screen} title={t('intro_title')}>
      {({ info, lang }) => (
        <>
          <p className="page-lead">{t('intro_lead')}</p>
          <DepositTerms info={info} lang={lang} />
          <ReferenceBlock reference={info.reference} />
          <section className="deposit-card" aria-labelledby="deposit-how-title">
            <h2 id="deposit-how-title">{t('how_title')}</h2>
            <ol className="deposit-steps">
              <li>{t('how_1')}</li>
              <li>{t('how_2')}</li>
              <li>{t('how_3')}</li>
              <li>{t('how_4')}</li>
            </ol>
          </section>
          <Link className="btn btn-primary btn-block" to={ROUTES.remitAccount.path}>
            {t('to_accounts')}
          </Link>
        </>
      )}
    </DepositShell>
  );
}
