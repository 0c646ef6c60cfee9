import type { BankUpdateTarget } from '@hk/domain/deposit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AppButton } from '../../../components/ui/app-button';
import { BROKER_ID } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { getToken } from '../../../lib/session';
import { STEP_SCREENS } from '../../../lib/step-screens';
import { fetchBankUpdateTarget } from '../api/remittance-api';
import './deposit.css';

/**
 * spec §4's bank-update redirect (status 1, no designated account, bank_audit 0), reached from the
 * user centre. Where it goes is the server's configuration (BANK_UPDATE_URL): the product's own bank
 * step, a path of this site, or the broker's external page. The external page gets the spec's
 * fields (token, status=1, apptheme=1, names, broker) in the body of a POST, never in its address:
 * a URL leaving the site would carry the session into the history, the Referer and the other
 * server's logs (docs/deposit.md § The bank-update redirect).
 */
export default function BankUpdatePage() {
  const { t } = useTranslation(['deposit', 'common']);
  const navigate = useNavigate();
  const target = useQuery({ queryKey: ['bank-update-target'], queryFn: fetchBankUpdateTarget, staleTime: 0 });
  const form = useRef<HTMLFormElement>(null);
  const data = target.data;

  useEffect(() => {
    if (!data) return;
    if (data.kind === 'internal') void navigate(data.path ?? STEP_SCREENS.bank.path, { replace: true });
    else form.current?.submit();
  }, [data, navigate]);

  if (target.isError)
    return (
      <main className="deposit-page">
        <h1 className="page-title">{t('bank_update_title')}</h1>
        <div className="status-panel">
          <p role="alert">{target.error.message || t('bank_update_failed')}</p>
          <AppButton block onClick={() => void navigate(ROUTES.usercenter.path, { replace: true })}>
            {t('common:retry')}
          </AppButton>
        </div>
      </main>
    );
  return (
    <main className="deposit-page">
      <h1 className="page-title">{t('bank_update_title')}</h1>
      <p role="status" className="page-status">
        <span className="spinner" aria-hidden="true" /> {t('bank_update_lead')}
      </p>
      {data?.kind === 'external' && (
        <ExternalForm target={data} formRef={form} label={t('bank_update_continue')} />
      )}
    </main>
  );
}

/** The hand-over form: the fields in hidden inputs, posted to the page (and a button, should the automatic post be blocked). */
function ExternalForm({
  target,
  formRef,
  label,
}: {
  target: Extract<BankUpdateTarget, { kind: 'external' }>;
  formRef: React.RefObject<HTMLFormElement | null>;
  label: string;
}) {
  const fields: Record<string, string> = { ...target.fields, token: getToken() ?? '', broker: BROKER_ID };
  return (
    <form ref={formRef} method="post" action={target.url} data-testid="bank-update-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn btn-primary btn-block">
        {label}
      </button>
    </form>
  );
}
