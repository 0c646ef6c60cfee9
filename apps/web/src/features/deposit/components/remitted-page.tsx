import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppButton } from '../../../components/ui/app-button';
import { announce } from '../../../lib/announce';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { useRemittanceChange } from '../api/remittance-api';
import { formatHongKongTime } from '../lib/deposit-format';
import { DepositShell } from './deposit-shell';

/**
 * /remitted (spec §2: remittance done) and /activated: waiting for the match once the applicant
 * said they paid (status 2), or the deposit received and the account being opened (status 3).
 * Before the match the voucher can still be changed (reset_status, docs/deposit.md).
 */
export default function RemittedPage({ screen }: { screen: 'remitted' | 'activated' }) {
  const { t } = useTranslation(['deposit', 'common']);
  const navigate = useNavigate();
  const change = useRemittanceChange();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <DepositShell
      screen={screen}
      title={t(screen === 'activated' ? 'activated_title' : 'remitted_title')}
      titleFor={(info) => t(info.status === 2 ? 'remitted_title' : 'activated_title')}
    >
      {({ info, lang }) =>
        info.status === 2 ? (
          <>
            <section className="deposit-card">
              <p>
                {t('remitted_lead', {
                  time: info.remittance.paid_at ? formatHongKongTime(info.remittance.paid_at, lang) : '',
                })}
              </p>
              <p>{t('remitted_next')}</p>
            </section>
            <div className="deposit-actions">
              <p className="page-lead" id="deposit-change-hint">
                {t('change_voucher_hint')}
              </p>
              {message && (
                <p role="alert" className="field-error">
                  {message}
                </p>
              )}
              <AppButton
                variant="ghost"
                block
                loading={change.isPending}
                aria-describedby="deposit-change-hint"
                onClick={() =>
                  change.mutate(
                    { action: 'reset', version: info.remittance.version },
                    {
                      onSuccess: () => {
                        announce(t('change_voucher_done'));
                        void navigate(ROUTES.remitUpload.path, { replace: true });
                      },
                      onError: (err) =>
                        setMessage(err instanceof ApiError && err.message ? err.message : t('load_failed')),
                    },
                  )
                }
              >
                {t('change_voucher')}
              </AppButton>
            </div>
          </>
        ) : (
          <section className="deposit-card">
            <p>{t('activated_lead')}</p>
          </section>
        )
      }
    </DepositShell>
  );
}
