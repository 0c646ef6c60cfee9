import { ApplicationStatus } from '@hk/domain';
import { SubmissionFacts } from '../../../components/submission-facts';
import { useAudit } from '../../../lib/api/submit-api';
import { useTranslation } from '../../../lib/i18n';
import './submitted-state.css';

/** spec §4 after submission: Submitted, then Reviewing, then Activation (deposit after approval). */
export const AFTER_SUBMISSION_STAGES = ['submitted', 'reviewing', 'activation'] as const;
type Stage = (typeof AFTER_SUBMISSION_STAGES)[number];

/** The stage the application is at: under review once submitted, activation once approved. */
export function currentStage(status: number): Stage | null {
  if (status === ApplicationStatus.SUBMITTED) return 'reviewing';
  if (status === ApplicationStatus.APPROVED) return 'activation';
  return null; // activated or opened: every stage is behind
}

/**
 * The user centre once the application is submitted (spec §2 "auditable" state): the account type,
 * the stages after submission with the current one marked, the submission's number and time, and
 * the PDF of what was submitted. The customer-service block and the footer are the page's.
 */
export function SubmittedState({ status }: { status: number }) {
  const { t } = useTranslation('account');
  const audit = useAudit();
  const accountType = audit.data?.steps.find((s) => s.step === 'account_type')?.answers ?? {};
  const securities = accountType.securities === 'margin' ? 'margin' : 'cash';
  const futures = accountType.futures === true;
  const current = currentStage(status);
  const currentIndex = current ? AFTER_SUBMISSION_STAGES.indexOf(current) : AFTER_SUBMISSION_STAGES.length;
  return (
    <section className="status-panel submitted-state" aria-labelledby="submitted-title">
      <h2 id="submitted-title" className="status-text">
        {t(status === ApplicationStatus.SUBMITTED ? 'status_submitted' : 'status_approved')}
      </h2>
      {audit.data ? (
        <p className="submitted-account">
          <span className="submitted-account__label">{t('account_type_label')}</span>{' '}
          {t(`account_securities_${securities}`)}
          {futures ? `${t('account_type_and')}${t('account_futures')}` : ''}
        </p>
      ) : null}
      <ol className="submitted-stages" aria-label={t('stages_title')}>
        {AFTER_SUBMISSION_STAGES.map((s, i) => (
          <li
            key={s}
            className={i < currentIndex ? 'is-done' : i === currentIndex ? 'is-current' : undefined}
            aria-current={i === currentIndex ? 'step' : undefined}
          >
            {t(`stage_${s}`)}
          </li>
        ))}
      </ol>
      {current === 'reviewing' ? <p className="submitted-hint">{t('stage_activation_hint')}</p> : null}
      {current === 'activation' ? <p className="submitted-hint">{t('approved_hint')}</p> : null}
      <SubmissionFacts />
    </section>
  );
}
