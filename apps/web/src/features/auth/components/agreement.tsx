import { Suspense, useId, useState } from 'react';
import { LEGAL_DOCUMENTS, type LegalDocumentId, LegalDocumentPopup } from '../../../components/legal';
import { useTranslation } from '../../../lib/i18n';

export interface AgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** spec §2: the agreement checkbox with its four documents, each opened full screen. */
export function Agreement({ checked, onChange }: AgreementProps) {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState<LegalDocumentId | null>(null);
  const [mounted, setMounted] = useState(false);
  const id = useId();
  const titles: Record<LegalDocumentId, string> = {
    'user-agreement': t('doc_user_agreement'),
    disclaimer: t('doc_disclaimer'),
    'privacy-guideline': t('doc_privacy_guideline'),
    'personal-data-collection-statement': t('doc_personal_data_collection_statement'),
  };
  return (
    <div className="agreement">
      {/* The 44 px box around the 20 px checkbox is its tap area. */}
      <label className="agreement-box">
        <input
          id={id}
          type="checkbox"
          className="agreement-checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-label={t('agreement_checkbox')}
        />
      </label>
      <p className="agreement-text">
        <label htmlFor={id}>{t('agreement_prefix')}</label>
        {LEGAL_DOCUMENTS.map((doc) => (
          <button
            key={doc}
            type="button"
            className="doc-link"
            onClick={() => {
              setMounted(true);
              setOpen(doc);
            }}
          >
            {t('doc_link', { title: titles[doc] })}
          </button>
        ))}
      </p>
      {mounted && (
        <Suspense fallback={null}>
          <LegalDocumentPopup id={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
