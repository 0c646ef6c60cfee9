import { lazy, Suspense, useState } from 'react';
import { LanguageToggle } from '../../../components/language-toggle';
import { SecuritiesNotice } from '../../../components/securities-notice';
import { useTranslation } from '../../../lib/i18n';
import { loadOverlayBase } from '../../../lib/toast';

const SamplesGallery = lazy(() => loadOverlayBase().then(() => import('./samples-gallery')));

// public/samples: drawings of a fictional ID card and bank card.
const SAMPLES = [
  { key: 'id_card', src: '/samples/id-card.svg' },
  { key: 'bank_card', src: '/samples/bank-card.svg' },
] as const;

/** spec §2 login footer: what to prepare (with sample images), the firm's notice, languages. */
export function LoginFooter() {
  const { t } = useTranslation('login');
  const [index, setIndex] = useState<number | null>(null);
  const [mounted, setMounted] = useState(false);
  const labels = { id_card: t('prepare_id_card'), bank_card: t('prepare_bank_card') };
  return (
    <footer className="login-footer">
      <section className="prepare" aria-labelledby="prepare-title">
        <h2 id="prepare-title">{t('prepare_title')}</h2>
        <ul className="prepare-list">
          {SAMPLES.map((s, i) => (
            <li key={s.key}>
              <button
                type="button"
                className="sample-thumb"
                aria-label={t('view_sample', { name: labels[s.key] })}
                onClick={() => {
                  setMounted(true);
                  setIndex(i);
                }}
              >
                {/* not lazy: on a phone they are in the first screen, painted from the prerendered
                    HTML (decision 029), and the largest thing in it */}
                <img src={s.src} alt="" width={120} height={76} />
              </button>
              <span>{labels[s.key]}</span>
            </li>
          ))}
        </ul>
        <p className="prepare-hint">{t('prepare_hint')}</p>
      </section>
      <SecuritiesNotice />
      <LanguageToggle />
      {mounted && (
        <Suspense fallback={null}>
          <SamplesGallery images={SAMPLES.map((s) => s.src)} index={index} onClose={() => setIndex(null)} />
        </Suspense>
      )}
    </footer>
  );
}
