import type { ReopenReason } from '@hk/domain';
import { useTranslation } from '../lib/i18n';
import './reopened-notice.css';

/**
 * Why a confirmed step must be confirmed again (issue #5 §1: "the person is told why a step
 * reopened"): one text per reason, namespace `steps`, shown above the step's form.
 */
export function ReopenedNotice({ reason }: { reason: ReopenReason | null }) {
  return reason ? <ReasonText reason={reason} /> : null;
}

function ReasonText({ reason }: { reason: ReopenReason }) {
  // The namespace loads only when a step was reopened, and without suspending: the form beside it
  // stays on screen (and keeps what was typed) while the text arrives.
  const { t, ready } = useTranslation('steps', { useSuspense: false });
  if (!ready) return null;
  return (
    <section className="reopened-notice" role="note" aria-labelledby="reopened-notice-title">
      <h2 id="reopened-notice-title" className="reopened-notice__title">
        {t('reopened_title')}
      </h2>
      <p className="reopened-notice__text">{t(reason)}</p>
    </section>
  );
}
