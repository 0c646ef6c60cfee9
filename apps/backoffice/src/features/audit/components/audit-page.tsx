import type { AccessEvent, StaffMemberList } from '@hk/domain/review/contracts';
import { Alert, Button, Input, Select, Space, Table, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { casePath } from '../../../lib/routes';
import {
  fetchAccessEventsOfApplication,
  fetchAccessEventsOfStaff,
  fetchStaffMembers,
} from '../api/audit-api';

type Events =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; events: AccessEvent[] }
  | { kind: 'failed'; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /audit (audit.read, issue #14): every read of a decrypted identity number, photo, video or proof
 * by staff — who, what, when, from where — by staff member or by application.
 */
export function AuditPage() {
  const { t } = useTranslation(['audit', 'common']);
  const staffLabel = useId();
  const appLabel = useId();
  const [members, setMembers] = useState<StaffMemberList['members'] | null>(null);
  const [membersError, setMembersError] = useState<string | null>(null);
  const [member, setMember] = useState<string | undefined>(undefined);
  const [applicationId, setApplicationId] = useState('');
  const [appError, setAppError] = useState<string | null>(null);
  const [events, setEvents] = useState<Events>({ kind: 'idle' });
  const failure = (error: unknown) =>
    error instanceof StaffApiError ? error.message : t('common:network_error');

  useEffect(() => {
    fetchStaffMembers()
      .then((list) => setMembers(list.members))
      .catch((error: unknown) =>
        setMembersError(error instanceof StaffApiError ? error.message : t('common:network_error')),
      );
  }, [t]);

  const show = (load: () => Promise<AccessEvent[]>) => {
    setEvents({ kind: 'loading' });
    load()
      .then((list) => setEvents({ kind: 'ready', events: list }))
      .catch((error: unknown) => setEvents({ kind: 'failed', message: failure(error) }));
  };

  return (
    <>
      <PageTitle>{t('common:page_audit')}</PageTitle>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Space wrap align="end" size="large" className="audit-filters">
        <div className="form-field">
          <span id={staffLabel} className="field-label">
            {t('by_staff')}
          </span>
          {membersError ? (
            <Alert type="error" showIcon title={membersError} />
          ) : (
            <Select
              aria-labelledby={staffLabel}
              style={{ minWidth: 260 }}
              loading={members === null}
              placeholder={t('choose_staff')}
              showSearch
              optionFilterProp="label"
              value={member}
              options={(members ?? []).map((m) => ({
                value: m.id,
                label: `${m.displayName} (${m.username})${m.disabled ? ` · ${t('disabled')}` : ''}`,
              }))}
              onChange={(id: string) => {
                setMember(id);
                show(() => fetchAccessEventsOfStaff(id));
              }}
            />
          )}
        </div>
        <form
          className="form-field"
          onSubmit={(e) => {
            e.preventDefault();
            const id = applicationId.trim();
            if (!UUID.test(id)) {
              setAppError(t('application_id_invalid'));
              return;
            }
            setAppError(null);
            setMember(undefined);
            show(() => fetchAccessEventsOfApplication(id));
          }}
        >
          <label htmlFor={appLabel}>{t('by_application')}</label>
          <Space.Compact>
            <Input
              id={appLabel}
              value={applicationId}
              onChange={(e) => setApplicationId(e.target.value)}
              aria-invalid={appError ? true : undefined}
              aria-describedby={appError ? `${appLabel}-error` : undefined}
              style={{ minWidth: 320 }}
            />
            <Button htmlType="submit">{t('show')}</Button>
          </Space.Compact>
          {appError && (
            <div id={`${appLabel}-error`} role="alert" className="field-error">
              {appError}
            </div>
          )}
        </form>
      </Space>

      {events.kind === 'failed' && <Alert type="error" showIcon title={events.message} />}
      {(events.kind === 'loading' || events.kind === 'ready') && (
        <Table<AccessEvent>
          rowKey="id"
          loading={events.kind === 'loading'}
          dataSource={events.kind === 'ready' ? events.events : []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t('no_events') }}
          columns={[
            { key: 'at', title: t('col_at'), render: (_, e) => formatHkTime(e.at) },
            { key: 'staff', title: t('col_staff'), render: (_, e) => e.staff.displayName },
            {
              key: 'applicant',
              title: t('col_applicant'),
              render: (_, e) =>
                e.caseId ? (
                  <Link to={casePath(e.caseId)}>{e.applicantName ?? e.applicationId}</Link>
                ) : (
                  e.applicationId
                ),
            },
            {
              key: 'what',
              title: t('col_what'),
              render: (_, e) =>
                e.what === 'document'
                  ? (e.documentKind ?? t('what_document'))
                  : // issue #15: the application's evidence pack prepared; issue #22: each download of it
                    // (docs/evidence-pack.md)
                    e.what === 'evidence_export'
                    ? t('what_evidence_export')
                    : e.what === 'evidence_download'
                      ? t('what_evidence_download')
                      : e.what,
            },
            { key: 'ip', title: t('col_ip'), render: (_, e) => e.ip ?? '—' },
          ]}
        />
      )}
    </>
  );
}
