import { useQuery } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useModalFocus } from '../../ui/use-modal-focus';
import type { LegalDocumentId } from '../documents';
import { loadLegalDocument } from './load-document';

export interface LegalDocumentPopupProps {
  id: LegalDocumentId | null;
  onClose: () => void;
}

/** One of the four agreement documents, full screen (spec §2 login agreement links). */
export default function LegalDocumentPopup({ id, onClose }: LegalDocumentPopupProps) {
  const { t, i18n } = useTranslation('legal');
  const lang = currentLanguage();
  const titleId = useId();
  // issue #16: focus on the text when it opens, kept inside, Escape closes, back to the link after
  const dialogRef = useModalFocus<HTMLDivElement>(onClose, '.legal-body');
  const doc = useQuery({
    queryKey: ['legal', lang, id],
    queryFn: () => loadLegalDocument(lang, id!),
    enabled: id !== null,
    staleTime: Infinity,
  });

  return (
    <Popup
      visible={id !== null}
      onClose={onClose}
      position="right"
      destroyOnClose
      bodyClassName="legal-popup"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="legal-dialog"
        lang={i18n.language}
      >
        <header className="legal-header">
          <h1 id={titleId}>{doc.data?.title ?? t('loading')}</h1>
          <button type="button" className="legal-close" onClick={onClose}>
            {t('close')}
          </button>
        </header>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling text must be reachable by keyboard */}
        <article className="legal-body" tabIndex={0} aria-labelledby={titleId}>
          {doc.isError && <p role="alert">{t('load_failed')}</p>}
          {doc.isPending && id !== null && (
            <p role="status" className="legal-loading">
              {t('loading')}
            </p>
          )}
          {doc.data && (
            <>
              <p className="legal-effective">{doc.data.effective}</p>
              {doc.data.sections.map((s) => (
                <section key={s.heading}>
                  <h2>{s.heading}</h2>
                  {s.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </section>
              ))}
            </>
          )}
        </article>
        <footer className="legal-footer">
          <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
            {t('done')}
          </button>
        </footer>
      </div>
    </Popup>
  );
}
