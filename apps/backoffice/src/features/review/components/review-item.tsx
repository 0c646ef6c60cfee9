import type { CaseItem, DecideItemRequest } from '@hk/domain/review/contracts';
import {
  APPLICANT_COMMENT_MAX,
  checkItemDecision,
  INTERNAL_NOTE_MAX,
  type ItemVerdict,
} from '@hk/domain/review/decisions';
import { REVISION_REASONS, type RevisionReason, revisionReasonKey } from '@hk/domain/review/reasons';
import { Alert, Button, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_ATTENTION, TAG_CHANGED, TAG_ERROR, TAG_OK } from '../../../components/tag-colors';
import { formatHkTime } from '../../../lib/hk-time';
import { documentUrl } from '../api/review-api';
import { formatSize, shortHash } from '../format';
import type { ActionOutcome } from './action-outcome';
import { PdfPages } from './pdf-pages';

interface Props {
  caseId: string;
  item: CaseItem;
  canDecide: boolean;
  canReadDocuments: boolean;
  isBusy: boolean;
  /** The last refusal of this item's decision, in words ('' when none). */
  error: string;
  onDecide(request: Omit<DecideItemRequest, 'version'>): Promise<ActionOutcome>;
}

/** One step's answers or one document: what the applicant gave, its decision, and the form to decide it. */
export function ReviewItemBlock({
  caseId,
  item,
  canDecide,
  canReadDocuments,
  isBusy,
  error,
  onDecide,
}: Props) {
  const { t } = useTranslation(['cases', 'review']);
  const headingId = useId();
  return (
    <article className="review-item" aria-labelledby={headingId}>
      <div className="review-item-head">
        <Typography.Title level={4} id={headingId} className="review-item-title">
          {item.kind === 'step' ? t('answers_of', { title: item.title }) : item.title}
        </Typography.Title>
        <Space size={[4, 4]} wrap>
          {item.changedSinceLastReview && <Tag color={TAG_CHANGED}>{t('changed_since_review')}</Tag>}
          {item.decision ? (
            <Tag color={item.decision.verdict === 'approved' ? TAG_OK : TAG_ATTENTION}>
              {t(`verdict_${item.decision.verdict}`)}
            </Tag>
          ) : (
            <Tag>{t('verdict_pending')}</Tag>
          )}
        </Space>
      </div>

      {item.changes.length > 0 && (
        <section className="field-changes" aria-label={t('changes_title', { title: item.title })}>
          <Typography.Text strong>{t('changes_title', { title: item.title })}</Typography.Text>
          <ul>
            {item.changes.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a label may repeat; the list is fixed for the item
              <li key={`${c.label}-${i}`}>
                {t('change_line', {
                  label: c.label,
                  before: c.before ?? t('change_empty'),
                  after: c.after ?? t('change_empty'),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      {item.kind === 'step' && item.changedSinceLastReview && item.changes.length === 0 && (
        <Typography.Paragraph className="field-changes">{t('changes_not_shown')}</Typography.Paragraph>
      )}

      {item.fields.length > 0 && (
        <dl className="field-list">
          {item.fields.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a label may repeat (several tax residences) and the list is fixed for the item
            <div key={`${f.label}-${i}`} className="field-line">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}

      {item.document && (
        <DocumentView
          caseId={caseId}
          title={item.title}
          document={item.document}
          canRead={canReadDocuments}
        />
      )}

      {item.decision && (
        <div className="item-decision">
          <Typography.Text strong>{t('decision_label')}</Typography.Text>
          <dl className="field-list">
            <div className="field-line">
              <dt>{t('decision_verdict')}</dt>
              <dd>{t(`verdict_${item.decision.verdict}`)}</dd>
            </div>
            {item.decision.reasons.length > 0 && (
              <div className="field-line">
                <dt>{t('decision_reasons')}</dt>
                <dd>
                  <ul className="plain-list">
                    {item.decision.reasons.map((r) => (
                      <li key={r.reason}>{r.label}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {item.decision.applicantComment && (
              <div className="field-line">
                <dt>{t('decision_comment')}</dt>
                <dd>{item.decision.applicantComment}</dd>
              </div>
            )}
            {item.decision.internalNote && (
              <div className="field-line">
                <dt>{t('decision_note')}</dt>
                <dd>{item.decision.internalNote}</dd>
              </div>
            )}
            <div className="field-line">
              <dt>{t('decision_by')}</dt>
              <dd>
                {t('decision_by_text', {
                  name: item.decision.decidedBy.displayName,
                  at: formatHkTime(item.decision.decidedAt),
                })}
              </dd>
            </div>
          </dl>
        </div>
      )}

      {canDecide && <DecisionForm item={item} isBusy={isBusy} error={error} onDecide={onDecide} />}
    </article>
  );
}

function DocumentView({
  caseId,
  title,
  document,
  canRead,
}: {
  caseId: string;
  title: string;
  document: NonNullable<CaseItem['document']>;
  canRead: boolean;
}) {
  const { t } = useTranslation('cases');
  const url = documentUrl(caseId, document.id);
  const isImage = document.mime.startsWith('image/');
  return (
    <div className="document-view">
      <Space size={[8, 4]} wrap className="document-meta">
        <span>{document.mime}</span>
        <span>{formatSize(document.size)}</span>
        <span>
          SHA-256 <Typography.Text code>{shortHash(document.sha256)}</Typography.Text>
        </span>
        {document.intact ? (
          <Tag color={TAG_OK}>{t('document_intact')}</Tag>
        ) : (
          <Tag color={TAG_ERROR}>{t('document_not_intact')}</Tag>
        )}
      </Space>
      {!canRead ? (
        <Typography.Paragraph>{t('document_not_allowed')}</Typography.Paragraph>
      ) : isImage ? (
        // the bytes come from the server with CSP sandbox and nosniff; a click shows them full size
        <a href={url} target="_blank" rel="noopener noreferrer" className="document-image-link">
          <img src={url} alt={title} className="document-image" loading="lazy" />
          <span className="visually-hidden">{t('opens_new_tab')}</span>
        </a>
      ) : (
        // a PDF is drawn here page by page (pdf.js, no script of the document runs); never
        // downloaded for a desktop reader
        <PdfPages url={url} title={title} />
      )}
    </div>
  );
}

function DecisionForm({
  item,
  isBusy,
  error,
  onDecide,
}: {
  item: CaseItem;
  isBusy: boolean;
  error: string;
  onDecide: Props['onDecide'];
}) {
  const { t } = useTranslation(['cases', 'review']);
  const id = useId();
  const [verdict, setVerdict] = useState<ItemVerdict | null>(item.decision?.verdict ?? null);
  const [reasons, setReasons] = useState<RevisionReason[]>(item.decision?.reasons.map((r) => r.reason) ?? []);
  const [comment, setComment] = useState(item.decision?.applicantComment ?? '');
  const [note, setNote] = useState(item.decision?.internalNote ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  // a reloaded case (after a save or a 409) shows its own decision
  useEffect(() => {
    setVerdict(item.decision?.verdict ?? null);
    setReasons(item.decision?.reasons.map((r) => r.reason) ?? []);
    setComment(item.decision?.applicantComment ?? '');
    setNote(item.decision?.internalNote ?? '');
  }, [item.decision]);

  const submit = async () => {
    if (!verdict) {
      setProblem(t('problem_verdict_required'));
      return;
    }
    const request = {
      verdict,
      reasons: verdict === 'revision' ? reasons : [],
      applicantComment: comment.trim() ? comment.trim() : null,
      internalNote: note.trim() ? note.trim() : null,
    };
    const found = checkItemDecision(request);
    if (found) {
      setProblem(
        t(`problem_${found}`, { max: found === 'note_too_long' ? INTERNAL_NOTE_MAX : APPLICANT_COMMENT_MAX }),
      );
      return;
    }
    setProblem(null);
    await onDecide(request);
  };

  const shownError = problem ?? (error || null);
  return (
    <form
      className="decision-form"
      aria-label={t('decide_item', { title: item.title })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="plain-fieldset">
        <legend>{t('decision_verdict')}</legend>
        <Radio.Group
          value={verdict}
          onChange={(e) => setVerdict(e.target.value as ItemVerdict)}
          options={[
            { value: 'approved', label: t('verdict_choice_approved') },
            { value: 'revision', label: t('verdict_choice_revision') },
          ]}
        />
      </fieldset>
      {verdict === 'revision' && (
        <div className="form-field">
          <label htmlFor={`${id}-reasons`}>{t('reasons_label')}</label>
          <Select<RevisionReason[]>
            id={`${id}-reasons`}
            mode="multiple"
            value={reasons}
            onChange={setReasons}
            placeholder={t('reasons_placeholder')}
            options={REVISION_REASONS.map((r) => ({ value: r, label: t(`review:${revisionReasonKey(r)}`) }))}
            optionFilterProp="label"
            style={{ width: '100%' }}
          />
        </div>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-comment`}>{t('comment_label')}</label>
        <span className="field-hint" id={`${id}-comment-hint`}>
          {t('comment_hint')}
        </span>
        <Input.TextArea
          id={`${id}-comment`}
          aria-describedby={`${id}-comment-hint`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={APPLICANT_COMMENT_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>{t('note_label')}</label>
        <span className="field-hint" id={`${id}-note-hint`}>
          {t('note_hint')}
        </span>
        <Input.TextArea
          id={`${id}-note`}
          aria-describedby={`${id}-note-hint`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={INTERNAL_NOTE_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
        />
      </div>
      {shownError && <Alert type="error" showIcon title={shownError} className="action-error" />}
      <Button htmlType="submit" type="primary" loading={isBusy}>
        {t('save_decision')}
      </Button>
    </form>
  );
}
