import type { DisposalList } from '@hk/domain/evidence/contracts';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { recordsPath } from '../../../lib/routes';
import { fetchDisposalList } from '../api/records-api';
import { basisKey, statusKey } from '../texts';

type Row = DisposalList['applications'][number];
type State = { kind: 'loading' } | { kind: 'ready'; rows: Row[] } | { kind: 'failed'; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /records (records.read, issue #15): open one application's records, and the read-only list of
 * applications whose retention time has passed with no hold (nothing is deleted from here).
 */
export function DisposalPage() {
  const { t } = useTranslation(['records', 'common']);
  const navigate = useNavigate();
  const inputId = useId();
  const [applicationId, setApplicationId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    fetchDisposalList()
      .then((list) => setState({ kind: 'ready', rows: list.applications }))
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof StaffApiError ? error.message : t('common:network_error'),
        }),
      );
  }, [t]);

  return (
    <>
      <PageTitle>{t('common:page_records')}</PageTitle>
      <form
        className="form-field"
        onSubmit={(e) => {
          e.preventDefault();
          const id = applicationId.trim();
          if (!UUID.test(id)) {
            setIdError(t('application_id_invalid'));
            return;
          }
          setIdError(null);
          navigate(recordsPath(id));
        }}
      >
        <label htmlFor={inputId}>{t('open_records')}</label>
        <Space.Compact>
          <Input
            id={inputId}
            value={applicationId}
            onChange={(e) => setApplicationId(e.target.value)}
            aria-invalid={idError ? true : undefined}
            aria-describedby={idError ? `${inputId}-error` : undefined}
            style={{ minWidth: 320 }}
          />
          <Button htmlType="submit">{t('show')}</Button>
        </Space.Compact>
        {idError && (
          <div id={`${inputId}-error`} role="alert" className="field-error">
            {idError}
          </div>
        )}
      </form>

      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('disposal_title')}
      </Typography.Title>
      <Typography.Paragraph>{t('disposal_intro')}</Typography.Paragraph>
      {state.kind === 'failed' ? (
        <Alert type="error" showIcon title={state.message} />
      ) : (
        <Table<Row>
          rowKey="applicationId"
          loading={state.kind === 'loading'}
          dataSource={state.kind === 'ready' ? state.rows : []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t('disposal_none') }}
          columns={[
            {
              key: 'name',
              title: t('applicant'),
              render: (_, r) => <Link to={recordsPath(r.applicationId)}>{r.applicantName}</Link>,
            },
            { key: 'status', title: t('status'), render: (_, r) => t(statusKey(r.status)) },
            { key: 'basis', title: t('col_basis'), render: (_, r) => t(basisKey(r.basis)) },
            { key: 'until', title: t('col_keep_until'), render: (_, r) => formatHkTime(r.keepUntil) },
          ]}
        />
      )}
    </>
  );
}
