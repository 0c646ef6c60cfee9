import { OUTBOX_OPEN_STATUSES, type OutboxList, type OutboxMessageView } from '@hk/domain/review/outbox';
import { Alert, Button, Modal, Radio, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_CHANGED, TAG_ERROR, TAG_OK } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { fetchOutbox, retryOutboxMessage } from '../api/outbox-api';
import { channelKey, errorKindKey, filterKey, statusKey, templateKey } from '../texts';

/** Red 8 with white text: 7.7:1 (WCAG 1.4.3). */

type Filter = (typeof OUTBOX_OPEN_STATUSES)[number] | 'all';

type State = { kind: 'loading' } | { kind: 'ready'; list: OutboxList } | { kind: 'failed'; message: string };

/**
 * Solid tags with white text, or the theme's AA tokens (decision 012, components/tag-colors.ts): antd's
 * pale 'orange' and 'green' presets draw their text at about 3.3:1.
 */
const STATUS_COLOR: Record<OutboxMessageView['status'], string> = {
  unknown: TAG_ATTENTION,
  failed: TAG_ERROR,
  pending: TAG_CHANGED,
  sending: TAG_CHANGED,
  sent: TAG_OK,
  skipped: 'default',
};

const canRetry = (m: OutboxMessageView) => m.status === 'unknown' || m.status === 'failed';

/**
 * /outbox (outbox.manage, issue #22): the applicant's notifications that wait, are being sent,
 * failed, or whose outcome is uncertain — recipient masked, everything in words — and the retry of
 * one that failed or is uncertain (after a confirmation that says what an uncertain one means).
 */
export function OutboxPage() {
  const { t } = useTranslation(['outbox', 'common']);
  const filterLabel = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState<OutboxMessageView | null>(null);
  const [busy, setBusy] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const [done, setDone] = useState<OutboxMessageView | null>(null);
  const failure = useCallback(
    (error: unknown) => (error instanceof StaffApiError ? error.message : t('common:network_error')),
    [t],
  );

  const load = useCallback(() => {
    fetchOutbox(filter === 'all' ? undefined : filter)
      .then((list) => setState({ kind: 'ready', list }))
      .catch((error: unknown) => setState({ kind: 'failed', message: failure(error) }));
  }, [filter, failure]);
  useEffect(load, [load]);

  const retry = (m: OutboxMessageView) => {
    setBusy(true);
    setRetryError(null);
    retryOutboxMessage(m)
      .then((after) => {
        setDone(after);
        setConfirming(null);
        load();
      })
      .catch((error: unknown) => {
        setRetryError(failure(error));
        // retried by someone else, or settled meanwhile: the list is out of date
        if (error instanceof StaffApiError && error.httpStatus === 409) load();
      })
      .finally(() => setBusy(false));
  };

  const counts = state.kind === 'ready' ? state.list.counts : null;
  const total = counts ? OUTBOX_OPEN_STATUSES.reduce((n, s) => n + counts[s], 0) : null;
  // the server lists at most a page of open messages (200): say so when there are more
  const inFilter = counts === null ? null : filter === 'all' ? total : counts[filter];
  const shown = state.kind === 'ready' ? state.list.messages.length : 0;
  const shownOf = inFilter !== null && shown < inFilter ? { shown, total: inFilter } : null;
  const time = (iso: string | null) => (iso ? formatHkTime(iso) : '—');
  const describe = (m: OutboxMessageView) =>
    t('message_of', {
      message: t(templateKey(m.template)),
      recipient: m.recipient ?? t('no_recipient'),
    });

  return (
    <>
      <PageTitle>{t('common:page_outbox')}</PageTitle>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <div className="form-field" style={{ marginBottom: 16 }}>
        <span id={filterLabel} className="field-label">
          {t('filter_label')}
        </span>
        <Radio.Group
          aria-labelledby={filterLabel}
          optionType="button"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          options={(['all', ...OUTBOX_OPEN_STATUSES] as const).map((f) => {
            const n = f === 'all' ? total : counts ? counts[f] : null;
            return { value: f, label: n === null ? t(filterKey(f)) : `${t(filterKey(f))} (${n})` };
          })}
        />
      </div>
      {done && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('retried', { message: describe(done) })}
          closable
          onClose={() => setDone(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {state.kind === 'failed' && <Alert type="error" showIcon title={state.message} />}
      {shownOf && <Alert type="info" showIcon title={t('shown_of', shownOf)} style={{ marginBottom: 16 }} />}
      {state.kind !== 'failed' && (
        <Table<OutboxMessageView>
          rowKey="id"
          loading={state.kind === 'loading'}
          dataSource={state.kind === 'ready' ? state.list.messages : []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t('none') }}
          columns={[
            {
              key: 'status',
              title: t('col_status'),
              render: (_, m) => <Tag color={STATUS_COLOR[m.status]}>{t(statusKey(m.status))}</Tag>,
            },
            {
              key: 'recipient',
              title: t('col_recipient'),
              render: (_, m) => (
                <>
                  <div>{t(channelKey(m.channel))}</div>
                  <div>{m.recipient ?? t('no_recipient')}</div>
                </>
              ),
            },
            { key: 'message', title: t('col_message'), render: (_, m) => t(templateKey(m.template)) },
            { key: 'attempts', title: t('col_attempts'), render: (_, m) => m.attempts },
            {
              key: 'problem',
              title: t('col_problem'),
              render: (_, m) => (m.errorKind ? t(errorKindKey(m.errorKind)) : '—'),
            },
            { key: 'queued', title: t('col_queued'), render: (_, m) => time(m.createdAt) },
            { key: 'last', title: t('col_last_attempt'), render: (_, m) => time(m.lastAttemptAt) },
            {
              key: 'next',
              title: t('col_next_attempt'),
              render: (_, m) => time(m.nextAttemptAt),
            },
            {
              key: 'action',
              title: t('col_action'),
              render: (_, m) =>
                canRetry(m) ? (
                  <Button
                    onClick={() => {
                      setRetryError(null);
                      setConfirming(m);
                    }}
                    aria-label={t('retry_for', { message: describe(m) })}
                  >
                    {t('retry')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        open={confirming !== null}
        title={confirming ? t('confirm_title', { message: describe(confirming) }) : ''}
        okText={t('confirm_retry')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={() => confirming && retry(confirming)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming && (
          <Typography.Paragraph>
            {confirming.status === 'unknown' ? t('confirm_unknown') : t('confirm_failed')}
          </Typography.Paragraph>
        )}
        {retryError && <Alert type="error" showIcon role="alert" title={retryError} />}
      </Modal>
    </>
  );
}
