import { ApplicationStatus, checkIsEditableStatus, ErrorCode, type StepId } from '@hk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type AuditStep,
  auditQueryKey,
  newIdempotencyKey,
  submitApplication,
  useAudit,
} from '../../../lib/api/submit-api';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { ROUTES } from '../../../lib/routes';
import { PageState } from '../../../step-kit/components/step-header';
import { StepHeading } from '../../../step-kit/components/step-page';
import { SCREEN_STEPS, STEP_PATHS, stepTitleKey } from '../../../step-kit/lib/step-paths';
import { answerLines, doneKeyOf, REVIEW_NAMESPACES } from '../lib/answer-text';
import '../../../step-kit/step-kit.css';
import '../../../step-kit/components/steps.css';
import './review.css';

const NAMESPACES = [...new Set(['review', 'common', 'flow', ...REVIEW_NAMESPACES])];

function stepTitle(step: StepId, t: (key: string) => string): string {
  return t(`common:${stepTitleKey(step)}`);
}

/** The first of `steps` in the flow's order (the server names them in that order too). */
export function firstInFlow(steps: readonly string[]): StepId | undefined {
  return (SCREEN_STEPS as readonly StepId[]).find((s) => steps.includes(s));
}

function ReviewStep({ item, editState }: { item: AuditStep; editState: string }) {
  const { t, i18n } = useTranslation(NAMESPACES);
  const title = stepTitle(item.step, t);
  const lines = answerLines(i18n, t, item.step, item.answers, item.sealed);
  const doneKey = doneKeyOf(item.step, lines.length);
  const headingId = `review-${item.step}`;
  return (
    <section className="step-section review-step" aria-labelledby={headingId} data-step={item.step}>
      <div className="review-step__head">
        <h2 id={headingId} className="step-section__title">
          {title}
        </h2>
        <Link
          className="review-step__edit"
          to={`${STEP_PATHS[item.step]}?state=${editState}`}
          aria-label={t('review:edit_step', { step: title })}
        >
          {t('review:edit')}
        </Link>
      </div>
      {item.confirmed ? null : <p className="review-step__open">{t('review:not_finished')}</p>}
      {doneKey && item.confirmed ? <p className="review-lines">{t(doneKey)}</p> : null}
      {lines.length > 0 ? (
        <dl className="review-lines">
          {lines.map((l) => (
            <div key={l.field}>
              <dt>{l.label}</dt>
              <dd>{l.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.documents.length > 0 ? (
        <p className="review-step__docs">{t('review:documents', { count: item.documents.length })}</p>
      ) : null}
    </section>
  );
}

/**
 * /userinfo/review (issue #7 step 5): every applicable step's answers once more (sealed values as
 * the server masked them), an edit link each, and the submit button. The idempotency key is made
 * once per visit and sent again on every retry, so a double tap or a lost answer makes one
 * submission. A 2009 goes to the first step it names; success goes to the user centre.
 */
export default function ReviewPage() {
  const { t } = useTranslation(NAMESPACES);
  const audit = useAudit();
  const { state } = usePageFlags();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refused = state === 'refused' || audit.data?.status === ApplicationStatus.REJECTED;
  const editState = refused ? 'refused' : 'edit';
  const flag = refused ? '?state=refused' : '';

  // submitted (or further) on another device: nothing to review here any more
  const locked = audit.data ? !checkIsEditableStatus(audit.data.status) : false;
  useEffect(() => {
    if (locked) void navigate(ROUTES.usercenter.path, { replace: true });
  }, [locked, navigate]);

  const onSubmit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await submitApplication(key);
      await Promise.all([
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
        qc.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
      void navigate(ROUTES.usercenter.path, { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (err instanceof ApiError && err.is('STEPS_INCOMPLETE')) {
        const step = firstInFlow(Object.keys(err.fields));
        if (step) {
          void navigate(`${STEP_PATHS[step]}${flag}`);
          return;
        }
      }
      if (err instanceof ApiError && err.status === ErrorCode.SIGNATURE_STALE) {
        void navigate(`${STEP_PATHS.signature}?state=${editState}`);
        return;
      }
      setError(err instanceof ApiError && err.message ? err.message : t('review:submit_failed'));
    }
  };

  if (!audit.data || locked)
    return <PageState loading={!audit.error} error={audit.error} onRetry={() => void audit.refetch()} />;
  const blocking = audit.data.blocking;
  const next = firstInFlow(blocking);
  return (
    <main className="id-step-page step-page" data-step="review">
      <StepHeading step="review" title={t('common:title_review')} />
      <p className="id-intro">{t('review:intro')}</p>
      {next ? (
        <p className="step-notice" role="status">
          {t('review:blocking', { step: stepTitle(next, t) })}{' '}
          <Link to={`${STEP_PATHS[next]}${flag}`}>{t('review:go_there')}</Link>
        </p>
      ) : null}
      <div className="review-steps">
        {audit.data.steps.map((item) => (
          <ReviewStep key={item.step} item={item} editState={editState} />
        ))}
      </div>
      <p className="id-hint">{t('review:frozen_notice')}</p>
      <div className="step-submit">
        {error ? (
          <p className="id-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="id-btn id-btn--primary"
          disabled={submitting}
          onClick={() => void onSubmit()}
        >
          {submitting ? t('review:submitting') : t(refused ? 'flow:submit_refused' : 'flow:submit')}
        </button>
      </div>
    </main>
  );
}
