import {
  DERIVATIVES_DETAIL_FIELDS,
  DERIVATIVES_DETAIL_MAX,
  DERIVATIVES_KNOWLEDGE_WAYS,
} from '@hk/domain/steps/investment/form';
import { type Control, type UseFormRegister, useController } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FieldError, TextField, useInputProps } from '../../../step-kit/components/fields';
import type { InvestmentValues } from '../lib/investment-values';

/**
 * SFC Code of Conduct 5.1A: the ways the person can show knowledge of derivatives, each with what it
 * rests on, or "none of these" (which clears the ways, and a way clears it).
 */
export function DerivativesField({
  control,
  register,
}: {
  control: Control<InvestmentValues>;
  register: UseFormRegister<InvestmentValues>;
}) {
  const { t } = useTranslation('investment');
  const ways = useController({ control, name: 'derivatives_knowledge' });
  const none = useController({ control, name: 'no_derivatives_knowledge' });
  const aria = useInputProps('derivatives_knowledge');
  const ticked: string[] = Array.isArray(ways.field.value) ? ways.field.value : [];
  const toggle = (way: string, on: boolean) => {
    ways.field.onChange(on ? [...ticked.filter((w) => w !== way), way] : ticked.filter((w) => w !== way));
    if (on) none.field.onChange(false);
  };
  return (
    <fieldset className="id-field step-multi" id={aria.id} aria-describedby={aria['aria-describedby']}>
      <legend className="id-field__label">{t('derivatives_question')}</legend>
      <p className="id-hint">{t('derivatives_hint')}</p>
      {DERIVATIVES_KNOWLEDGE_WAYS.map((way) => {
        const on = ticked.includes(way);
        const detail = DERIVATIVES_DETAIL_FIELDS[way];
        return (
          <div key={way} className="investment-way">
            <label className={`id-check step-multi__option${on ? ' is-selected' : ''}`}>
              <input
                type="checkbox"
                value={way}
                checked={on}
                onChange={(e) => toggle(way, e.target.checked)}
                onBlur={ways.field.onBlur}
              />
              <span>{t(`way_${way}`)}</span>
            </label>
            {on ? (
              <TextField
                register={register}
                name={detail}
                label={t(`detail_${way}`)}
                maxLength={way === 'transactions' ? 6 : DERIVATIVES_DETAIL_MAX}
                {...(way === 'transactions' ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})}
              />
            ) : null}
          </div>
        );
      })}
      <label className={`id-check step-multi__option${none.field.value ? ' is-selected' : ''}`}>
        <input
          type="checkbox"
          checked={none.field.value === true}
          onChange={(e) => {
            none.field.onChange(e.target.checked);
            if (e.target.checked) ways.field.onChange([]);
          }}
          onBlur={none.field.onBlur}
        />
        <span>{t('way_none')}</span>
      </label>
      <FieldError name="derivatives_knowledge" />
    </fieldset>
  );
}
