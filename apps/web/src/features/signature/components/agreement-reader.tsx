import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { useModalFocus } from '../../../components/ui/use-modal-focus';
import { useTranslation } from '../../../lib/i18n';
import type { AgreementDoc } from '../api/signature-api';

/** One document, full screen, as the server rendered it; opening it is what enables its checkbox. */
export function AgreementReader({ doc, onClose }: { doc: AgreementDoc | null; onClose: () => void }) {
  const { t } = useTranslation('signature');
  const titleId = useId();
  // issue #16: focus on the text when it opens (arrow keys scroll it), kept inside, Escape closes
  const dialogRef = useModalFocus<HTMLDivElement>(onClose, '.agreement-reader__body');
  return (
    <Popup
      visible={doc !== null}
      onClose={onClose}
      position="right"
      destroyOnClose
      bodyClassName="agreement-popup"
    >
      {doc ? (
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="agreement-reader"
          lang={doc.language}
        >
          <header className="agreement-reader__header">
            <h1 id={titleId}>{doc.title}</h1>
            <button type="button" className="agreement-reader__close" onClick={onClose}>
              {t('close')}
            </button>
          </header>
          {/* a scrollable region takes the focus so the keyboard can scroll it (WCAG 2.1.1) */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling text must be reachable by keyboard */}
          <article className="agreement-reader__body" tabIndex={0} aria-labelledby={titleId}>
            <p className="agreement-reader__version">{t('version', { version: doc.version })}</p>
            {doc.sections.map((s) => (
              <section key={s.heading}>
                <h2>{s.heading}</h2>
                {s.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </section>
            ))}
            <p className="agreement-reader__hash">SHA-256 {doc.sha256}</p>
          </article>
          <footer className="agreement-reader__footer">
            <button type="button" className="id-btn id-btn--primary" onClick={onClose}>
              {t('done_reading')}
            </button>
          </footer>
        </div>
      ) : null}
    </Popup>
  );
}
