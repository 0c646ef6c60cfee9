import {
  checkDeclarations,
  DECLARATION_DETAILS_MAX,
  declarationsFormSchema,
  LICENSED_EMPLOYER_MAX,
  PEP_RELATIONS,
} from '@hk/domain/steps/declarations/form';
import { useFormContext, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import type { StepInfo } from '../../../step-kit/api/step-api';
import {
  CheckField,
  FieldError,
  MultiChoiceField,
  StepForm,
  StepSubmit,
  TextField,
  useInputProps,
  YesNoField,
} from '../../../step-kit/components/fields';
import { StepPhotoTile } from '../../../step-kit/components/proof-photos';
import { StepPage } from '../../../step-kit/components/step-page';
import { type UploadFocus, useDocumentRebuild } from '../../../step-kit/lib/use-document-rebuild';
import { useStepForm } from '../../../step-kit/lib/use-step-form';

export interface DeclarationsValues {
  pep?: boolean | undefined;
  pep_relations: string[];
  pep_details: string;
  licensed_employee?: boolean | undefined;
  licensed_employer: string;
  staff_relation?: boolean | undefined;
  staff_relation_details: string;
  beneficial_owner?: boolean | undefined;
  corporate_voting_35?: boolean | undefined;
  corporate_voting_details: string;
  hkidr_consent?: boolean | undefined;
  /** A separate opt-in: off unless the person ticks it. */
  direct_marketing: boolean;
  /** Not an answer: where the consent letter's rule is shown. */
  employer_consent?: string;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

export function declarationsValuesOf(a: Row): DeclarationsValues {
  return {
    pep: bool(a.pep),
    pep_relations: Array.isArray(a.pep_relations) ? (a.pep_relations as string[]) : [],
    pep_details: str(a.pep_details),
    licensed_employee: bool(a.licensed_employee),
    licensed_employer: str(a.licensed_employer),
    staff_relation: bool(a.staff_relation),
    staff_relation_details: str(a.staff_relation_details),
    beneficial_owner: bool(a.beneficial_owner),
    corporate_voting_35: bool(a.corporate_voting_35),
    corporate_voting_details: str(a.corporate_voting_details),
    hkidr_consent: bool(a.hkidr_consent),
    direct_marketing: a.direct_marketing === true,
    employer_consent: '',
  };
}

/** What is sent: the answers, without the details of a "no" and without the screen-only field. */
export function declarationsAnswersOf(v: DeclarationsValues): Row {
  return {
    pep: v.pep,
    ...(v.pep ? { pep_relations: v.pep_relations, pep_details: v.pep_details } : {}),
    licensed_employee: v.licensed_employee,
    ...(v.licensed_employee ? { licensed_employer: v.licensed_employer } : {}),
    staff_relation: v.staff_relation,
    ...(v.staff_relation ? { staff_relation_details: v.staff_relation_details } : {}),
    beneficial_owner: v.beneficial_owner,
    corporate_voting_35: v.corporate_voting_35,
    ...(v.corporate_voting_35 ? { corporate_voting_details: v.corporate_voting_details } : {}),
    hkidr_consent: v.hkidr_consent,
    direct_marketing: v.direct_marketing,
  };
}

function Details({ name, label }: { name: keyof DeclarationsValues; label: string }) {
  const aria = useInputProps(name);
  const { register } = useFormRegister();
  return (
    <div className="id-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {label}
      </label>
      <textarea
        className="id-input"
        rows={3}
        maxLength={DECLARATION_DETAILS_MAX}
        {...register(name)}
        {...aria}
      />
      <FieldError name={name} />
    </div>
  );
}

// the details' textarea registers through the form's context (it is inside StepForm)
function useFormRegister() {
  return useFormContext<DeclarationsValues>();
}

/** Code of Conduct 12.4: the employer's written consent, one image through the ID step's upload pipeline. */
function EmployerConsent({
  info,
  beforeChange,
  onChanged,
}: {
  info: StepInfo;
  beforeChange: () => Promise<void>;
  onChanged: (focus: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('declarations');
  const doc = info.documents.find((d) => d.kind === 'employer_consent');
  return (
    <div className="id-field">
      <p className="id-field__label">{t('employer_consent')}</p>
      <p className="id-hint">{t('employer_consent_hint')}</p>
      <StepPhotoTile
        kind="employer_consent"
        label={t('employer_consent_letter')}
        uploadName={t('employer_consent_shoot')}
        albumName={t('employer_consent_album')}
        retakeName={t('employer_consent_retake')}
        document={doc}
        beforeChange={beforeChange}
        onChanged={onChanged}
      />
      <FieldError name="employer_consent" />
    </div>
  );
}

function DeclarationsForm({
  info,
  carried,
  onDocumentsChanged,
}: {
  info: StepInfo;
  carried: DeclarationsValues | null;
  onDocumentsChanged: (typed: DeclarationsValues, focus?: UploadFocus) => Promise<void>;
}) {
  const { t } = useTranslation('declarations');
  const { state } = usePageFlags();
  const consentLetters = info.documents.filter((d) => d.kind === 'employer_consent').length;
  const { form, onSubmit, submitting, formError, saveDraftNow } = useStepForm<DeclarationsValues>({
    step: 'declarations',
    info,
    schema: declarationsFormSchema() as unknown as z.ZodMiniType<Record<string, unknown>>,
    toValues: (i) => declarationsValuesOf(i.answers),
    toAnswers: (v) => declarationsAnswersOf(v as DeclarationsValues),
    check: (v) => checkDeclarations(v, { employer_consent: consentLetters }),
    carried,
  });
  const v = useWatch({ control: form.control }) as DeclarationsValues;
  const yesNo = (name: keyof DeclarationsValues, label: string, hint?: string) => (
    <YesNoField control={form.control} name={name} label={label} hint={hint} />
  );
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <p className="step-notice">{t('intro')}</p>

      <section className="step-section">
        {yesNo('pep', t('pep'), t('pep_hint'))}
        {v.pep ? (
          <>
            <MultiChoiceField
              control={form.control}
              name="pep_relations"
              label={t('pep_relations')}
              options={PEP_RELATIONS.map((r) => ({ value: r, label: t(`pep_relation_${r}`) }))}
            />
            <Details name="pep_details" label={t('pep_details')} />
          </>
        ) : null}
      </section>

      <section className="step-section">
        {yesNo('licensed_employee', t('licensed_employee'), t('licensed_employee_hint'))}
        {v.licensed_employee ? (
          <>
            <TextField
              register={form.register}
              name="licensed_employer"
              label={t('licensed_employer')}
              maxLength={LICENSED_EMPLOYER_MAX}
            />
            <EmployerConsent
              info={info}
              beforeChange={saveDraftNow}
              onChanged={(focus) => onDocumentsChanged(form.getValues(), focus)}
            />
          </>
        ) : null}
      </section>

      <section className="step-section">
        {yesNo('staff_relation', t('staff_relation'))}
        {v.staff_relation ? (
          <Details name="staff_relation_details" label={t('staff_relation_details')} />
        ) : null}
      </section>

      <section className="step-section">
        {yesNo('beneficial_owner', t('beneficial_owner'), t('beneficial_owner_hint'))}
        {v.beneficial_owner === false ? (
          <p className="step-notice declarations-refusal" role="alert">
            {t('beneficial_owner_refused')}
          </p>
        ) : null}
      </section>

      <section className="step-section">
        {yesNo('corporate_voting_35', t('corporate_voting_35'))}
        {v.corporate_voting_35 ? (
          <Details name="corporate_voting_details" label={t('corporate_voting_details')} />
        ) : null}
      </section>

      <section className="step-section" aria-labelledby="hkidr-title">
        <h2 className="step-section__title" id="hkidr-title">
          {t('hkidr_title')}
        </h2>
        <p className="id-hint">{t('hkidr_explanation')}</p>
        {yesNo('hkidr_consent', t('hkidr_consent'))}
        {v.hkidr_consent === false ? (
          <p className="step-notice" role="status">
            {t('hkidr_sell_only')}
          </p>
        ) : null}
      </section>

      <section className="step-section" aria-labelledby="marketing-title">
        <h2 className="step-section__title" id="marketing-title">
          {t('marketing_title')}
        </h2>
        <p className="id-hint">{t('marketing_explanation')}</p>
        <CheckField register={form.register} name="direct_marketing">
          {t('direct_marketing')}
        </CheckField>
      </section>
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

function DeclarationsScreen({ info }: { info: StepInfo }) {
  const rebuild = useDocumentRebuild('declarations', info);
  return (
    <DeclarationsForm
      key={rebuild.key}
      info={rebuild.info}
      carried={rebuild.carried as DeclarationsValues | null}
      onDocumentsChanged={rebuild.onDocumentsChanged}
    />
  );
}

export default function DeclarationsPage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="declarations" title={t('title_declarations')}>
      {(info) => <DeclarationsScreen info={info} />}
    </StepPage>
  );
}
