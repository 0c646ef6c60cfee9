import { type Language, pickLanguage } from '@hk/domain';
import {
  ANNUAL_INCOME_BANDS,
  ASSET_CLASSES,
  INCOME_SOURCES,
  NET_ASSET_BANDS,
} from '@hk/domain/steps/financial/financial-bands';
import { FUNDS_SOURCES, financialForm } from '@hk/domain/steps/financial/form';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import type { StepInfo } from '../../../step-kit/api/step-api';
import {
  MultiChoiceField,
  SelectField,
  StepForm,
  StepSubmit,
  TextField,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { bandLabel } from '../lib/band-labels';

export interface FinancialValues {
  annual_income: string;
  net_assets: string;
  income_sources: string[];
  asset_classes: string[];
  funds_source: string;
  funds_source_other: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The answers sent: empty choices left out (a draft keeps what is chosen so far), "other" only with its words. */
export function financialAnswersOf(v: FinancialValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {
    income_sources: v.income_sources,
    asset_classes: v.asset_classes,
  };
  if (v.annual_income) answers.annual_income = v.annual_income;
  if (v.net_assets) answers.net_assets = v.net_assets;
  if (v.funds_source) answers.funds_source = v.funds_source;
  if (v.funds_source === 'other' && v.funds_source_other?.trim())
    answers.funds_source_other = v.funds_source_other.trim();
  return answers;
}

// The schema takes no context (financial rules look at no other step).
const schema = financialForm.schema({ today: '', facts: { markets: [], answers: {} }, documentCounts: {} });

function FinancialForm({ info }: { info: StepInfo }) {
  const { t, i18n } = useTranslation('financial');
  const lang = pickLanguage(i18n.language) as Language;
  const { state } = usePageFlags();
  const { form, onSubmit, submitting, formError } = useStepForm<FinancialValues>({
    step: 'financial',
    info,
    schema,
    toValues: (i) => ({
      annual_income: text(i.answers.annual_income),
      net_assets: text(i.answers.net_assets),
      income_sources: list(i.answers.income_sources),
      asset_classes: list(i.answers.asset_classes),
      funds_source: text(i.answers.funds_source),
      funds_source_other: text(i.answers.funds_source_other),
    }),
    toAnswers: financialAnswersOf,
  });
  const fundsSource = form.watch('funds_source');
  const incomeBands = useMemo(
    () => ANNUAL_INCOME_BANDS.map((b, i) => ({ value: b.id, label: bandLabel(b, i, t, lang) })),
    [t, lang],
  );
  const assetBands = useMemo(
    () => NET_ASSET_BANDS.map((b, i) => ({ value: b.id, label: bandLabel(b, i, t, lang) })),
    [t, lang],
  );
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <SelectField
        register={form.register}
        name="annual_income"
        label={t('annual_income')}
        options={incomeBands}
        placeholder={t('choose')}
      />
      <SelectField
        register={form.register}
        name="net_assets"
        label={t('net_assets')}
        options={assetBands}
        placeholder={t('choose')}
      />
      <MultiChoiceField
        control={form.control}
        name="income_sources"
        label={t('income_sources')}
        hint={t('several')}
        options={INCOME_SOURCES.map((v) => ({ value: v, label: t(`income_source_${v}`) }))}
      />
      <MultiChoiceField
        control={form.control}
        name="asset_classes"
        label={t('asset_classes')}
        hint={t('several')}
        options={ASSET_CLASSES.map((v) => ({ value: v, label: t(`asset_class_${v}`) }))}
      />
      <SelectField
        register={form.register}
        name="funds_source"
        label={t('funds_source')}
        options={FUNDS_SOURCES.map((v) => ({ value: v, label: t(`funds_source_${v}`) }))}
        placeholder={t('choose')}
      />
      {fundsSource === 'other' ? (
        <TextField
          register={form.register}
          name="funds_source_other"
          label={t('funds_source_other_details')}
          maxLength={200}
        />
      ) : null}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

/** Financial situation (spec §3, issue #6 step 5): income and net-asset bands in HKD, sources, assets, funds. */
export default function FinancialPage() {
  const { t } = useTranslation(['common', 'financial']);
  return (
    <StepPage step="financial" title={t('title_financial')} intro={t('financial:intro')}>
      {(info) => <FinancialForm info={info} />}
    </StepPage>
  );
}
