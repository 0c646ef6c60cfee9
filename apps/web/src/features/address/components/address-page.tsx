import { type DocumentInfo, listCountries } from '@hk/domain';
import { earliestProofDate } from '@hk/domain/steps/account-type/account-rules';
import { ADDRESS_PROOF_TYPES, HK_DISTRICTS, PDF_MIME } from '@hk/domain/steps/address/address-proof';
import {
  ADDRESS_DETAIL_MAX,
  ADDRESS_FIELDS,
  ADDRESS_OTHER_MAX_LINES,
  ADDRESS_PROOF_PDF_COUNT_KEY,
  ADDRESS_REGIONS,
  addressForm,
  CORRESPONDENCE_PREFIX,
} from '@hk/domain/steps/address/form';
import { useMemo } from 'react';
import { type UseFormReturn, useFormContext, useWatch } from 'react-hook-form';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { serverTodayInHongKong } from '../../../lib/server-today';
import type { StepInfo } from '../../../step-kit/api/step-api';
import {
  CheckField,
  ChoiceField,
  DateField,
  FieldError,
  SelectField,
  StepForm,
  StepSubmit,
  TextField,
  useInputProps,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { type UploadFocus, useDocumentRebuild } from '../../../step-kit/lib/use-document-rebuild';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { AreaPicker } from './area-picker';
import { ProofFiles } from './proof-files';
import './address.css';

type Prefix = '' | 'corr_';

/** The form's values: the answers as strings, plus where the picker and the files show their errors. */
type Values = Record<string, string | boolean>;

const ADDRESS_KEYS = [...ADDRESS_FIELDS, ...ADDRESS_FIELDS.map((f) => `${CORRESPONDENCE_PREFIX}${f}`)];
const TEXT_KEYS = [...ADDRESS_KEYS, 'proof_type', 'proof_rental_months', 'proof_issued_on'];
/** Field names that carry an error only: the area picker's, and the proof files'. */
const ERROR_ONLY = ['area', `${CORRESPONDENCE_PREFIX}area`, 'address_proof'];

function toValues(info: StepInfo): Values {
  const a = info.answers;
  const values: Values = {};
  for (const k of TEXT_KEYS) values[k] = a[k] === undefined || a[k] === null ? '' : String(a[k]);
  for (const k of ERROR_ONLY) values[k] = '';
  values.correspondence_same = a.correspondence_same !== false;
  values.proof_confirmed = a.proof_confirmed === true;
  return values;
}

/** The answers sent: empty fields left out (a draft keeps what is filled in), the rental term a number. */
function toAnswers(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (ERROR_ONLY.includes(k) || v === '' || v === undefined || v === null) continue;
    out[k] = k === 'proof_rental_months' && typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v;
  }
  return out;
}

function documentCounts(documents: readonly DocumentInfo[]): Record<string, number> {
  const proofs = documents.filter((d) => d.kind === 'address_proof');
  return {
    address_proof: proofs.length,
    [ADDRESS_PROOF_PDF_COUNT_KEY]: proofs.filter((d) => d.mime === PDF_MIME).length,
  };
}

function DetailLines({ prefix }: { prefix: Prefix }) {
  const { t } = useTranslation('address');
  const { register } = useFormContext<Values>();
  const name = `${prefix}detail`;
  const aria = useInputProps(name);
  return (
    <div className="id-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {t('detail_label_other')}
      </label>
      <textarea
        className="id-input address-lines"
        rows={ADDRESS_OTHER_MAX_LINES}
        maxLength={ADDRESS_DETAIL_MAX}
        placeholder={t('detail_placeholder_other')}
        {...register(name)}
        {...aria}
      />
      <FieldError name={name} />
    </div>
  );
}

/** One address: its region, then the region's fields in spec §5's order (area, detail, postal code). */
function AddressFields({ form, prefix }: { form: UseFormReturn<Values>; prefix: Prefix }) {
  const { t } = useTranslation('address');
  const region = useWatch({ control: form.control, name: `${prefix}region` });
  const lang = currentLanguage();
  const countries = useMemo(
    () => listCountries(lang).filter((c) => c.code !== 'CN' && c.code !== 'HK'),
    [lang],
  );
  return (
    <>
      <ChoiceField
        control={form.control}
        name={`${prefix}region`}
        label={t('region_label')}
        layout="segmented"
        options={ADDRESS_REGIONS.map((r) => ({ value: r, label: t(`region_${r.toLowerCase()}`) }))}
      />
      {region === 'CN' ? (
        <>
          <AreaPicker prefix={prefix} />
          <TextField
            register={form.register}
            name={`${prefix}detail`}
            label={t('detail_label')}
            placeholder={t('detail_placeholder_cn')}
            maxLength={ADDRESS_DETAIL_MAX}
          />
          <TextField
            register={form.register}
            name={`${prefix}postal_code`}
            label={t('postal_label')}
            hint={t('postal_hint_cn')}
            inputMode="numeric"
            maxLength={6}
          />
        </>
      ) : null}
      {region === 'HK' ? (
        <>
          <SelectField
            register={form.register}
            name={`${prefix}district`}
            label={t('district_label')}
            placeholder={t('district_placeholder')}
            options={HK_DISTRICTS.map((d) => ({
              value: d.code,
              label: `${d.name[lang]} · ${t(`hk_area_${d.area}`)}`,
            }))}
          />
          <TextField
            register={form.register}
            name={`${prefix}detail`}
            label={t('detail_label')}
            placeholder={t('detail_placeholder_hk')}
            maxLength={ADDRESS_DETAIL_MAX}
          />
        </>
      ) : null}
      {region === 'OTHER' ? (
        <>
          <SelectField
            register={form.register}
            name={`${prefix}country`}
            label={t('country_label')}
            placeholder={t('country_placeholder')}
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
          />
          <DetailLines prefix={prefix} />
          <TextField
            register={form.register}
            name={`${prefix}postal_code`}
            label={t('postal_label')}
            maxLength={10}
          />
        </>
      ) : null}
    </>
  );
}

function AddressForm({
  info,
  carried,
  onDocumentsChanged,
}: {
  info: StepInfo;
  carried: Values | null;
  onDocumentsChanged: (typed: Values, focus?: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('address');
  const { state } = usePageFlags();
  const today = serverTodayInHongKong();
  const ctx = useMemo(
    () => ({ today, facts: { markets: [], answers: {} }, documentCounts: documentCounts(info.documents) }),
    [today, info.documents],
  );
  const schema = useMemo(() => addressForm.schema(ctx), [ctx]);
  const { form, onSubmit, submitting, formError, saveDraftNow } = useStepForm<Values>({
    step: 'address',
    info,
    schema,
    toValues,
    toAnswers,
    // the proof's files: 1–3 photos or one PDF (the domain's rule, on the documents loaded)
    check: (values) => addressForm.check!(values, ctx),
    carried,
  });
  const same = useWatch({ control: form.control, name: 'correspondence_same' });
  const proofType = useWatch({ control: form.control, name: 'proof_type' });

  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <section className="step-section" aria-labelledby="address-residential">
        <h2 className="step-section__title" id="address-residential">
          {t('residential_title')}
        </h2>
        <AddressFields form={form} prefix="" />
      </section>

      <section className="step-section" aria-labelledby="address-correspondence">
        <h2 className="step-section__title" id="address-correspondence">
          {t('correspondence_title')}
        </h2>
        <fieldset className="id-field id-segmented">
          <legend className="id-field__label">{t('correspondence_label')}</legend>
          <div className="id-segmented__options">
            {[true, false].map((v) => (
              <label key={String(v)} className={`id-segmented__option${same === v ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="correspondence_same"
                  checked={same === v}
                  onChange={() => form.setValue('correspondence_same', v, { shouldDirty: true })}
                />
                {v ? t('correspondence_same') : t('correspondence_other')}
              </label>
            ))}
          </div>
          <FieldError name="correspondence_same" />
        </fieldset>
        {same === false ? <AddressFields form={form} prefix={CORRESPONDENCE_PREFIX} /> : null}
      </section>

      <section className="step-section" aria-labelledby="address-proof">
        <h2 className="step-section__title" id="address-proof">
          {t('proof_title')}
        </h2>
        <p className="id-hint">{t('proof_rules')}</p>
        <SelectField
          register={form.register}
          name="proof_type"
          label={t('proof_type_label')}
          placeholder={t('proof_type_placeholder')}
          options={ADDRESS_PROOF_TYPES.map((p) => ({ value: p, label: t(`proof_type_${p}`) }))}
        />
        {proofType === 'rental_contract' ? (
          <TextField
            register={form.register}
            name="proof_rental_months"
            label={t('rental_months_label')}
            inputMode="numeric"
            maxLength={4}
          />
        ) : null}
        <DateField
          register={form.register}
          name="proof_issued_on"
          label={t('issued_on_label')}
          min={earliestProofDate(today)}
          max={today}
          hint={t('issued_on_hint', { earliest: earliestProofDate(today) })}
        />
        <ProofFiles
          documents={info.documents}
          beforeChange={async () => {
            await saveDraftNow();
          }}
          onChanged={(focus) => onDocumentsChanged(form.getValues(), focus)}
        />
        <CheckField register={form.register} name="proof_confirmed">
          {t('confirm_printed')}
        </CheckField>
      </section>

      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

/** The address step (issue #6 step 1): residential and correspondence addresses, and the address proof. */
function AddressScreen({ info }: { info: StepInfo }) {
  const rebuild = useDocumentRebuild('address', info);
  return (
    <AddressForm
      key={rebuild.key}
      info={rebuild.info}
      carried={rebuild.carried as Values | null}
      onDocumentsChanged={rebuild.onDocumentsChanged}
    />
  );
}

export default function AddressPage() {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('address');
  return (
    <StepPage step="address" title={t('title_address')} intro={ta('intro')}>
      {(info) => <AddressScreen info={info} />}
    </StepPage>
  );
}
