import type { ApplicationSummary } from '@hk/domain/deposit/operations-contracts';
import { Alert, Button, Input, List, Space, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError } from '../../../lib/api';
import { searchApplications } from '../api/deposits-api';

/** Applications by reference code or applicant name; each found one with the caller's actions. */
export function ApplicationSearch({ actions }: { actions(application: ApplicationSummary): ReactNode }) {
  const { t } = useTranslation(['deposits', 'common']);
  const inputId = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ApplicationSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const search = async () => {
    if (q.trim().length < 2) {
      setProblem(t('search_too_short'));
      return;
    }
    setProblem(null);
    setIsBusy(true);
    try {
      setFound((await searchApplications(q.trim())).applications);
    } catch (error) {
      setProblem(error instanceof StaffApiError ? error.message : t('common:network_error'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div>
      <form
        className="form-field"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label htmlFor={inputId}>{t('search_label')}</label>
        <Space.Compact>
          <Input
            id={inputId}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            style={{ minWidth: 280 }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-error` : undefined}
          />
          <Button htmlType="submit" loading={isBusy}>
            {t('search')}
          </Button>
        </Space.Compact>
        {problem && (
          <div id={`${inputId}-error`} role="alert" className="field-error">
            {problem}
          </div>
        )}
      </form>
      {found && found.length === 0 && <Alert type="info" showIcon title={t('search_none')} />}
      {found && found.length > 0 && (
        <List
          dataSource={found}
          renderItem={(a) => (
            <List.Item actions={[actions(a)]}>
              <List.Item.Meta
                title={a.applicantName}
                description={
                  <Typography.Text>
                    {[
                      a.depositReference ?? t('no_reference'),
                      a.statusLabel,
                      a.remittance?.stateLabel,
                      a.remittance?.reasonLabel,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
