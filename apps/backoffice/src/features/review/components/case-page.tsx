import type { CaseItem, CaseView } from '@hk/domain/review/contracts';
import { checkIsCaseOpen } from '@hk/domain/review/decisions';
import type { DeclineReason } from '@hk/domain/review/reasons';
import { Alert, Button, Descriptions, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { TAG_ATTENTION, TAG_ERROR } from '../../../components/tag-colors';
import { StaffApiError } from '../../../lib/api';
import { formatHkTime } from '../../../lib/hk-time';
import { casePath, ROUTES, recordsPath } from '../../../lib/routes';
import {
  approveCase,
  assignCaseTo,
  assignCaseToMe,
  decideItem,
  declineCase,
  fetchCase,
  recommendCase,
  returnCase,
} from '../api/review-api';
import { shortHash } from '../format';
import type { ActionOutcome } from './action-outcome';
import { ApproveModal } from './approve-modal';
import { DeclineModal } from './decline-modal';
import type { FromQueueState } from './queue-page';
import { ReassignControl } from './reassign-control';
import { ReviewItemBlock } from './review-item';

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; view: CaseView };

/** The actions of the whole case; each item's form reports under `item:<key>`. */
type CaseActionId = 'assign' | 'reassign' | 'return' | 'recommend' | 'approve' | 'decline';

/** Items of one step, in the server's order: the step's answers first, then its documents. */
function groupByStep(items: readonly CaseItem[]) {
  const groups: { step: string; title: string; items: CaseItem[] }[] = [];
  for (const item of items) {
    let group = groups.find((g) => g.step === item.step);
    if (!group) {
      group = { step: item.step, title: item.title, items: [] };
      groups.push(group);
    }
    if (item.kind === 'step') group.title = item.title;
    group.items.push(item);
  }
  return groups;
}

/** The id of a part of the case page (a step's heading, the summary, the events): the anchors' targets. */
const partId = (part: string) => `part-${part}`;

/** A link to a part of the page: moves the focus there (the heading is focusable), so the keyboard follows. */
function PartLink({ part, children }: { part: string; children: ReactNode }) {
  return (
    <a
      href={`#${partId(part)}`}
      onClick={(e) => {
        const target = document.getElementById(partId(part));
        if (!target) return;
        e.preventDefault();
        target.focus();
        target.scrollIntoView?.({ block: 'start' });
      }}
    >
      {children}
    </a>
  );
}

/**
 * What changed since the last review, at the top of a re-submission (issue #22 finding 12): each
 * changed item with the labels of its changed lines, a link to its part of the page.
 */
function ChangesSummary({ view }: { view: CaseView }) {
  const { t } = useTranslation('cases');
  const changed = view.items.filter((i) => i.changedSinceLastReview);
  return (
    <section aria-labelledby={partId('changes')} className="changes-summary">
      <Typography.Title level={2} id={partId('changes')} tabIndex={-1} className="section-title">
        {t('summary_title', { n: view.case.submissionNumber })}
      </Typography.Title>
      {changed.length === 0 ? (
        <Typography.Paragraph>{t('summary_none')}</Typography.Paragraph>
      ) : (
        <ul>
          {changed.map((item) => (
            <li key={item.key}>
              <PartLink part={`step-${item.step}`}>{item.title}</PartLink>
              {t('summary_separator')}
              {item.kind === 'document'
                ? t('summary_document_new')
                : item.changes.length > 0
                  ? t('summary_fields', {
                      labels: [...new Set(item.changes.map((c) => c.label))].join(t('label_separator')),
                    })
                  : t('changes_not_shown')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One case (GET /cases/:id), as the server rendered it for this staff member: the buttons are
 * only those `can` allows, every call sends the case's `version`, and a 409 (someone else changed
 * the case meanwhile) reloads it and says so where the action was.
 */
export function CasePage() {
  const { t } = useTranslation(['cases', 'common']);
  const { id = '' } = useParams();
  const location = useLocation();
  const queueSearch = (location.state as FromQueueState | null)?.queueSearch;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [modal, setModal] = useState<'approve' | 'decline' | null>(null);

  const reload = useCallback(async () => {
    try {
      const view = await fetchCase(id);
      setLoad({ kind: 'ready', view });
    } catch (error) {
      setLoad({
        kind: 'error',
        message: error instanceof StaffApiError ? error.message : t('common:network_error'),
      });
    }
  }, [id, t]);

  useEffect(() => {
    setLoad({ kind: 'loading' });
    void reload();
  }, [reload]);

  const run = useCallback(
    async (
      actionId: string,
      call: (version: number) => Promise<CaseView>,
      doneText: string,
    ): Promise<ActionOutcome> => {
      if (load.kind !== 'ready') return { ok: false, isConflict: false, message: '' };
      setBusy(actionId);
      setErrors((e) => ({ ...e, [actionId]: '' }));
      try {
        const view = await call(load.view.case.version);
        setLoad({ kind: 'ready', view });
        setAnnouncement(doneText);
        return { ok: true };
      } catch (error) {
        const isConflict = error instanceof StaffApiError && error.httpStatus === 409;
        const message = isConflict
          ? t('conflict_reloaded')
          : error instanceof StaffApiError
            ? error.message
            : t('common:network_error');
        if (isConflict) await reload();
        setErrors((e) => ({ ...e, [actionId]: message }));
        return { ok: false, isConflict, message };
      } finally {
        setBusy(null);
      }
    },
    [load, reload, t],
  );

  if (load.kind === 'loading')
    return (
      <>
        <PageTitle>{t('common:page_case')}</PageTitle>
        <div role="status">
          <Spin />
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      </>
    );
  if (load.kind === 'error')
    return (
      <>
        <PageTitle>{t('common:page_case')}</PageTitle>
        <Alert
          type="error"
          showIcon
          title={t('case_failed')}
          description={load.message}
          action={<Button onClick={() => void reload()}>{t('try_again')}</Button>}
        />
        <p>
          <BackToQueue search={queueSearch} />
        </p>
      </>
    );

  const { view } = load;
  const c = view.case;
  const { can } = view;
  const groups = groupByStep(view.items);
  const caseError = (
    ['assign', 'reassign', 'return', 'recommend', 'approve', 'decline'] as const satisfies CaseActionId[]
  )
    .map((a) => errors[a])
    .find(Boolean);

  const onApprove = async (totp: string) => {
    const outcome = await run('approve', (v) => approveCase(c.id, v, totp), t('done_approved'));
    if (outcome.ok || outcome.isConflict) setModal(null);
    return outcome;
  };
  const onDecline = async (reason: DeclineReason, internalNote: string | null) => {
    const outcome = await run(
      'decline',
      (v) => declineCase(c.id, v, reason, internalNote),
      t('done_declined'),
    );
    if (outcome.ok || outcome.isConflict) setModal(null);
    return outcome;
  };

  return (
    <>
      <p className="back-link">
        <BackToQueue search={queueSearch} />
        {can.readRecords && (
          <>
            {' · '}
            <Link to={recordsPath(view.applicationId)}>{t('records_link')}</Link>
          </>
        )}
      </p>
      <PageTitle>{c.applicantName}</PageTitle>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>

      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        className="case-header"
        items={[
          { key: 'stage', label: t('col_stage'), children: t(`stage_${c.stage}`) },
          // the queue only while the case is open: a closed case waits in none (issue #22 finding 12)
          ...(checkIsCaseOpen(c.stage)
            ? [{ key: 'queue', label: t('col_queue'), children: t(`queue_${c.queue}`) }]
            : []),
          { key: 'submission', label: t('col_submission'), children: c.submissionNumber },
          { key: 'submitted', label: t('col_submitted'), children: formatHkTime(c.submittedAt) },
          {
            key: 'due',
            label: t('col_due'),
            children: (
              <Space size={4} wrap>
                <span>{formatHkTime(c.dueAt)}</span>
                {c.overdue && <Tag color={TAG_ERROR}>{t('overdue')}</Tag>}
              </Space>
            ),
          },
          { key: 'assignee', label: t('col_assignee'), children: c.assignee?.displayName ?? t('unassigned') },
          {
            key: 'flags',
            label: t('col_flags'),
            children:
              c.flags.length === 0 ? (
                t('no_flags')
              ) : (
                <Space size={[4, 4]} wrap>
                  {c.flags.map((f) => (
                    <Tag key={f.flag} color={TAG_ATTENTION}>
                      {f.label}
                    </Tag>
                  ))}
                </Space>
              ),
          },
          {
            key: 'sha',
            label: t('submission_sha'),
            children: (
              <Typography.Text
                code
                copyable={{ text: view.submissionSha256, tooltips: [t('copy_sha'), t('copied')] }}
              >
                <span title={view.submissionSha256}>{shortHash(view.submissionSha256)}</span>
              </Typography.Text>
            ),
          },
          ...(view.recommendation
            ? [
                {
                  key: 'recommendation',
                  label: t('recommended_by'),
                  children: t('recommended_by_text', {
                    name: view.recommendation.by.displayName,
                    at: formatHkTime(view.recommendation.at),
                  }),
                },
              ]
            : []),
        ]}
      />

      {view.similar.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('similar_title', { count: view.similar.length })}
          description={
            <ul className="similar-list">
              {view.similar.map((sim, i) => (
                <li key={sim.caseId ?? i}>
                  {sim.caseId ? (
                    <Link to={casePath(sim.caseId)}>{sim.applicantName}</Link>
                  ) : (
                    sim.applicantName
                  )}
                  {': '}
                  {sim.reasons.join(t('similar_separator'))}
                </li>
              ))}
            </ul>
          }
        />
      )}

      <section aria-label={t('case_actions')} className="case-actions">
        <Space wrap>
          {can.assignToMe && (
            <Button
              type="primary"
              loading={busy === 'assign'}
              onClick={() => void run('assign', (v) => assignCaseToMe(c.id, v), t('done_assigned'))}
            >
              {t('assign_to_me')}
            </Button>
          )}
          {can.returnToApplicant && (
            <Button
              loading={busy === 'return'}
              onClick={() => void run('return', (v) => returnCase(c.id, v), t('done_returned'))}
            >
              {t('return_to_applicant')}
            </Button>
          )}
          {can.recommend && (
            <Button
              type="primary"
              loading={busy === 'recommend'}
              onClick={() => void run('recommend', (v) => recommendCase(c.id, v), t('done_recommended'))}
            >
              {t('recommend')}
            </Button>
          )}
          {can.approve && (
            <Button type="primary" onClick={() => setModal('approve')}>
              {t('approve')}
            </Button>
          )}
          {/* separation of duties: the API says why an approver has no Approve button */}
          {!can.approve && view.cannotApprove === 'approver_took_part' && (
            <Typography.Text className="cannot-approve">{t('cannot_approve_took_part')}</Typography.Text>
          )}
          {can.decline && (
            <Button danger onClick={() => setModal('decline')}>
              {t('decline')}
            </Button>
          )}
        </Space>
        {can.reassign && (
          <ReassignControl
            view={view}
            busy={busy === 'reassign'}
            onReassign={(assigneeId, name) =>
              void run('reassign', (v) => assignCaseTo(c.id, v, assigneeId), t('done_reassigned', { name }))
            }
          />
        )}
        {caseError && <Alert type="error" showIcon title={caseError} className="action-error" />}
      </section>

      <ApproveModal
        open={modal === 'approve'}
        applicantName={c.applicantName}
        onCancel={() => setModal(null)}
        onSubmit={onApprove}
      />
      <DeclineModal
        open={modal === 'decline'}
        applicantName={c.applicantName}
        stage={c.stage}
        onCancel={() => setModal(null)}
        onSubmit={onDecline}
      />

      <nav aria-label={t('parts_nav')} className="case-parts">
        <ul>
          {c.submissionNumber > 1 && (
            <li>
              <PartLink part="changes">{t('parts_changes')}</PartLink>
            </li>
          )}
          {groups.map((group) => (
            <li key={group.step}>
              <PartLink part={`step-${group.step}`}>{group.title}</PartLink>
            </li>
          ))}
          <li>
            <PartLink part="events">{t('parts_events')}</PartLink>
          </li>
          <li>
            <PartLink part="earlier">{t('parts_earlier')}</PartLink>
          </li>
        </ul>
      </nav>

      {c.submissionNumber > 1 && <ChangesSummary view={view} />}

      <Typography.Title level={2} className="section-title">
        {t('items_title')}
      </Typography.Title>
      {groups.map((group) => (
        <section key={group.step} className="step-group" aria-labelledby={partId(`step-${group.step}`)}>
          <Typography.Title level={3} id={partId(`step-${group.step}`)} tabIndex={-1} className="step-title">
            {group.title}
          </Typography.Title>
          {group.items.map((item) => (
            <ReviewItemBlock
              key={item.key}
              caseId={c.id}
              item={item}
              canDecide={can.decideItems}
              canReadDocuments={can.readSensitive}
              isBusy={busy === `item:${item.key}`}
              error={errors[`item:${item.key}`] ?? ''}
              onDecide={(request) =>
                run(
                  `item:${item.key}`,
                  (version) => decideItem(c.id, item.key, { ...request, version }),
                  t('done_item_decided', { item: item.title }),
                )
              }
            />
          ))}
        </section>
      ))}

      <Typography.Title level={2} id={partId('events')} tabIndex={-1} className="section-title">
        {t('events_title')}
      </Typography.Title>
      {view.events.length === 0 ? (
        <Typography.Paragraph>{t('no_events')}</Typography.Paragraph>
      ) : (
        <Timeline
          items={view.events.map((e, i) => ({
            key: `${e.at}-${i}`,
            title: formatHkTime(e.at),
            content: (
              <>
                {e.text}
                {e.actor && <span className="event-actor"> · {e.actor.displayName}</span>}
              </>
            ),
          }))}
        />
      )}

      <Typography.Title level={2} id={partId('earlier')} tabIndex={-1} className="section-title">
        {t('earlier_title')}
      </Typography.Title>
      {view.earlierSubmissions.length === 0 ? (
        <Typography.Paragraph>{t('no_earlier')}</Typography.Paragraph>
      ) : (
        <ul className="earlier-list">
          {view.earlierSubmissions.map((s) => (
            <li key={s.number}>
              {t('earlier_line', { n: s.number, at: formatHkTime(s.submittedAt), outcome: s.outcome })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function BackToQueue({ search }: { search: string | undefined }) {
  const { t } = useTranslation('cases');
  return (
    <Link to={{ pathname: ROUTES.reviewQueue.path, search: search ? `?${search}` : '' }}>
      {t('back_to_queue')}
    </Link>
  );
}
