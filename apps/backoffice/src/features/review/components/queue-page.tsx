import type { CaseQueue, CaseQueueQuery, CaseSummary } from '@hk/domain/review/contracts';
import { CASE_STAGES, checkIsCaseOpen } from '@hk/domain/review/decisions';
import { CASE_FLAGS, caseFlagKey } from '@hk/domain/review/flags';
import { parseQueueSearch } from '@hk/domain/review/search';
import { REVIEW_SLA_HOURS } from '@hk/domain/review/sla';
import {
  Alert,
  Button,
  Empty,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_ERROR } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { casePath } from '../../../lib/routes';
import { useStaffSession } from '../../../lib/session';
import { assignCaseToMe, fetchQueue, queueQueryOf, queueSearchOf } from '../api/review-api';
import { checkCanAssignToMe } from '../assign-rule';
import type { SORT_TEXT_KEYS } from '../texts';

const QUEUES = Object.keys(REVIEW_SLA_HOURS) as (keyof typeof REVIEW_SLA_HOURS)[];
/** Due first (the default), newest, oldest. */
const SORTS = ['due', '-submitted', 'submitted'] as const satisfies readonly NonNullable<
  CaseQueueQuery['sort']
>[];
const DEFAULT_PAGE_SIZE = 20;

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; queue: CaseQueue };

/** What the queue's page passes to a case, so its "back to the queue" keeps the filters. */
export interface FromQueueState {
  queueSearch?: string;
}

/**
 * The review queue (permission case.read): filters, sort and page live in the address's query, so
 * a shared link or the browser's Back shows the same list; the server filters and pages.
 */
export function QueuePage() {
  const { t } = useTranslation(['cases', 'review', 'common']);
  const { staff } = useStaffSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = queueQueryOf(searchParams);
  const search = queueSearchOf(query).toString();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);

  const loadQueue = useCallback(
    async (isCurrent: () => boolean, announceCount: boolean) => {
      setLoad((prev) => (prev.kind === 'ready' ? prev : { kind: 'loading' }));
      try {
        const queue = await fetchQueue(queueQueryOf(new URLSearchParams(search)));
        if (!isCurrent()) return;
        setLoad({ kind: 'ready', queue });
        if (announceCount) setAnnouncement(t('queue_count', { count: queue.total }));
      } catch (error) {
        if (!isCurrent()) return;
        setLoad({
          kind: 'error',
          message: error instanceof StaffApiError ? error.message : t('common:network_error'),
        });
      }
    },
    [search, t],
  );

  useEffect(() => {
    let isCurrent = true;
    void loadQueue(() => isCurrent, true);
    return () => {
      isCurrent = false;
    };
  }, [loadQueue]);
  // after an assignment: the same page again, the assignment's own announcement kept
  const reload = () => void loadQueue(() => true, false);

  const update = useCallback(
    (changes: Partial<CaseQueueQuery>, keepPage = false) => {
      const next: CaseQueueQuery = { ...queueQueryOf(searchParams), ...changes };
      if (!keepPage) delete next.page;
      for (const key of Object.keys(next) as (keyof CaseQueueQuery)[])
        if (next[key] === undefined) delete next[key];
      setSearchParams(queueSearchOf(next));
    },
    [searchParams, setSearchParams],
  );

  const onAssign = async (row: CaseSummary) => {
    setRowError(null);
    setAssigning(row.id);
    try {
      await assignCaseToMe(row.id, row.version);
      setAnnouncement(t('assigned_to_you', { name: row.applicantName }));
      reload();
    } catch (error) {
      const message =
        error instanceof StaffApiError && error.httpStatus === 409
          ? t('conflict_queue')
          : error instanceof StaffApiError
            ? error.message
            : t('common:network_error');
      setRowError({ id: row.id, message });
      if (error instanceof StaffApiError && error.httpStatus === 409) reload();
    } finally {
      setAssigning(null);
    }
  };

  const columns: TableColumnsType<CaseSummary> = [
    {
      key: 'applicant',
      title: t('col_applicant'),
      render: (_, row) => (
        <Link to={casePath(row.id)} state={{ queueSearch: search } satisfies FromQueueState}>
          {row.applicantName}
        </Link>
      ),
    },
    { key: 'submission', title: t('col_submission'), render: (_, row) => row.submissionNumber },
    { key: 'stage', title: t('col_stage'), render: (_, row) => t(`stage_${row.stage}`) },
    {
      key: 'queue',
      title: t('col_queue'),
      // a closed case waits in no queue (issue #22 finding 12)
      render: (_, row) => (checkIsCaseOpen(row.stage) ? t(`queue_${row.queue}`) : '—'),
    },
    { key: 'submitted', title: t('col_submitted'), render: (_, row) => formatHkTime(row.submittedAt) },
    {
      key: 'due',
      title: t('col_due'),
      render: (_, row) => (
        <Space size={4} wrap>
          <span>{formatHkTime(row.dueAt)}</span>
          {row.overdue && <Tag color={TAG_ERROR}>{t('overdue')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'assignee',
      title: t('col_assignee'),
      render: (_, row) => row.assignee?.displayName ?? t('unassigned'),
    },
    {
      key: 'flags',
      title: t('col_flags'),
      render: (_, row) =>
        row.flags.length === 0 ? (
          <span className="visually-hidden">{t('no_flags')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {row.flags.map((f) => (
              <Tag key={f.flag} color={TAG_ATTENTION}>
                {f.label}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      key: 'actions',
      title: t('col_actions'),
      render: (_, row) => (
        <Space orientation="vertical" size={4}>
          {checkCanAssignToMe(row, staff) && (
            <Button
              size="small"
              loading={assigning === row.id}
              onClick={() => void onAssign(row)}
              aria-label={t('assign_to_me_for', { name: row.applicantName })}
            >
              {t('assign_to_me')}
            </Button>
          )}
          {rowError?.id === row.id && (
            <span role="alert" className="error-text">
              {rowError.message}
            </span>
          )}
        </Space>
      ),
    },
  ];

  const hasFilters = ['q', 'stage', 'queue', 'flag', 'assignee', 'overdue', 'minAgeHours'].some((k) =>
    searchParams.has(k),
  );

  return (
    <>
      <PageTitle>{t('common:page_review_queue')}</PageTitle>
      <QueueSearchBox value={query.q} onSearch={(q) => update({ q })} />
      <section aria-label={t('filters_label')} className="queue-filters">
        <FilterField id="filter-stage" label={t('filter_stage')}>
          <Select
            id="filter-stage"
            allowClear
            placeholder={t('filter_stage_open')}
            value={query.stage}
            onChange={(stage) => update({ stage })}
            options={CASE_STAGES.map((s) => ({ value: s, label: t(`stage_${s}`) }))}
          />
        </FilterField>
        <FilterField id="filter-queue" label={t('filter_queue')}>
          <Select
            id="filter-queue"
            allowClear
            placeholder={t('filter_any')}
            value={query.queue}
            onChange={(queue) => update({ queue })}
            options={QUEUES.map((q) => ({ value: q, label: t(`queue_${q}`) }))}
          />
        </FilterField>
        <FilterField id="filter-flag" label={t('filter_flag')}>
          <Select
            id="filter-flag"
            allowClear
            placeholder={t('filter_any')}
            value={query.flag}
            onChange={(flag) => update({ flag })}
            options={CASE_FLAGS.map((f) => ({ value: f, label: t(`review:${caseFlagKey(f)}`) }))}
          />
        </FilterField>
        <FilterField id="filter-assignee" label={t('filter_assignee')}>
          <Select<'anyone' | 'me' | 'none'>
            id="filter-assignee"
            value={query.assignee === 'me' || query.assignee === 'none' ? query.assignee : 'anyone'}
            onChange={(a) => update({ assignee: a === 'anyone' ? undefined : a })}
            options={[
              { value: 'anyone', label: t('assignee_anyone') },
              { value: 'me', label: t('assignee_me') },
              { value: 'none', label: t('assignee_none') },
            ]}
          />
        </FilterField>
        <FilterField id="filter-overdue" label={t('filter_overdue')}>
          <Select<'any' | 'true' | 'false'>
            id="filter-overdue"
            value={query.overdue ?? 'any'}
            onChange={(o) => update({ overdue: o === 'any' ? undefined : o })}
            options={[
              { value: 'any', label: t('overdue_any') },
              { value: 'true', label: t('overdue_only') },
              { value: 'false', label: t('overdue_not') },
            ]}
          />
        </FilterField>
        <FilterField id="filter-min-age" label={t('filter_min_age')}>
          <MinAgeInput value={query.minAgeHours} onCommit={(minAgeHours) => update({ minAgeHours })} />
        </FilterField>
        <FilterField id="filter-sort" label={t('sort_label')}>
          <Select
            id="filter-sort"
            value={query.sort ?? 'due'}
            onChange={(sort) => update({ sort: sort === 'due' ? undefined : sort }, false)}
            options={SORTS.map((s) => ({ value: s, label: t(`sort_${sortKey(s)}`) }))}
          />
        </FilterField>
        {hasFilters && (
          <div className="queue-filter queue-filter-clear">
            <Button onClick={() => setSearchParams(new URLSearchParams())}>{t('clear_filters')}</Button>
          </div>
        )}
      </section>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      {load.kind === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={t('queue_failed')}
          description={load.message}
          action={<Button onClick={reload}>{t('try_again')}</Button>}
        />
      ) : (
        <Table<CaseSummary>
          rowKey="id"
          columns={columns}
          dataSource={load.kind === 'ready' ? load.queue.cases : []}
          loading={load.kind === 'loading'}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                description={hasFilters ? t('queue_empty_filtered') : t('queue_empty')}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
              />
            ),
          }}
          pagination={
            load.kind === 'ready'
              ? {
                  current: load.queue.page,
                  pageSize: load.queue.pageSize,
                  total: load.queue.total,
                  showSizeChanger: true,
                  pageSizeOptions: [10, 20, 50, 100],
                  showTotal: (total) => t('queue_count', { count: total }),
                  onChange: (page, pageSize) =>
                    update(
                      {
                        page: page > 1 ? page : undefined,
                        pageSize: pageSize !== DEFAULT_PAGE_SIZE ? pageSize : undefined,
                      },
                      true,
                    ),
                }
              : false
          }
        />
      )}
    </>
  );
}

/**
 * The queue's search (issue #22 finding 7): a name or part of it, an application number, or the
 * last 4 or more digits of a mobile or ID number. Checked by the domain's rule before it is sent;
 * an empty box clears the search.
 */
function QueueSearchBox({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const { t } = useTranslation('cases');
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState('');
  useEffect(() => setDraft(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    if (q === '') {
      setError('');
      onSearch(undefined);
      return;
    }
    if (typeof parseQueueSearch(q) === 'string') {
      setError(t('search_too_short'));
      return;
    }
    setError('');
    onSearch(q);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form is what submits on Enter; the <search> element's role is not yet known to every screen reader the staff use, the explicit role is
    <form role="search" className="queue-search" onSubmit={submit}>
      <label htmlFor="queue-search">{t('search_label')}</label>
      <Space.Compact className="queue-search-row">
        <Input
          id="queue-search"
          type="search"
          value={draft}
          maxLength={100}
          placeholder={t('search_placeholder')}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'queue-search-error' : undefined}
        />
        <Button type="primary" htmlType="submit">
          {t('search_button')}
        </Button>
      </Space.Compact>
      {error && (
        <span id="queue-search-error" role="alert" className="error-text">
          {error}
        </span>
      )}
    </form>
  );
}

function sortKey(sort: NonNullable<CaseQueueQuery['sort']>): (typeof SORT_TEXT_KEYS)[number] {
  return sort === 'due' ? 'due' : sort === 'submitted' ? 'oldest' : 'newest';
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="queue-filter">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** Hours typed are applied on Enter or on leaving the field, not at every keystroke. */
function MinAgeInput({
  value,
  onCommit,
}: {
  value: number | undefined;
  onCommit: (hours: number | undefined) => void;
}) {
  const { t } = useTranslation('cases');
  const [draft, setDraft] = useState<number | null>(value ?? null);
  useEffect(() => setDraft(value ?? null), [value]);
  const commit = () => {
    const next = draft === null ? undefined : Math.trunc(draft);
    if (next !== value) onCommit(next);
  };
  return (
    <InputNumber<number>
      id="filter-min-age"
      min={0}
      max={24 * 365}
      precision={0}
      value={draft}
      onChange={(v) => setDraft(v)}
      onBlur={commit}
      onPressEnter={commit}
      suffix={t('hours')}
      style={{ width: '100%' }}
    />
  );
}
