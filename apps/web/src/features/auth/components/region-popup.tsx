import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { RegionOption } from '../api/get-region-list';

export interface RegionPopupProps {
  visible: boolean;
  regions: RegionOption[];
  value: string;
  onSelect: (code: string) => void;
  onClose: () => void;
}

/** The list of phone regions (spec §3), loaded with the first tap on the region selector. */
export default function RegionPopup({ visible, regions, value, onSelect, onClose }: RegionPopupProps) {
  const { t } = useTranslation('login');
  const titleId = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="region-popup">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="popup-header">
          <h2 id={titleId}>{t('region_title')}</h2>
          <button type="button" className="popup-close" onClick={onClose}>
            {t('common:cancel')}
          </button>
        </header>
        <div role="listbox" aria-labelledby={titleId} className="region-list">
          {regions.map((r) => (
            <div
              key={r.code}
              role="option"
              tabIndex={0}
              aria-selected={r.code === value}
              className="region-option"
              onClick={() => onSelect(r.code)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(r.code);
                }
              }}
            >
              <span>{r.name}</span> <span className="region-dial">+{r.dial}</span>
            </div>
          ))}
        </div>
      </div>
    </Popup>
  );
}
