import { EXPERIENCE_YEARS, INVESTMENT_PRODUCTS, INVESTMENT_PURPOSES } from '@hk/domain/steps/investment/form';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import type { StepInfo } from '../../../step-kit/api/step-api';
import { MultiChoiceField, SelectField, StepForm, StepSubmit } from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import {
  checkValuesNeedRiskCall,
  type InvestmentValues,
  investmentAnswersOf,
  investmentValuesOf,
  investmentValuesSchema,
} from '../lib/investment-values';
import { DerivativesField } from './derivatives-field';
import { RiskCallBooking } from './risk-call-booking';
import '../investment.css';

const schema = investmentValuesSchema();

function InvestmentForm({ info }: { info: StepInfo }) {
  const { t } = useTranslation('investment');
  const { state } = usePageFlags();
  const { form, onSubmit, submitting, formError, saveDraftNow } = useStepForm<InvestmentValues>({
    step: 'investment',
    info,
    schema: schema as never,
    toValues: investmentValuesOf,
    toAnswers: investmentAnswersOf,
    // spec §4: under a year in everything, the step is confirmed once the call is booked
    check: (v): Record<string, string> =>
      checkValuesNeedRiskCall(v) && !v.appointment ? { appointment: 'appointment_required' } : {},
  });
  const experience = form.watch('experience');
  const needsCall = checkValuesNeedRiskCall({ experience });
  const years = useMemo(() => EXPERIENCE_YEARS.map((y) => ({ value: y, label: t(`years_${y}`) })), [t]);
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <MultiChoiceField
        control={form.control}
        name="purposes"
        label={t('purposes')}
        hint={t('several')}
        options={INVESTMENT_PURPOSES.map((p) => ({ value: p, label: t(`purpose_${p}`) }))}
      />
      <section className="step-section">
        <h2 className="step-section__title">{t('experience_title')}</h2>
        <p className="id-hint">{t('experience_hint')}</p>
        {INVESTMENT_PRODUCTS.map((p) => (
          <SelectField
            key={p}
            register={form.register}
            name={`experience.${p}`}
            label={t(`product_${p}`)}
            options={years}
            placeholder={t('choose', { ns: 'flow' })}
          />
        ))}
      </section>
      <DerivativesField control={form.control} register={form.register} />
      {needsCall ? <RiskCallBooking saveDraftNow={saveDraftNow} /> : null}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

/** Investment purpose, experience and derivatives knowledge (spec §3, §4; issue #6 step 8). */
export default function InvestmentPage() {
  const { t } = useTranslation(['common', 'investment']);
  return (
    <StepPage step="investment" title={t('title_investment')} intro={t('investment:intro')}>
      {(info) => <InvestmentForm info={info} />}
    </StepPage>
  );
}
