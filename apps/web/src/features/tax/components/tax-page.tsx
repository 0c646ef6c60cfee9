import type { TaxPrefill } from '@hk/domain/steps/tax/contracts';
import { checkUsPerson, crsFormSchema, MAX_TAX_RESIDENCIES, NO_TIN_REASONS } from '@hk/domain/steps/tax/crs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import type { StepInfo } from '../../../step-kit/api/step-api';
import {
  FieldError,
  StepForm,
  StepSubmit,
  useFieldError,
  YesNoField,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { taxPrefillQueryKey, useTaxPrefill } from '../api/get-tax-prefill';
import { CountryPicker } from './country-picker';
import { W8benPreview } from './w8ben-preview';
import './tax.css';

export interface ResidencyValues {
  country: string;
  /** 'tin': a TIN (typed, taken from the ID, or the one saved before); 'reason': none, with a reason. */
  mode: 'tin' | 'reason';
  tin: string;
  /** The TIN is the ID number the server holds sealed: only this flag travels. */
  tin_from_id: boolean;
  /** The TIN saved before, masked: sent back as it is, the server keeps the sealed one. */
  tin_masked: string;
  tin_reason: string;
  tin_reason_explanation: string;
}

export interface TaxValues {
  tax_residencies: ResidencyValues[];
  us_citizen?: boolean | undefined;
  us_green_card?: boolean | undefined;
  us_born?: boolean | undefined;
  citizenship: string;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

export function emptyResidency(country = ''): ResidencyValues {
  return {
    country,
    mode: 'tin',
    tin: '',
    tin_from_id: false,
    tin_masked: '',
    tin_reason: '',
    tin_reason_explanation: '',
  };
}

/** The form's values from the saved answers; a first visit starts with the residency the ID gives. */
export function taxValuesOf(answers: Row, prefill: TaxPrefill | null): TaxValues {
  const saved = Array.isArray(answers.tax_residencies) ? (answers.tax_residencies as Row[]) : [];
  const residencies: ResidencyValues[] = saved.map((r) => ({
    ...emptyResidency(str(r.country)),
    mode: r.tin_reason ? 'reason' : 'tin',
    tin_from_id: r.tin_from_id === true,
    tin_masked: str(r.tin_masked),
    tin_reason: str(r.tin_reason),
    tin_reason_explanation: str(r.tin_reason_explanation),
  }));
  if (residencies.length === 0)
    residencies.push(
      prefill?.tin_from_id
        ? { ...emptyResidency(prefill.tin_from_id.country), tin_from_id: true }
        : emptyResidency(),
    );
  return {
    tax_residencies: residencies,
    us_citizen: bool(answers.us_citizen),
    us_green_card: bool(answers.us_green_card),
    us_born: bool(answers.us_born),
    citizenship: str(answers.citizenship),
  };
}

/** The answers the server takes (docs/api/steps/tax.md): one of TIN, ID flag, kept mask or reason. */
export function taxAnswersOf(v: TaxValues): Record<string, unknown> {
  return {
    tax_residencies: v.tax_residencies.map((r) => {
      const row: Row = { country: r.country };
      if (r.mode === 'reason') {
        if (r.tin_reason) row.tin_reason = r.tin_reason;
        if (r.tin_reason === 'B') row.tin_reason_explanation = r.tin_reason_explanation;
      } else if (r.tin_from_id) row.tin_from_id = true;
      else if (r.tin.trim()) row.tin = r.tin;
      else if (r.tin_masked) row.tin_masked = r.tin_masked;
      return row;
    }),
    us_citizen: v.us_citizen,
    us_green_card: v.us_green_card,
    us_born: v.us_born,
    ...(v.citizenship ? { citizenship: v.citizenship } : {}),
  };
}

function ResidencyFields({
  index,
  prefill,
  taken,
  onRemove,
}: {
  index: number;
  prefill: TaxPrefill | null;
  taken: string[];
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation('tax');
  const base = `tax_residencies.${index}` as const;
  const row = useWatch<TaxValues>({ name: base }) as ResidencyValues;
  const countryError = useFieldError(`${base}.country`);
  const fromId =
    prefill?.tin_from_id && prefill.tin_from_id.country === row.country ? prefill.tin_from_id : null;
  return (
    <fieldset className="step-section tax-residency">
      <legend className="step-section__title">{t('residency_n', { n: index + 1 })}</legend>
      <Controller<TaxValues, `tax_residencies.${number}.country`>
        name={`${base}.country`}
        render={({ field }) => (
          <CountryPicker
            label={t('country')}
            value={field.value}
            exclude={taken}
            error={countryError}
            onChange={(code) => {
              field.onChange(code);
              field.onBlur();
            }}
          />
        )}
      />
      <Controller<TaxValues, `tax_residencies.${number}.mode`>
        name={`${base}.mode`}
        render={({ field }) => (
          <fieldset className="id-field id-segmented">
            <legend className="id-field__label">{t('tin_question')}</legend>
            <div className="id-segmented__options">
              {(['tin', 'reason'] as const).map((m) => (
                <label key={m} className={`id-segmented__option${field.value === m ? ' is-selected' : ''}`}>
                  <input type="radio" checked={field.value === m} onChange={() => field.onChange(m)} />
                  {t(m === 'tin' ? 'has_tin' : 'no_tin')}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      {row.mode === 'tin' ? (
        <TinInput base={base} row={row} fromId={fromId} />
      ) : (
        <ReasonInput base={base} reason={row.tin_reason} />
      )}
      {onRemove ? (
        <button type="button" className="id-btn id-btn--ghost id-btn--small" onClick={onRemove}>
          {t('remove_residency', { n: index + 1 })}
        </button>
      ) : null}
    </fieldset>
  );
}

function TinInput({
  base,
  row,
  fromId,
}: {
  base: `tax_residencies.${number}`;
  row: ResidencyValues;
  fromId: TaxPrefill['tin_from_id'];
}) {
  const { t } = useTranslation('tax');
  const error = useFieldError(`${base}.tin`);
  return (
    <Controller<TaxValues, `tax_residencies.${number}`>
      name={base}
      render={({ field }) => {
        const set = (patch: Partial<ResidencyValues>) => field.onChange({ ...row, ...patch });
        if (row.tin_from_id)
          return (
            <div className="id-field tax-tin-prefilled">
              <p className="id-field__label">{t('tin')}</p>
              <p className="tax-tin-masked">
                <span>{fromId?.tin_masked ?? row.tin_masked}</span>{' '}
                <span className="id-hint">
                  {t(
                    fromId?.id_type === 'cn_id' || row.country === 'CN' ? 'tin_from_cn_id' : 'tin_from_hk_id',
                  )}
                </span>
              </p>
              <button
                type="button"
                className="id-btn id-btn--ghost id-btn--small"
                onClick={() => set({ tin_from_id: false, tin_masked: '' })}
              >
                {t('tin_type_other')}
              </button>
              {error ? (
                <p className="id-field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        return (
          <div className="id-field">
            <label className="id-field__label" htmlFor={`${base}-tin`}>
              {t('tin')}
            </label>
            <input
              id={`${base}-tin`}
              className="id-input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              value={row.tin}
              placeholder={row.tin_masked ? t('tin_saved', { masked: row.tin_masked }) : ''}
              aria-invalid={Boolean(error)}
              onChange={(e) => set({ tin: e.target.value })}
              onBlur={field.onBlur}
            />
            {row.tin_masked && !row.tin ? (
              <p className="id-hint">{t('tin_kept', { masked: row.tin_masked })}</p>
            ) : null}
            {fromId ? (
              <button
                type="button"
                className="id-btn id-btn--ghost id-btn--small"
                onClick={() => set({ tin_from_id: true, tin: '', tin_masked: '' })}
              >
                {t(fromId.id_type === 'cn_id' ? 'use_cn_id' : 'use_hk_id', { masked: fromId.tin_masked })}
              </button>
            ) : null}
            {error ? (
              <p className="id-field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}

function ReasonInput({ base, reason }: { base: `tax_residencies.${number}`; reason: string }) {
  const { t } = useTranslation('tax');
  const onReason = useFieldError(`${base}.tin_reason`);
  const onTin = useFieldError(`${base}.tin`);
  const reasonError = onReason ?? onTin;
  return (
    <>
      <Controller<TaxValues, `tax_residencies.${number}.tin_reason`>
        name={`${base}.tin_reason`}
        render={({ field }) => (
          <fieldset className="id-field id-choices">
            <legend className="id-field__label">{t('reason_question')}</legend>
            <div className="step-choices">
              {NO_TIN_REASONS.map((r) => (
                <label key={r} className={`id-choice${field.value === r ? ' is-selected' : ''}`}>
                  <input type="radio" checked={field.value === r} onChange={() => field.onChange(r)} />
                  <span className="id-choice__text">
                    <span className="id-choice__label">{t(`reason_${r.toLowerCase()}`)}</span>
                    <span className="id-choice__desc">{t(`reason_${r.toLowerCase()}_desc`)}</span>
                  </span>
                </label>
              ))}
            </div>
            {reasonError ? (
              <p className="id-field__error" role="alert">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      {reason === 'B' ? (
        <Controller<TaxValues, `tax_residencies.${number}.tin_reason_explanation`>
          name={`${base}.tin_reason_explanation`}
          render={({ field }) => (
            <div className="id-field">
              <label className="id-field__label" htmlFor={`${base}-explanation`}>
                {t('reason_b_explanation')}
              </label>
              <textarea id={`${base}-explanation`} className="id-input" rows={3} maxLength={200} {...field} />
              <FieldError name={`${base}.tin_reason_explanation`} />
            </div>
          )}
        />
      ) : null}
    </>
  );
}

/** W-8BEN line 2 for an ID that proves no citizenship (an HKID). */
function CitizenshipPicker() {
  const { t } = useTranslation('tax');
  const error = useFieldError('citizenship');
  return (
    <Controller<TaxValues, 'citizenship'>
      name="citizenship"
      render={({ field }) => (
        <CountryPicker
          label={t('citizenship')}
          value={field.value}
          error={error}
          onChange={(code) => {
            field.onChange(code);
            field.onBlur();
          }}
        />
      )}
    />
  );
}

function TaxForm({ info, prefill }: { info: StepInfo; prefill: TaxPrefill | null }) {
  const { t } = useTranslation('tax');
  const { state } = usePageFlags();
  const qc = useQueryClient();
  // the domain's schema checks the answers the values make; the values stay as they are
  const schema = useMemo(() => {
    const crs = crsFormSchema();
    return z.custom<Record<string, unknown>>().check(
      z.superRefine((values, ctx) => {
        const parsed = z.safeParse(crs, taxAnswersOf(values as unknown as TaxValues));
        if (!parsed.success)
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: values });
      }),
    ) as unknown as z.ZodMiniType<Record<string, unknown>>;
  }, []);
  const { form, onSubmit, submitting, formError } = useStepForm<TaxValues>({
    step: 'tax',
    info,
    schema,
    toValues: (i) => taxValuesOf(i.answers, prefill),
    toAnswers: taxAnswersOf,
    check: (v): Record<string, string> => {
      const problem = checkUsPerson({
        nationality: prefill?.us_national ? 'US' : undefined,
        otherNationalities: v.citizenship ? [v.citizenship] : [],
        taxResidencies: v.tax_residencies.map((r) => r.country),
        usCitizen: v.us_citizen === true,
        greenCard: v.us_green_card === true,
        usBorn: v.us_born === true,
      });
      if (problem) return { us_person: problem };
      if (prefill?.w8ben_required && !prefill.citizenship_from_id && !v.citizenship)
        return { citizenship: 'citizenship_required' };
      return {};
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tax_residencies' });
  const residencies = useWatch({ control: form.control, name: 'tax_residencies' }) ?? [];
  const us = useWatch({ control: form.control, name: ['us_citizen', 'us_green_card', 'us_born'] });
  const isUsPerson =
    prefill?.us_national === true ||
    us.some((a) => a === true) ||
    residencies.some((r) => r.country === 'US');

  // the W-8BEN shown is built by the server from the saved answers: fetched again after a draft
  useEffect(() => {
    if (!prefill?.w8ben_required) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: taxPrefillQueryKey }), 2000);
    });
    return () => {
      clearTimeout(timer);
      sub.unsubscribe();
    };
  }, [form, prefill?.w8ben_required, qc]);

  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <p className="step-notice">{t('crs_intro')}</p>
      {fields.map((f, i) => (
        <ResidencyFields
          key={f.id}
          index={i}
          prefill={prefill}
          taken={residencies.filter((_, j) => j !== i).map((r) => r.country)}
          onRemove={fields.length > 1 ? () => remove(i) : null}
        />
      ))}
      <FieldError name="tax_residencies" />
      {fields.length < MAX_TAX_RESIDENCIES ? (
        <button type="button" className="id-btn id-btn--ghost" onClick={() => append(emptyResidency())}>
          {t('add_residency', { max: MAX_TAX_RESIDENCIES })}
        </button>
      ) : (
        <p className="id-hint">{t('max_residencies', { max: MAX_TAX_RESIDENCIES })}</p>
      )}

      <section className="step-section" aria-labelledby="us-person-title">
        <h2 className="step-section__title" id="us-person-title">
          {t('us_person_title')}
        </h2>
        <YesNoField control={form.control} name="us_citizen" label={t('us_citizen')} />
        <YesNoField control={form.control} name="us_green_card" label={t('us_green_card')} />
        <YesNoField control={form.control} name="us_born" label={t('us_born')} />
        {isUsPerson ? (
          <p className="step-notice tax-us-person" role="alert">
            {t('us_person_refused')}
          </p>
        ) : null}
      </section>

      {prefill?.w8ben_required ? (
        <>
          {prefill.citizenship_from_id ? null : <CitizenshipPicker />}
          {prefill.w8ben ? <W8benPreview w8ben={prefill.w8ben} /> : null}
        </>
      ) : null}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

function TaxScreen({ info }: { info: StepInfo }) {
  const { t } = useTranslation('tax');
  const prefill = useTaxPrefill();
  // the form starts from the prefill (the TIN the ID gives): wait for it, or go on without it
  if (prefill.isPending) return <p className="id-hint">{t('loading')}</p>;
  return <TaxForm info={info} prefill={prefill.data ?? null} />;
}

export default function TaxPage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="tax" title={t('title_tax')}>
      {(info) => <TaxScreen info={info} />}
    </StepPage>
  );
}
