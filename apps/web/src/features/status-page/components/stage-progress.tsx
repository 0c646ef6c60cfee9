import { ApplicationStatus } from '@hk/domain';
import { useTranslation } from '../../../lib/i18n';

/** spec §4 after submission: Submitted, then Reviewing, then Activation (deposit after approval). */
export const AFTER_SUBMISSION_STAGES = ['submitted', 'reviewing', 'activation'] as const;
type Stage = (typeof AFTER_SUBMISSION_STAGES)[number];

/** The stage under way: reviewing once submitted, activation once approved, none after. */
export function currentStage(status: number): Stage | null {
  if (status === ApplicationStatus.SUBMITTED) return 'reviewing';
  if (status === ApplicationStatus.APPROVED) return 'activation';
  return null;
}

/**
 * The bank-progress image (spec §2, shown when `bank_type` > 0): the three stages as a drawn line of
 * steps that is also a list a screen reader reads, each stage with its state in words.
 */
export function StageProgress({ status }: { status: number }) {
  const { t } = useTranslation('status');
  const current = currentStage(status);
  const currentIndex = current ? AFTER_SUBMISSION_STAGES.indexOf(current) : AFTER_SUBMISSION_STAGES.length;
  return (
    <ol className="stage-progress" aria-label={t('stages_title')}>
      {AFTER_SUBMISSION_STAGES.map((s, i) => {
        const state = i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'pending';
        return (
          <li
            key={s}
            className={`stage-progress__stage is-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <svg
              className="stage-progress__mark"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="12" cy="12" r="10" />
              {state === 'done' ? <path d="M7 12.5l3.2 3.2L17 9" /> : null}
              {state === 'current' ? <circle cx="12" cy="12" r="4" className="stage-progress__dot" /> : null}
            </svg>
            <span className="stage-progress__label">{t(`stage_${s}`)}</span>
            {/* a space: a screen reader says "Reviewing in progress", not one run-together word */}{' '}
            <span className="visually-hidden">{t(`stage_${state}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
