import {
  HOLD_REASON_MAX,
  HOLD_REASON_MIN,
  type LegalHold,
  type RecordsView,
} from '@hk/domain/evidence/contracts';
import { checkIsJobOpen, type JobView } from '@hk/domain/staff/jobs';
import { Alert, Button, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { JobProgress } from '../../../components/job-progress';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_ERROR } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { useJob } from '../../../lib/jobs-api';
import {
  downloadPreparedPack,
  fetchRecords,
  placeHold,
  releaseHold,
  requestEvidencePack,
} from '../api/records-api';
import { basisKey, statusKey } from '../texts';

type State = { kind: 'loading' } | { kind: 'ready'; view: RecordsView } | { kind: 'failed'; message: string };

/** A reason as the server will judge it (the field error in the console's language, before sending). */
function reasonProblem(reason: string): 'hold_reason_required' | 'hold_reason_too_long' | null {
  const text = reason.trim();
  if ([...text].length < HOLD_REASON_MIN) return 'hold_reason_required';
  if (text.length > HOLD_REASON_MAX) return 'hold_reason_too_long';
  return null;
}

/** A reason typed for a hold or a release, its error under it. */
function ReasonForm({
  label,
  submitLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<string | null>;
}) {
  const { t } = useTranslation(['records', 'common']);
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form-field"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = reasonProblem(reason);
        if (problem) {
          setError(t(problem));
          return;
        }
        setBusy(true);
        onSubmit(reason.trim())
          .then((failed) => {
            setError(failed);
            if (!failed) setReason('');
          })
          .finally(() => setBusy(false));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <Input.TextArea
        id={id}
        value={reason}
        rows={2}
        maxLength={HOLD_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        style={{ maxWidth: 560 }}
      />
      {error && (
        <div id={`${id}-error`} role="alert" className="field-error">
          {error}
        </div>
      )}
      <div>
        <Button htmlType="submit" loading={busy} style={{ marginTop: 8 }}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * /records/:id (records.read, issue #15): one application's retention date, its legal holds (placed
 * and released with a reason, records.hold) and the evidence-pack download (records.export).
 */
export function RecordsPage() {
  const { t } = useTranslation(['records', 'common']);
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [releasing, setReleasing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exportJob, setExportJob] = useState<JobView | null>(null);
  const { job, error: pollError } = useJob(exportJob, t('common:network_error'));
  const [downloading, setDownloading] = useState(false);
  const failure = useCallback(
    (error: unknown) => (error instanceof StaffApiError ? error.message : t('common:network_error')),
    [t],
  );

  useEffect(() => {
    setState({ kind: 'loading' });
    fetchRecords(id)
      .then((view) => setState({ kind: 'ready', view }))
      .catch((error: unknown) => setState({ kind: 'failed', message: failure(error) }));
  }, [id, failure]);

  /** A write that answers the new view: shown, or its error given back to the form. */
  const write = (call: () => Promise<RecordsView>) =>
    call()
      .then((view) => {
        setState({ kind: 'ready', view });
        setReleasing(null);
        return null;
      })
      .catch((error: unknown) => failure(error));

  // issue #22: the pack is prepared as a job ("preparing…"), then downloaded by its requester
  const exportPack = () => {
    setExporting(true);
    setExportError(null);
    setExportJob(null);
    requestEvidencePack(id)
      .then(setExportJob)
      .catch((error: unknown) => setExportError(failure(error)))
      .finally(() => setExporting(false));
  };

  const downloadPack = (jobId: string, fileName: string) => {
    setDownloading(true);
    setExportError(null);
    downloadPreparedPack(jobId)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        a.href = url;
        a.download = fileName;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      })
      .catch((error: unknown) => setExportError(failure(error)))
      .finally(() => setDownloading(false));
  };

  if (state.kind === 'loading') return <PageTitle>{t('common:page_record')}</PageTitle>;
  if (state.kind === 'failed')
    return (
      <>
        <PageTitle>{t('common:page_record')}</PageTitle>
        <Alert type="error" showIcon title={state.message} />
      </>
    );
  const { view } = state;
  const r = view.retention;
  return (
    <>
      <PageTitle>{t('common:page_record')}</PageTitle>
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 720, marginBottom: 16 }}>
        <Descriptions.Item label={t('applicant')}>{view.applicantName}</Descriptions.Item>
        <Descriptions.Item label={t('application_id')}>{view.applicationId}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>{t(statusKey(view.status))}</Descriptions.Item>
        <Descriptions.Item label={t('account_number')}>
          {view.accountNumber ?? t('not_opened')}
        </Descriptions.Item>
        {view.openedAt && (
          <Descriptions.Item label={t('opened_at')}>{formatHkTime(view.openedAt)}</Descriptions.Item>
        )}
      </Descriptions>

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('retention_title')}
      </Typography.Title>
      <Typography.Paragraph>{t(basisKey(r.basis))}</Typography.Paragraph>
      <Typography.Paragraph>
        {r.keepUntil ? t('keep_until', { date: formatHkTime(r.keepUntil) }) : t('keep_while_open')}{' '}
        {r.onHold && <Tag color={TAG_ERROR}>{t('on_hold')}</Tag>}
        {r.eligible && <Tag color={TAG_ATTENTION}>{t('eligible')}</Tag>}
      </Typography.Paragraph>

      {view.can.export && (
        <Space direction="vertical" style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('export_note')}</Typography.Paragraph>
          <Button
            type={job?.exportResult?.canDownload ? 'default' : 'primary'}
            loading={exporting || (job ? checkIsJobOpen(job.state) : false)}
            onClick={exportPack}
          >
            {t('export')}
          </Button>
          {job && (
            <section aria-label={t('export')}>
              {checkIsJobOpen(job.state) && (
                <Typography.Paragraph>{t('export_preparing')}</Typography.Paragraph>
              )}
              <JobProgress job={job} unit="steps" pollError={pollError} />
              {job.exportResult &&
                (job.exportResult.canDownload && job.exportResult.downloadUntil ? (
                  <Space direction="vertical" style={{ marginTop: 8 }}>
                    <Typography.Paragraph>
                      {t('export_ready_until', { time: formatHkTime(job.exportResult.downloadUntil) })}
                    </Typography.Paragraph>
                    <Button
                      type="primary"
                      loading={downloading}
                      onClick={() => downloadPack(job.id, job.exportResult!.fileName)}
                    >
                      {t('export_ready')}
                    </Button>
                  </Space>
                ) : (
                  <Alert type="info" showIcon title={t('export_expired')} />
                ))}
            </section>
          )}
          {exportError && <Alert type="error" showIcon role="alert" title={exportError} />}
        </Space>
      )}

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('holds_title')}
      </Typography.Title>
      <Table<LegalHold>
        rowKey="id"
        dataSource={view.holds}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('no_holds') }}
        columns={[
          { key: 'reason', title: t('col_reason'), render: (_, h) => h.reason },
          {
            key: 'placed',
            title: t('col_placed'),
            render: (_, h) => t('by_at', { name: h.placedBy, at: formatHkTime(h.placedAt) }),
          },
          {
            key: 'released',
            title: t('col_released'),
            render: (_, h) =>
              h.releasedAt ? (
                <>
                  <div>{t('by_at', { name: h.releasedBy ?? '—', at: formatHkTime(h.releasedAt) })}</div>
                  <div>{h.releaseReason}</div>
                </>
              ) : (
                <Tag color={TAG_ERROR}>{t('hold_active')}</Tag>
              ),
          },
          ...(view.can.hold
            ? [
                {
                  key: 'action',
                  title: t('col_action'),
                  render: (_: unknown, h: LegalHold) =>
                    h.releasedAt ? null : (
                      <Button
                        onClick={() => setReleasing(h.id)}
                        aria-label={t('release_for', { reason: h.reason })}
                      >
                        {t('release')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      {view.can.hold && releasing && (
        <ReasonForm
          key={releasing}
          label={t('release_reason')}
          submitLabel={t('release_confirm')}
          onSubmit={(reason) => write(() => releaseHold(view.applicationId, releasing, reason))}
        />
      )}
      {view.can.hold && (
        <div style={{ marginTop: 16 }}>
          <ReasonForm
            label={t('hold_reason')}
            submitLabel={t('place_hold')}
            onSubmit={(reason) => write(() => placeHold(view.applicationId, reason))}
          />
        </div>
      )}
    </>
  );
}
