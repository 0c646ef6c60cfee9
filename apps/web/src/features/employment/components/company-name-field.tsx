import { type Language, pickLanguage } from '@hk/domain';
import { useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FieldError, useInputProps } from '../../../step-kit/components/fields';
import { useCompanyNames } from '../api/get-company-names';

/**
 * The employer's name, typed, with suggestions from the broker's list of companies
 * (company_name_list) while typing: a tap fills the name in; anything else typed is kept as it is
 * (the list only helps, an employer need not be on it).
 */
export function CompanyNameField<V extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
}) {
  const { t, i18n } = useTranslation('employment');
  const lang = pickLanguage(i18n.language) as Language;
  const { field } = useController({ control, name });
  const aria = useInputProps(name);
  const value = typeof field.value === 'string' ? field.value : '';
  const [open, setOpen] = useState(false);
  const suggestions = useCompanyNames(open ? value : '', lang);
  const items = (open && value.trim() ? (suggestions.data ?? []) : []).filter((s) => s.name !== value);
  const listId = `${aria.id}-suggestions`;
  return (
    <div className="id-field company-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {label}
      </label>
      <input
        className="id-input"
        type="text"
        autoComplete="off"
        maxLength={200}
        // issue #16: only while the list is there (a reference to nothing confuses screen readers)
        aria-controls={items.length > 0 ? listId : undefined}
        name={field.name}
        ref={field.ref}
        value={value}
        onChange={(e) => {
          field.onChange(e.target.value);
          setOpen(true);
        }}
        onBlur={field.onBlur}
        {...aria}
      />
      {items.length > 0 ? (
        <ul className="company-field__list" id={listId} aria-label={t('suggestions')}>
          {items.map((s) => (
            <li key={`${s.en}|${s.name}`}>
              <button
                type="button"
                className="company-field__option"
                onClick={() => {
                  field.onChange(s.name);
                  setOpen(false);
                }}
              >
                <span className="company-field__name">{s.name}</span>
                {s.codes.length ? <span className="company-field__code">{s.codes.join(' · ')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError name={name} />
      <p className="id-hint">{t('company_name_hint')}</p>
    </div>
  );
}
