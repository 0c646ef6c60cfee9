import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../../components/ui';
import { currentLanguage } from '../../../lib/i18n';
import { type Country, useCountryList } from '../api/get-country-list';

/** Searchable list of every country, named in the current language (server list, CLDR fallback). */
export function NationalityPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (code: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('id');
  const lang = currentLanguage();
  const countries = useCountryList(lang);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const errorId = useId();
  const list = countries.data ?? [];
  const selected = list.find((c) => c.code === value);
  const filtered = useMemo(() => filterCountries(list, deferred), [list, deferred]);

  return (
    <div className="id-field">
      <span className="id-field__label" id={`${errorId}-label`}>
        {t('nationality_label')}
      </span>
      <button
        type="button"
        className="id-select"
        aria-labelledby={`${errorId}-label ${errorId}-value`}
        aria-haspopup="dialog"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${errorId}-value`}>{selected?.name ?? value ?? t('nationality_placeholder')}</span>
        <span aria-hidden="true">›</span>
      </button>
      {error && (
        <p className="id-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyStyle={{ height: '80vh', display: 'flex', flexDirection: 'column' }}
        destroyOnClose
      >
        <div className="id-picker" role="dialog" aria-label={t('nationality_label')}>
          <div className="id-picker__bar">
            <input
              className="id-input"
              type="search"
              aria-label={t('nationality_search')}
              placeholder={t('nationality_search')}
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
            {filtered.length === 0 && <li className="id-picker__empty">{t('nationality_empty')}</li>}
          </ul>
        </div>
      </Popup>
    </div>
  );
}

/** Matches the name (case- and accent-insensitive) or the ISO code. */
export function filterCountries(list: Country[], query: string): Country[] {
  const q = fold(query.trim());
  if (!q) return list;
  return list.filter((c) => fold(c.name).includes(q) || c.code.toLowerCase() === q);
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
