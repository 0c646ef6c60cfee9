import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Popup } from '../../components/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n';
import { type Country, useCountryList } from '../api/get-country-list';

/** The texts of a country picker, in the caller's namespace. */
export interface CountryPickerTexts {
  label: string;
  placeholder: string;
  search: string;
  empty: string;
  close: string;
}

/**
 * Searchable list of every country, named in the current language (server list, CLDR fallback), in
 * a bottom sheet: the ID step's nationality and the tax step's residencies use it.
 */
export function CountryPicker({
  texts,
  value,
  onChange,
  error,
  exclude = [],
}: {
  texts: CountryPickerTexts;
  value: string | null;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** Codes already chosen elsewhere (not offered again; the current value stays). */
  exclude?: readonly string[];
}) {
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
        {texts.label}
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
        <span id={`${id}-value`}>{selected?.name ?? (value || texts.placeholder)}</span>
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
        <div className="id-picker" role="dialog" aria-label={texts.label}>
          <div className="id-picker__bar">
            <input
              className="id-input"
              type="search"
              aria-label={texts.search}
              placeholder={texts.search}
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
              {texts.close}
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
            {filtered.length === 0 ? <li className="id-picker__empty">{texts.empty}</li> : null}
          </ul>
        </div>
      </Popup>
    </div>
  );
}

/** The ID step's nationality (passport holders). */
export function NationalityPicker(props: {
  value: string | null;
  onChange: (code: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('id');
  return (
    <CountryPicker
      {...props}
      texts={{
        label: t('nationality_label'),
        placeholder: t('nationality_placeholder'),
        search: t('nationality_search'),
        empty: t('nationality_empty'),
        close: t('close'),
      }}
    />
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
