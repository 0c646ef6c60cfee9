import { useTranslation } from '../../../lib/i18n';
import { AreaSelects } from '../../../step-kit/components/area-selects';

/**
 * The mainland area (spec §3 address form: province, city, county on 6-digit codes) as three native
 * selects (issue #16: antd-mobile's CascadePicker could not be used by keyboard nor read in the page's
 * language). The lists come from the domain (@vant/area-data, in this screen's chunk): the form's
 * schema checks the codes against the same data. spec §5: a selection with any empty code is refused
 * ('area empty'): the error is the `area` field's, said and focused at the first level not chosen.
 */
export function AreaPicker({ prefix }: { prefix: '' | 'corr_' }) {
  const { t } = useTranslation('address');
  return (
    <AreaSelects
      legend={t('area_label')}
      errorName={`${prefix}area`}
      requiredError="address_area_required"
      levels={[
        {
          name: `${prefix}province_code`,
          label: t('province_label'),
          placeholder: t('province_placeholder'),
          missing: t('province_missing'),
        },
        {
          name: `${prefix}city_code`,
          label: t('city_label'),
          placeholder: t('city_placeholder'),
          missing: t('city_missing'),
        },
        {
          name: `${prefix}county_code`,
          label: t('county_label'),
          placeholder: t('county_placeholder'),
          missing: t('county_missing'),
        },
      ]}
    />
  );
}
