import { useTranslation } from '../lib/i18n';

/** The broker's mark: a harbour peak over water, drawn inline so it needs no request. */
export function BrandLogo({ size = 48 }: { size?: number }) {
  const { t } = useTranslation('common');
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role="img"
      aria-label={t('logo_label')}
      className="brand-logo"
    >
      <rect width="48" height="48" rx="12" fill="var(--adm-color-primary)" />
      <path d="M8 32 L19 15 L25 24 L30 18 L40 32 Z" fill="#fff" />
      <path
        d="M8 36 Q14 33 20 36 T32 36 T40 36"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Logo, broker name and slogan at the top of the login screen. */
export function BrandHeader() {
  const { t } = useTranslation('common');
  return (
    <header className="brand-header">
      <BrandLogo />
      <div>
        <p className="brand-name">{t('broker_name')}</p>
        <p className="brand-slogan">{t('slogan')}</p>
      </div>
    </header>
  );
}
