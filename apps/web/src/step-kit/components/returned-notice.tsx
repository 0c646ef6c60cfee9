import type { StepId } from '@hk/domain';
import type { ReturnedItem } from '@hk/domain/review/returned-contracts';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { usePageFlags } from '../../lib/page-flags';
import { useReturned } from '../api/returned';
import '../../components/reopened-notice.css';

/** The reasons and the reviewer's comment of one returned item, as a sentence list. */
export function ReturnedItemText({ item }: { item: ReturnedItem }) {
  const { t } = useTranslation('steps', { useSuspense: false });
  return (
    <>
      <span className="returned-item__label">{item.label}</span>
      {item.reasons.length > 0
        ? `${t('returned_label_separator')}${item.reasons.join(t('returned_reason_separator'))}`
        : ''}
      {item.comment ? (
        <span className="returned-item__comment"> {t('returned_comment', { comment: item.comment })}</span>
      ) : null}
    </>
  );
}

/**
 * On a step of an application staff returned for changes (state=refused, issue #14): what was
 * returned on this step and why, above the form. Nothing on other screens or other steps.
 */
export function ReturnedNotice({ step }: { step: StepId }) {
  const { isEdit } = usePageFlags();
  const returned = useReturned(isEdit);
  const { t, ready } = useTranslation('steps', { useSuspense: false });
  const titleId = useId();
  const items = (returned.data?.items ?? []).filter((i) => i.step === step);
  if (!isEdit || !ready || items.length === 0) return null;
  return (
    <section className="reopened-notice returned-notice" role="note" aria-labelledby={titleId}>
      <h2 id={titleId} className="reopened-notice__title">
        {t('returned_notice_title')}
      </h2>
      <ul className="returned-notice__items">
        {items.map((item) => (
          <li key={`${item.kind}:${item.document_kind ?? item.step}`}>
            <ReturnedItemText item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Why the document a tile shows was returned ("at the field"), while it still shows that file: a
 * new photo of the kind clears it. Undefined outside a refused application.
 */
export function useReturnedDocument(documentId: string | undefined): ReturnedItem | undefined {
  const { isEdit } = usePageFlags();
  const returned = useReturned(isEdit);
  if (!isEdit || !documentId) return undefined;
  return returned.data?.items.find((i) => i.kind === 'document' && i.document_id === documentId);
}

/** A returned photo's reasons under its tile (the 'steps' texts load only when there is one). */
export function ReturnedTileText({
  id,
  item,
  what = 'photo',
}: {
  id: string;
  item: ReturnedItem;
  /** What is to be done again: a photo taken, a file replaced, a video recorded. */
  what?: 'photo' | 'file' | 'video';
}) {
  const { t, ready } = useTranslation('steps', { useSuspense: false });
  if (!ready) return null;
  return (
    <p className="id-tile__returned" id={id}>
      {t(`returned_${what}`, { reasons: item.reasons.join(t('returned_reason_separator')) })}
      {item.comment ? (
        <span className="returned-item__comment">{t('returned_comment', { comment: item.comment })}</span>
      ) : null}
    </p>
  );
}
