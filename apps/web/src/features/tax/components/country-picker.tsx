import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../../components/ui';
import { currentLanguage } from '../../../lib/i18n';
import { useCountryList } from '../../id-step/api/get-country-list';
import { filterCountries } from '../../id-step/components/nationality-picker';

/**
 * A country or region from the list the ID step uses (the server's, CLDR names in the person's
 * language), in a searchable bottom sheet: the phone's picker rather than typing a code.
 */
export function CountryPicker({
  label,
  value,
  onChange,
  error,
  exclude = [],
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** Codes already chosen elsewhere (not offered again). */
  exclude?: readonly string[];
}) {
  const { t } = useTranslation('tax');
  const countries = useCountryList(currentLanguage());
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const id = useId();
  const list = countries.data ?? [];
  const selected = list.find((c) => c.code === value);
  const filtered = useMemo(
    () => filterCountries(list, deferred).filter((c) => c.code === value || !exclude.includes(c.code)),
    [list, deferred, exclude, value],
  );
  return (
    <div className="id-field">
      <span className="id-field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className="id-select"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${id}-value`}>{selected?.name ?? (value || t('country_placeholder'))}</span>
        <span aria-hidden="true">›</span>
      </button>
      {error ? (
        <p className="id-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyStyle={{ height: '80vh', display: 'flex', flexDirection: 'column' }}
        destroyOnClose
      >
        <div className="id-picker" role="dialog" aria-label={label}>
          <div className="id-picker__bar">
            <input
              className="id-input"
              type="search"
              aria-label={t('country_search')}
              placeholder={t('country_search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              enterKeyHint="search"
              autoComplete="off"
            />
            <button
              type="button"
              className="id-btn id-btn--ghost id-btn--small"
              onClick={() => setOpen(false)}
            >
              {t('close')}
            </button>
          </div>
          <ul className="id-picker__list">
            {filtered.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  className="id-picker__option"
                  aria-pressed={c.code === value}
                  onClick={() => {
                    onChange(c.code);
                    setOpen(false);
                    setQuery('');
                  }}
                >
                  {c.name}
                </button>
              </li>
            ))}
            {filtered.length === 0 ? <li className="id-picker__empty">{t('country_empty')}</li> : null}
          </ul>
        </div>
      </Popup>
    </div>
  );
}
