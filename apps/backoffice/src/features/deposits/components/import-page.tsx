import type { ReceivingAccountList } from '@hk/domain/deposit/operations-contracts';
import { checkIsJobOpen, type JobView } from '@hk/domain/staff/jobs';
import { Alert, Button, Descriptions, Select, Table, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgress } from '../../../components/job-progress';
import { PageTitle } from '../../../components/page-title';
import { StaffApiError } from '../../../lib/api';
import { useJob } from '../../../lib/jobs-api';
import { fetchReceivingAccounts, importStatement } from '../api/deposits-api';

/**
 * /deposits/import (deposit.match, issue #15): a receiving account's bank statement (its bank's CSV
 * or camt.053) imported; what it did: lines, credits, new, duplicates, matched, flagged. Issue #22:
 * the upload answers a job at once; its progress is followed here (announced to screen readers)
 * until the result or the reason it failed.
 */
export function ImportPage() {
  const { t } = useTranslation(['deposits', 'common']);
  const accountId = useId();
  const fileId = useId();
  const [accounts, setAccounts] = useState<ReceivingAccountList['accounts'] | null>(null);
  const [account, setAccount] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ field: 'account' | 'file' | 'form'; message: string } | null>(
    null,
  );
  const [isBusy, setIsBusy] = useState(false);
  const [started, setStarted] = useState<JobView | null>(null);
  const { job, error: pollError } = useJob(started, t('common:network_error'));
  const result = job?.state === 'succeeded' ? job.importResult : null;

  useEffect(() => {
    fetchReceivingAccounts()
      .then((list) => setAccounts(list.accounts))
      .catch((error: unknown) =>
        setProblem({
          field: 'form',
          message: error instanceof StaffApiError ? error.message : t('common:network_error'),
        }),
      );
  }, [t]);

  const submit = async () => {
    if (!account) return setProblem({ field: 'account', message: t('account_required') });
    if (!file) return setProblem({ field: 'file', message: t('file_required') });
    setProblem(null);
    setStarted(null);
    setIsBusy(true);
    try {
      setStarted(await importStatement(account, file));
    } catch (error) {
      setProblem({
        field: 'form',
        message: error instanceof StaffApiError ? error.message : t('common:network_error'),
      });
    } finally {
      setIsBusy(false);
    }
  };

  const errorOf = (field: 'account' | 'file') =>
    problem?.field === field ? (
      <div id={`${field === 'account' ? accountId : fileId}-error`} role="alert" className="field-error">
        {problem.message}
      </div>
    ) : null;

  return (
    <>
      <PageTitle>{t('common:page_deposit_import')}</PageTitle>
      <Typography.Paragraph>{t('import_intro')}</Typography.Paragraph>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="form-field">
          <label htmlFor={accountId}>{t('account_label')}</label>
          <Select<string>
            id={accountId}
            style={{ minWidth: 420 }}
            loading={accounts === null}
            value={account}
            onChange={setAccount}
            placeholder={t('account_placeholder')}
            options={(accounts ?? []).map((a) => ({ value: a.id, label: a.label }))}
            aria-invalid={problem?.field === 'account' ? true : undefined}
            aria-describedby={problem?.field === 'account' ? `${accountId}-error` : undefined}
          />
          {errorOf('account')}
        </div>
        <div className="form-field">
          <label htmlFor={fileId}>{t('file_label')}</label>
          <span className="field-hint">{t('file_hint')}</span>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-invalid={problem?.field === 'file' ? true : undefined}
            aria-describedby={problem?.field === 'file' ? `${fileId}-error` : undefined}
          />
          {errorOf('file')}
        </div>
        <Button type="primary" htmlType="submit" loading={isBusy}>
          {t('import')}
        </Button>
      </form>

      {problem?.field === 'form' && (
        <Alert type="error" showIcon title={problem.message} style={{ marginTop: 16 }} />
      )}
      {job && (
        <section aria-label={t('result_title')} style={{ marginTop: 24 }}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t('result_title')}
          </Typography.Title>
          {checkIsJobOpen(job.state) && <Typography.Paragraph>{t('import_queued')}</Typography.Paragraph>}
          <JobProgress job={job} unit="lines" pollError={pollError} />
          {result && (
            <>
              {result.duplicateFile && <Alert type="info" showIcon title={t('duplicate_file')} />}
              <Descriptions
                bordered
                size="small"
                column={1}
                items={[
                  { key: 'file', label: t('result_file'), children: result.fileName },
                  { key: 'lines', label: t('result_lines'), children: result.lines },
                  { key: 'credits', label: t('result_credits'), children: result.credits },
                  { key: 'new', label: t('result_new'), children: result.newCredits },
                  { key: 'duplicates', label: t('result_duplicates'), children: result.duplicates },
                  { key: 'matched', label: t('result_auto_matched'), children: result.autoMatched },
                  { key: 'flagged', label: t('result_flagged'), children: result.flagged },
                  { key: 'unmatched', label: t('result_unmatched'), children: result.unmatched },
                ]}
              />
              {result.skipped.length > 0 && (
                <Table
                  style={{ marginTop: 16 }}
                  rowKey={(r) => `${r.line}-${r.message}`}
                  dataSource={result.skipped}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  title={() => t('skipped_title')}
                  columns={[
                    { key: 'line', title: t('col_line'), dataIndex: 'line' },
                    { key: 'why', title: t('col_why'), dataIndex: 'message' },
                  ]}
                />
              )}
            </>
          )}
        </section>
      )}
    </>
  );
}
