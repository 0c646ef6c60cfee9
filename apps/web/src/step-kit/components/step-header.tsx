import { FLOW_STAGES } from '@hk/domain';
import { useTranslation } from '../../lib/i18n';

const ID_SUB_STEPS = 3;

/** 'Step 1 of 6: Identity' plus where the person is inside the ID step (location, photos, details). */
export function StepHeader({ title, subStep }: { title: string; subStep: 1 | 2 | 3 }) {
  const { t } = useTranslation('id');
  const current = FLOW_STAGES.findIndex((s) => s.id === 'id') + 1;
  return (
    <header className="id-step-header">
      <p className="id-step-header__stage">
        {t('step_header', { current, total: FLOW_STAGES.length, stage: t('stage_id') })}
      </p>
      <h1 className="id-step-header__title">{title}</h1>
      <ol
        className="id-step-header__dots"
        aria-label={t('sub_step', { current: subStep, total: ID_SUB_STEPS })}
      >
        {Array.from({ length: ID_SUB_STEPS }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decoration
            key={i}
            className={i < subStep ? 'is-done' : undefined}
            aria-current={i + 1 === subStep ? 'step' : undefined}
          />
        ))}
      </ol>
    </header>
  );
}

export function PageState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('id');
  if (loading)
    return (
      <div className="page-fallback" role="status" aria-label={t('loading')}>
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  if (!error) return null;
  return (
    <div className="id-step-page id-step-error" role="alert">
      <p>{error instanceof Error && error.message ? error.message : t('load_failed')}</p>
      <button type="button" className="id-btn id-btn--ghost" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
