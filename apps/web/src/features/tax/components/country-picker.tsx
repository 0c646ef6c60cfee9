import { useTranslation } from '../../../lib/i18n';
import { CountryPicker as SharedCountryPicker } from '../../../step-kit/components/nationality-picker';

/**
 * A country or region of tax residency: the ID step's country picker (the server's list, CLDR names
 * in the person's language, searchable, in a bottom sheet) with the tax step's texts.
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
  return (
    <SharedCountryPicker
      value={value}
      onChange={onChange}
      error={error}
      exclude={exclude}
      texts={{
        label,
        placeholder: t('country_placeholder'),
        search: t('country_search'),
        empty: t('country_empty'),
        close: t('close'),
      }}
    />
  );
}
