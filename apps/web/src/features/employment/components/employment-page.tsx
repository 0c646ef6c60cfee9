import { checkIsMarginRefusedToStudent, EMPLOYMENT_STATUSES } from '@hk/domain';
import { EMPLOYED_STATUSES, employmentForm, INDUSTRIES, JOB_LEVELS } from '@hk/domain/steps/employment/form';
import * as z from 'zod/mini';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { type StepInfo, useStepInfo } from '../../../step-kit/api/step-api';
import { SelectField, StepForm, StepSubmit, TextField } from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { CompanyNameField } from './company-name-field';
import './employment.css';

export interface EmploymentValues {
  status: string;
  company_name: string;
  industry: string;
  position: string;
  job_level: string;
  department: string;
  years_of_service: string;
}

const JOB_FIELDS = [
  'company_name',
  'industry',
  'position',
  'job_level',
  'department',
  'years_of_service',
] as const;

export const checkIsEmployed = (status: string) => (EMPLOYED_STATUSES as readonly string[]).includes(status);

/**
 * The answers sent: the status, and the job only for the employed and self-employed (spec §3: other
 * statuses skip it); years of service as a number; empty fields left out.
 */
export function employmentAnswersOf(v: EmploymentValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  if (v.status) answers.status = v.status;
  if (!checkIsEmployed(v.status)) return answers;
  for (const field of JOB_FIELDS) {
    const raw: unknown = v[field];
    if (raw === undefined || raw === null || raw === '') continue;
    answers[field] =
      field === 'years_of_service' && typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim())
        ? Number(raw.trim())
        : typeof raw === 'string'
          ? raw.trim()
          : raw;
  }
  return answers;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
// The domain's form checks the answers the values make: the job fields a student or a retired
// person never sees stay empty strings in the form, and would otherwise be refused, unseen.
const schema = z.pipe(
  z.transform((v: unknown) => employmentAnswersOf(v as EmploymentValues)),
  employmentForm.schema({
    today: '',
    facts: { markets: [], answers: {} },
    documentCounts: {},
  }) as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>,
) as unknown as z.ZodMiniType<Record<string, unknown>>;

function EmploymentForm({ info }: { info: StepInfo }) {
  const { t } = useTranslation('employment');
  const { state } = usePageFlags();
  // spec §4: a student cannot keep a margin account; say so before the change is saved
  const accountType = useStepInfo('account_type');
  const { form, onSubmit, submitting, formError } = useStepForm<EmploymentValues>({
    step: 'employment',
    info,
    schema,
    toValues: (i) => ({
      status: text(i.answers.status),
      company_name: text(i.answers.company_name),
      industry: text(i.answers.industry),
      position: text(i.answers.position),
      job_level: text(i.answers.job_level),
      department: text(i.answers.department),
      years_of_service: text(i.answers.years_of_service),
    }),
    toAnswers: employmentAnswersOf,
  });
  const status = form.watch('status');
  const employed = checkIsEmployed(status);
  const marginStudent = checkIsMarginRefusedToStudent(status, accountType.data?.answers.securities);
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <SelectField
        register={form.register}
        name="status"
        label={t('status')}
        options={EMPLOYMENT_STATUSES.map((v) => ({ value: v, label: t(`status_${v}`) }))}
        placeholder={t('choose')}
      />
      {marginStudent ? (
        <p className="step-notice" role="note">
          {t('student_margin_notice')}
        </p>
      ) : null}
      {employed ? (
        <section className="step-section" aria-label={t('job_section')}>
          <h2 className="step-section__title">{t('job_section')}</h2>
          <CompanyNameField
            control={form.control}
            name="company_name"
            label={status === 'self_employed' ? t('business_name') : t('company_name')}
          />
          <SelectField
            register={form.register}
            name="industry"
            label={t('industry')}
            options={INDUSTRIES.map((v) => ({ value: v, label: t(`industry_${v}`) }))}
            placeholder={t('choose')}
          />
          <TextField register={form.register} name="position" label={t('position')} maxLength={100} />
          <SelectField
            register={form.register}
            name="job_level"
            label={t('job_level')}
            options={JOB_LEVELS.map((v) => ({ value: v, label: t(`job_level_${v}`) }))}
            placeholder={t('choose')}
          />
          <TextField
            register={form.register}
            name="department"
            label={t('department')}
            hint={t('optional')}
            maxLength={100}
          />
          <TextField
            register={form.register}
            name="years_of_service"
            label={t('years_of_service')}
            inputMode="numeric"
            maxLength={2}
          />
        </section>
      ) : null}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

/** Employment (spec §3, issue #6 step 4): the status; the employer and the job of the employed. */
export default function EmploymentPage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="employment" title={t('title_employment')}>
      {(info) => <EmploymentForm info={info} />}
    </StepPage>
  );
}
