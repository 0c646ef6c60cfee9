import { ApplicationStatus, formatHongKongTime, type StepId } from '@hk/domain';
import type { ReturnedItem } from '@hk/domain/review/returned-contracts';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ROUTES } from '../../../lib/routes';
import { STEP_SCREENS } from '../../../lib/step-screens';
import { useReturned } from '../../../step-kit/api/returned';
import { ReturnedItemText } from '../../../step-kit/components/returned-notice';
import { PageState } from '../../../step-kit/components/step-header';
import { addFlowMessages } from '../../../step-kit/lib/flow-messages';
import { STEP_PATHS, stepTitleKey } from '../../../step-kit/lib/step-paths';
import '../../../step-kit/step-kit.css';
import '../../../step-kit/components/steps.css';
import './returned-page.css';

const NAMESPACES = ['steps', 'common', 'flow'] as const;

/** Where a returned step is changed: a returned ID photo opens the photos screen, the ID's answers its details. */
function screenOf(step: StepId, items: readonly ReturnedItem[]): string {
  if (step !== 'identity') return STEP_PATHS[step];
  return items.some((i) => i.kind === 'document')
    ? STEP_SCREENS.identity.more.photos.path
    : STEP_SCREENS.identity.more.details.path;
}

/**
 * /userinfo?state=refused (spec §2 edit flag, §4: status -1 goes here; issue #14): what staff
 * returned, step by step, each reason and the reviewer's comment in the person's language; a link
 * to change each step (state=refused kept), which comes back here once confirmed; and, when every
 * listed step is done again, 'submit modification' to the review, where it is sent.
 */
export default function ReturnedPage() {
  addFlowMessages();
  const { t, i18n } = useTranslation(NAMESPACES);
  const returned = useReturned();
  const navigate = useNavigate();
  const { search } = useLocation();
  const data = returned.isFetchedAfterMount ? returned.data : undefined;
  // re-submitted since, on this device or another: nothing is returned any more
  const notReturned = data !== undefined && data.status !== ApplicationStatus.REJECTED;
  useEffect(() => {
    if (notReturned) void navigate(ROUTES.usercenter.path, { replace: true });
  }, [notReturned, navigate]);

  if (!data || notReturned)
    return (
      <PageState loading={!returned.error} error={returned.error} onRetry={() => void returned.refetch()} />
    );

  const query = new URLSearchParams(search);
  query.set('state', 'refused');
  const allDone = data.steps.every((s) => s.confirmed);
  const returnedAt = data.returned_at
    ? (formatHongKongTime(data.returned_at, i18n.language, 'medium') ?? data.returned_at)
    : null;

  return (
    <main className="id-step-page step-page returned-page">
      <h1 className="id-step-header__title">{t('steps:returned_title')}</h1>
      <p className="id-intro">
        {returnedAt ? t('steps:returned_intro', { time: returnedAt }) : t('steps:returned_intro_no_time')}
      </p>
      <ol className="returned-steps">
        {data.steps.map((s) => {
          const items = data.items.filter((i) => i.step === s.step);
          // the ID step by its stage's name: its first screen's title (the ID's location) says less
          const title = s.step === 'identity' ? t('flow:stage_id') : t(`common:${stepTitleKey(s.step)}`);
          const headingId = `returned-${s.step}`;
          return (
            <li key={s.step} className="step-section returned-step" aria-labelledby={headingId}>
              <div className="returned-step__head">
                <h2 id={headingId} className="step-section__title">
                  {title}
                </h2>
                <span className={`returned-step__state ${s.confirmed ? 'is-done' : 'is-open'}`}>
                  {s.confirmed ? t('steps:returned_step_done') : t('steps:returned_step_open')}
                </span>
              </div>
              {items.length > 0 ? (
                <ul className="returned-step__items">
                  {items.map((item) => (
                    <li key={`${item.kind}:${item.document_kind ?? ''}`}>
                      <ReturnedItemText item={item} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="returned-step__items">{t('steps:returned_step_reopened')}</p>
              )}
              <Link
                className="id-btn returned-step__change"
                to={`${screenOf(s.step, items)}?${query}`}
                aria-label={t('steps:returned_change_step', { step: title })}
              >
                {s.confirmed ? t('steps:returned_view') : t('steps:returned_change')}
              </Link>
            </li>
          );
        })}
      </ol>
      <div className="step-submit">
        {allDone ? null : <p className="id-hint">{t('steps:returned_hint')}</p>}
        <button
          type="button"
          className="id-btn id-btn--primary"
          disabled={!allDone}
          onClick={() => void navigate(`${STEP_PATHS.review}?${query}`)}
        >
          {t('flow:submit_refused')}
        </button>
      </div>
    </main>
  );
}
