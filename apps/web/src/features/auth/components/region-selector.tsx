import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { loadOverlayBase } from '../../../lib/toast';
import type { RegionOption } from '../api/get-region-list';

const RegionPopup = lazy(() => loadOverlayBase().then(() => import('./region-popup')));

export interface RegionSelectorProps {
  regions: RegionOption[];
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}

/** The phone region before the number (spec §2, default HK), shown as its dial code. */
export function RegionSelector({ regions, value, onChange, disabled }: RegionSelectorProps) {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const current = regions.find((r) => r.code === value);
  return (
    <>
      <button
        type="button"
        className="region-selector"
        aria-haspopup="dialog"
        aria-label={t('region_selector', { name: current?.name ?? value, dial: current?.dial ?? '' })}
        disabled={disabled}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        +{current?.dial ?? ''}
        <span className="caret" aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <RegionPopup
            visible={open}
            regions={regions}
            value={value}
            onClose={() => setOpen(false)}
            onSelect={(code) => {
              setOpen(false);
              onChange(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
