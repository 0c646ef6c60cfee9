import { FLOW_STAGES, type StepId, stepById } from '@hk/domain';
import { type ReactNode, useEffect } from 'react';
import { ReopenedNotice } from '../../components/reopened-notice';
import { useUserStatus } from '../../lib/api/user-status';
import { useTranslation } from '../../lib/i18n';
import { usePageFlags } from '../../lib/page-flags';
import { type StepInfo, useStepInfo } from '../api/step-api';
import { addFlowMessages } from '../lib/flow-messages';
import { SCREEN_STEPS, STEP_PATHS } from '../lib/step-paths';
import { useStepNavigate } from '../lib/use-step-navigate';
import { ReturnedNotice } from './returned-notice';
import { PageState } from './step-header';
import '../step-kit.css';
import './steps.css';

const STAGE_KEY: Record<number, string> = {
  10: 'id',
  30: 'account_type',
  50: 'personal_info',
  60: 'risk_disclosure',
  90: 'bank_card',
  100: 'signature',
};

/** 'Step 2 of 6: Account type' from the step's stage (spec §4), and the screen's title. */
export function StepHeading({ step, title }: { step: StepId; title: string }) {
  const { t } = useTranslation('flow');
  const stage = stepById(step).stage ?? 100;
  const stageId = STAGE_KEY[stage] ?? 'signature';
  const current = FLOW_STAGES.findIndex((s) => s.id === stageId) + 1;
  const inPart = SCREEN_STEPS.indexOf(step as (typeof SCREEN_STEPS)[number]) + 1;
  return (
    <header className="id-step-header">
      <p className="id-step-header__stage">
        {t('step_header', { current, total: FLOW_STAGES.length, stage: t(`stage_${stageId}`) })}
      </p>
      <h1 className="id-step-header__title">{title}</h1>
      <ol
        className="id-step-header__dots"
        aria-label={t('screen_of', { current: inPart, total: SCREEN_STEPS.length })}
      >
        {SCREEN_STEPS.map((s, i) => (
          <li
            key={s}
            className={i < inPart ? 'is-done' : undefined}
            aria-current={s === step ? 'step' : undefined}
          />
        ))}
      </ol>
    </header>
  );
}

/**
 * The frame of a step's screen: loads the step (its answers, documents, version, reopened reason),
 * sends the person back to the first unfinished step when this one is not open yet (unless a
 * state flag says they are changing a finished application), shows why the step was reopened,
 * and renders the form once the step was fetched for this visit (so saves name its version).
 */
export function StepPage({
  step,
  title,
  intro,
  children,
}: {
  step: StepId;
  title: string;
  intro?: ReactNode;
  children: (info: StepInfo) => ReactNode;
}) {
  addFlowMessages();
  const info = useStepInfo(step);
  const status = useUserStatus();
  const { state } = usePageFlags();
  const go = useStepNavigate();
  const next = status.data?.next_step ?? null;
  const order = SCREEN_STEPS as readonly StepId[];
  const notOpenYet =
    state === null &&
    next !== null &&
    order.includes(next) &&
    order.indexOf(next) < order.indexOf(step) &&
    STEP_PATHS[next] !== STEP_PATHS[step];
  useEffect(() => {
    if (notOpenYet) go(next, null);
  }, [notOpenYet, next, go]);

  if (!info.data || !info.isFetchedAfterMount || notOpenYet || !status.data)
    return (
      <PageState
        loading={!info.error && !status.error}
        error={info.error ?? status.error}
        onRetry={() => {
          void info.refetch();
          void status.refetch();
        }}
      />
    );
  return (
    <main className="id-step-page step-page" data-step={step}>
      <StepHeading step={step} title={title} />
      {intro ? <p className="id-intro">{intro}</p> : null}
      <ReturnedNotice step={step} />
      <ReopenedNotice reason={info.data.reopened_reason} />
      {children(info.data)}
    </main>
  );
}
