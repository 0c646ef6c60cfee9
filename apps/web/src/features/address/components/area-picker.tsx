import { checkMainlandArea, mainlandAreaNames, mainlandAreaOptions } from '@hk/domain/flow/mainland-areas';
import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { syncAntdLocale } from '../../../lib/antd-locale';
import { FieldError, useInputProps } from '../../steps/components/fields';

/**
 * The mainland area (spec §3 address form: province, city, county on 6-digit codes) with antd-mobile's
 * CascadePicker. The lists come from the domain (@vant/area-data, in this screen's chunk): the form's
 * schema checks the codes against the same data, so fetching /app/area/query as well would download
 * them twice. spec §5: a selection with any empty code is refused ('area empty'), at the field.
 */
export function AreaPicker({ prefix }: { prefix: '' | 'corr_' }) {
  const { t } = useTranslation('address');
  const { control, setValue, setError, clearErrors } = useFormContext();
  const names = [`${prefix}province_code`, `${prefix}city_code`, `${prefix}county_code`] as const;
  const codes = useWatch({ control, name: [...names] }) as (string | undefined)[];
  const [visible, setVisible] = useState(false);
  const options = useMemo(() => mainlandAreaOptions(), []);
  const field = `${prefix}area`;
  const aria = useInputProps(field);
  const [p, c, k] = codes;
  // one array per selection: a new one on every render would reset the open picker's wheel
  const selected = useMemo(() => [p, c, k].filter((v): v is string => Boolean(v)), [p, c, k]);
  const label = mainlandAreaNames({ province_code: p, city_code: c, county_code: k }).join(' ');
  const labelId = `${aria.id}-label`;

  return (
    <div className="id-field">
      <span className="id-field__label" id={labelId}>
        {t('area_label')}
      </span>
      <button
        type="button"
        className="id-select address-area"
        id={aria.id}
        aria-labelledby={`${labelId} ${aria.id}-value`}
        aria-haspopup="dialog"
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        onClick={() => {
          void syncAntdLocale();
          setVisible(true);
        }}
      >
        <span id={`${aria.id}-value`}>{label || t('area_placeholder')}</span>
        <span aria-hidden="true">›</span>
      </button>
      <FieldError name={field} />
      <CascadePicker
        title={t('area_picker_title')}
        options={options}
        visible={visible}
        value={selected}
        onClose={() => setVisible(false)}
        onConfirm={(value) => {
          const [province, city, county] = value.map((v) => (v ? String(v) : ''));
          const selection = { province_code: province, city_code: city, county_code: county };
          const problem = checkMainlandArea(selection);
          // spec §5: the picker refuses a selection with an empty code; nothing is taken from it
          if (problem) {
            setError(field, { type: 'area', message: problem });
            return;
          }
          clearErrors(field);
          setValue(names[0], province, { shouldDirty: true });
          setValue(names[1], city, { shouldDirty: true });
          setValue(names[2], county, { shouldDirty: true });
        }}
      />
    </div>
  );
}
