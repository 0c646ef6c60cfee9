import type { OpenAccountResponse, OpeningCandidate } from '@hk/domain/opening/contracts';
import { Alert, Button, Modal, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_OK } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { recordsPath } from '../../../lib/routes';
import { fetchOpeningQueue, openAccount } from '../api/opening-api';

type Queue =
  | { kind: 'loading' }
  | { kind: 'ready'; applications: OpeningCandidate[] }
  | { kind: 'failed'; message: string };

/**
 * /opening (account.open, issue #15): activated applications waiting for their account, and the
 * open action: the account number, and the BCAN or "sell-only" when the applicant refused the
 * HKIDR consent.
 */
export function OpeningPage() {
  const { t } = useTranslation(['opening', 'common']);
  const [queue, setQueue] = useState<Queue>({ kind: 'loading' });
  const [confirming, setConfirming] = useState<OpeningCandidate | null>(null);
  const [busy, setBusy] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ name: string; result: OpenAccountResponse } | null>(null);
  const failure = useCallback(
    (error: unknown) => (error instanceof StaffApiError ? error.message : t('common:network_error')),
    [t],
  );

  const load = useCallback(() => {
    fetchOpeningQueue()
      .then((q) => setQueue({ kind: 'ready', applications: q.applications }))
      .catch((error: unknown) => setQueue({ kind: 'failed', message: failure(error) }));
  }, [failure]);
  useEffect(load, [load]);

  const open = (candidate: OpeningCandidate) => {
    setBusy(true);
    setOpenError(null);
    openAccount(candidate.applicationId)
      .then((result) => {
        setOpened({ name: candidate.applicantName, result });
        setConfirming(null);
        load();
      })
      .catch((error: unknown) => {
        setOpenError(failure(error));
        // opened by someone else meanwhile, or no longer activated: the list is out of date
        if (error instanceof StaffApiError && error.httpStatus === 409) load();
      })
      .finally(() => setBusy(false));
  };

  return (
    <>
      <PageTitle>{t('common:page_opening')}</PageTitle>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      {opened && (
        <Alert
          type={opened.result.sellOnly ? 'warning' : 'success'}
          showIcon
          role="status"
          title={t('opened_title', { name: opened.name })}
          description={
            <>
              <div>{t('opened_account_number', { number: opened.result.accountNumber })}</div>
              <div>
                {opened.result.bcanTagged
                  ? t('opened_bcan', { bcan: opened.result.bcanTagged })
                  : t('opened_sell_only')}
              </div>
              <Link to={recordsPath(opened.result.applicationId)}>{t('see_records')}</Link>
            </>
          }
          closable
          onClose={() => setOpened(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {queue.kind === 'failed' && <Alert type="error" showIcon title={queue.message} />}
      {queue.kind !== 'failed' && (
        <Table<OpeningCandidate>
          rowKey="applicationId"
          loading={queue.kind === 'loading'}
          dataSource={queue.kind === 'ready' ? queue.applications : []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t('none_waiting') }}
          columns={[
            { key: 'name', title: t('col_applicant'), render: (_, a) => a.applicantName },
            {
              key: 'submitted',
              title: t('col_submitted'),
              render: (_, a) => (a.submittedAt ? formatHkTime(a.submittedAt) : '—'),
            },
            {
              key: 'activated',
              title: t('col_activated'),
              render: (_, a) => (a.activatedAt ? formatHkTime(a.activatedAt) : '—'),
            },
            {
              key: 'hkidr',
              title: t('col_hkidr'),
              render: (_, a) =>
                a.hkidrConsent ? (
                  <Tag color={TAG_OK}>{t('hkidr_given')}</Tag>
                ) : (
                  <Tag color={TAG_ATTENTION}>{t('hkidr_refused')}</Tag>
                ),
            },
            {
              key: 'action',
              title: t('col_action'),
              render: (_, a) => (
                <Button
                  type="primary"
                  onClick={() => {
                    setOpenError(null);
                    setConfirming(a);
                  }}
                  aria-label={t('open_for', { name: a.applicantName })}
                >
                  {t('open')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={confirming !== null}
        title={confirming ? t('confirm_title', { name: confirming.applicantName }) : ''}
        okText={t('confirm_open')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => confirming && open(confirming)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming && (
          <Typography.Paragraph>
            {confirming.hkidrConsent ? t('confirm_with_bcan') : t('confirm_sell_only')}
          </Typography.Paragraph>
        )}
        {openError && <Alert type="error" showIcon role="alert" title={openError} />}
      </Modal>
    </>
  );
}
