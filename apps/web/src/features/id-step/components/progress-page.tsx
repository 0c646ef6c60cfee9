import { completedPercent, FLOW_STAGES, type StepId } from '@hk/domain';
import { useNavigate } from 'react-router';
import { useServiceInfo } from '../../../lib/api/service-info';
import { useUserStatus } from '../../../lib/api/user-status';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { PageState } from '../../../step-kit/components/step-header';
import { checkHasScreen, STEP_PATHS, stepTitleKey } from '../../../step-kit/lib/step-paths';
import { useIdNavigate } from '../lib/use-id-navigation';
import '../../../step-kit/step-kit.css';

/**
 * /userinfo/progress: the six stages of spec §4 with their percentages, and the steps of the flow
 * (address to review) with their state: the next one to continue, finished ones to review
 * (state=edit); what happens after submission, and the customer-service phone and hours.
 */
export default function ProgressPage() {
  const { t } = useTranslation('id');
  const status = useUserStatus();
  const { tel } = useServiceInfo();
  const go = useIdNavigate();
  const navigate = useNavigate();

  if (!status.data)
    return <PageState loading={!status.error} error={status.error} onRetry={() => void status.refetch()} />;

  const done = new Set<string>(status.data.stages_done);
  // 'completed N%' is the last stage done; info_progress is the stage under way (decision 011)
  const percent = completedPercent(status.data.stages_done);
  const next = status.data.next_step;
  const screenSteps = status.data.steps.filter((s) => checkHasScreen(s.step) && s.step !== 'identity');
  const allDone = !next || !checkHasScreen(next);
  const stepTitle = (step: StepId) => t(stepTitleKey(step), { ns: 'common' });

  return (
    <main className="id-step-page">
      <header className="id-step-header">
        <h1 className="id-step-header__title">{t('progress_title')}</h1>
        <p className="id-progress__completed">{t('completed', { percent })}</p>
        <div
          className="id-progress__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('completed', { percent })}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </header>
      <ol className="id-stages">
        {FLOW_STAGES.map((stage, i) => {
          const isDone = done.has(stage.id);
          return (
            <li key={stage.id} className={`id-stage${isDone ? ' is-done' : ''}`}>
              <span className="id-stage__num" aria-hidden="true">
                {isDone ? '✓' : i + 1}
              </span>
              <span className="id-stage__name">{t(`stage_${stage.id}`)}</span>
              <span className="id-stage__pct">{stage.progress}%</span>
              <span className="id-stage__state">{t(isDone ? 'stage_done' : 'stage_not_started')}</span>
            </li>
          );
        })}
      </ol>
      {screenSteps.length > 0 ? (
        <section className="id-note" aria-labelledby="id-flow-steps">
          <h2 id="id-flow-steps">{t('flow_steps_title')}</h2>
          <ul className="id-flow-steps">
            {screenSteps.map((s) => (
              <li key={s.step} className={s.confirmed ? 'is-done' : undefined}>
                <span className="id-flow-steps__name">{stepTitle(s.step)}</span>
                <span className="id-flow-steps__state">
                  {t(s.confirmed ? 'stage_done' : s.reopened_reason ? 'step_reopened' : 'stage_not_started')}
                </span>
                {s.confirmed ? (
                  <button
                    type="button"
                    className="id-btn id-btn--link id-btn--small"
                    onClick={() => go(STEP_PATHS[s.step], { state: 'edit' })}
                  >
                    {t('review_step')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {next && checkHasScreen(next) ? (
            <button type="button" className="id-btn id-btn--primary" onClick={() => go(STEP_PATHS[next])}>
              {t('continue_step', { step: stepTitle(next) })}
            </button>
          ) : null}
        </section>
      ) : null}
      <section className="id-note" aria-labelledby="id-next-steps">
        <h2 id="id-next-steps">{t('next_steps_title')}</h2>
        <p>{t('next_steps_note')}</p>
        {allDone ? null : <p>{t('next_steps_note_part_one')}</p>}
        <p>
          {t('cs_phone_label')} {tel ? <a href={`tel:${tel}`}>{tel}</a> : '—'}
        </p>
        <p>{t('cs_hours')}</p>
      </section>
      <div className="id-actions id-actions--stack">
        <button
          type="button"
          // the flow's 'continue' above is the page's one primary action while a step is open
          className={allDone ? 'id-btn id-btn--primary' : 'id-btn id-btn--ghost'}
          onClick={() => go('details', { state: 'edit' })}
        >
          {t('review_details')}
        </button>
        <button
          type="button"
          className="id-btn id-btn--ghost"
          onClick={() => go('photos', { state: 'edit' })}
        >
          {t('review_photos')}
        </button>
        <button
          type="button"
          className="id-btn id-btn--ghost"
          onClick={() => go('location', { state: 'edit' })}
        >
          {t('review_location')}
        </button>
      </div>
      {/* The login screen, logged in, is the account home: masked number, switch number (spec §2). */}
      <p className="id-account">
        {t('logged_in_as', { mobile: status.data.mobile_masked })}{' '}
        <button
          type="button"
          className="id-btn id-btn--link"
          onClick={() => void navigate(ROUTES.login.path)}
        >
          {t('switch_account')}
        </button>
      </p>
    </main>
  );
}
