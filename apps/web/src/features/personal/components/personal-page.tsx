import { ErrorCode } from '@hk/domain';
import { MAIL_CODE_LENGTH, MAIL_CODE_PATTERN, MAIL_COUNTDOWN_S } from '@hk/domain/flow/mail-check';
import {
  checkIsEmail,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  normalizeEmail,
  personalForm,
  RESIDENTIAL_PROPERTY_TYPES,
} from '@hk/domain/steps/personal/form';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
// the login screen's 60 s countdown (spec §9), the same for the email code
import { useCountdown } from '../../../lib/use-countdown';
import type { StepInfo } from '../../../step-kit/api/step-api';
import {
  ChoiceField,
  FieldError,
  SelectField,
  StepForm,
  StepSubmit,
  useInputProps,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { postMailCheck, useMailCheck } from '../api/mail-check';
import './personal.css';

export interface PersonalValues {
  education: string;
  marital_status: string;
  residential_property: string;
  email: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The answers sent: choices made so far, the email as typed (the server keeps it normalised). */
export function personalAnswersOf(v: PersonalValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const key of ['education', 'marital_status', 'residential_property', 'email'] as const)
    if (v[key]?.trim()) answers[key] = v[key].trim();
  return answers;
}

// The schema takes no context; the verification rule is the form's `check` with what this screen knows.
const schema = personalForm.schema({ today: '', facts: { markets: [], answers: {} }, documentCounts: {} });

const EMAIL_INPUT_ID = 'sf-email';

/** The email input with its label and error wiring (inside the form's context). */
function EmailInput(
  props: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> },
) {
  const aria = useInputProps('email');
  return (
    <input className="id-input" type="email" inputMode="email" autoComplete="email" {...props} {...aria} />
  );
}

function PersonalForm({ info }: { info: StepInfo }) {
  const { t } = useTranslation('personal');
  const { t: te } = useTranslation('errors');
  const { state } = usePageFlags();
  // a confirmed step's email was verified (the server refuses to confirm one that is not)
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(
    info.confirmed_at && typeof info.answers.email === 'string' ? normalizeEmail(info.answers.email) : null,
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const countdown = useCountdown();
  const mail = useMailCheck();

  const { form, onSubmit, submitting, formError } = useStepForm<PersonalValues>({
    step: 'personal',
    info,
    schema,
    toValues: (i) => ({
      education: text(i.answers.education),
      marital_status: text(i.answers.marital_status),
      residential_property: text(i.answers.residential_property),
      email: text(i.answers.email),
    }),
    toAnswers: personalAnswersOf,
    check: (v) => {
      const isEmailVerified = (email: string) => email === verifiedEmail;
      return (
        personalForm.check?.(
          { ...v, email: normalizeEmail(v.email) },
          { today: '', facts: { markets: [], answers: {} }, documentCounts: {}, isEmailVerified },
        ) ?? {}
      );
    },
  });

  // a saved draft's email may have been verified before a reload or on another device: ask (mails nothing)
  const draftEmail = info.confirmed_at ? '' : text(info.answers.email);
  useEffect(() => {
    if (!draftEmail) return;
    let live = true;
    postMailCheck({ action: 'status', email: draftEmail }).then(
      (r) => {
        if (live && r.verified) setVerifiedEmail(r.email);
      },
      () => {}, // the person can still send a code
    );
    return () => {
      live = false;
    };
  }, [draftEmail]);

  const email = normalizeEmail(form.watch('email') ?? '');
  const isVerified = verifiedEmail !== null && email === verifiedEmail;
  const codeSentHere = sentTo !== null && sentTo === email;

  /** A refusal's message at its field: the server sends it translated. */
  const showRefusal = (err: unknown) => {
    if (err instanceof ApiError && err.status === ErrorCode.VALIDATION_FAILED) {
      if (err.fields.email) form.setError('email', { message: err.fields.email });
      if (err.fields.code) setCodeError(err.fields.code);
      if (err.fields.email || err.fields.code) return;
    }
    setCodeError(err instanceof Error && err.message ? err.message : te('code_internal'));
  };

  const onSend = async () => {
    setCodeError(null);
    if (!(await form.trigger('email'))) return;
    try {
      const r = await mail.mutateAsync({ action: 'send', email });
      if (r.verified) {
        setVerifiedEmail(r.email);
        return;
      }
      setSentTo(r.email);
      setCode('');
      countdown.start(r.resend_in ?? MAIL_COUNTDOWN_S);
    } catch (err) {
      showRefusal(err);
    }
  };

  const onVerify = async () => {
    if (!MAIL_CODE_PATTERN.test(code.trim())) {
      setCodeError(te(code.trim() ? 'email_code_format' : 'email_code_required'));
      return;
    }
    setCodeError(null);
    try {
      const r = await mail.mutateAsync({ action: 'verify', email, code: code.trim() });
      setVerifiedEmail(r.email);
      setSentTo(null);
      setCode('');
      form.clearErrors('email');
    } catch (err) {
      showRefusal(err);
    }
  };

  const education = EDUCATION_LEVELS.map((v) => ({ value: v, label: t(`education_${v}`) }));
  const marital = MARITAL_STATUSES.map((v) => ({ value: v, label: t(`marital_${v}`) }));
  const property = RESIDENTIAL_PROPERTY_TYPES.map((v) => ({ value: v, label: t(`property_${v}`) }));

  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <SelectField
        register={form.register}
        name="education"
        label={t('education')}
        options={education}
        placeholder={t('choose')}
      />
      <ChoiceField
        control={form.control}
        name="marital_status"
        label={t('marital_status')}
        options={marital}
        layout="segmented"
      />
      <SelectField
        register={form.register}
        name="residential_property"
        label={t('residential_property')}
        options={property}
        placeholder={t('choose')}
      />

      <div className="id-field personal-email">
        <label className="id-field__label" htmlFor={EMAIL_INPUT_ID}>
          {t('email')}
        </label>
        <div className="personal-email__row">
          <EmailInput placeholder={t('email_placeholder')} {...form.register('email')} />
          {isVerified ? null : (
            <button
              type="button"
              className="personal-email__button"
              disabled={countdown.isRunning || mail.isPending || !checkIsEmail(email)}
              onClick={() => void onSend()}
            >
              {countdown.isRunning
                ? t('send_countdown', { seconds: countdown.remaining })
                : codeSentHere
                  ? t('send_again')
                  : t('send_code')}
            </button>
          )}
        </div>
        <FieldError name="email" />
        {isVerified ? (
          <p className="personal-email__verified" role="status">
            {t('email_verified')}
          </p>
        ) : (
          <p className="id-hint">{codeSentHere ? t('code_sent', { email }) : t('email_hint')}</p>
        )}
      </div>

      {!isVerified && codeSentHere ? (
        <div className="id-field">
          <label className="id-field__label" htmlFor="personal-code">
            {t('code')}
          </label>
          <div className="personal-email__row">
            <input
              id="personal-code"
              className="id-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={MAIL_CODE_LENGTH}
              placeholder={t('code_placeholder')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={Boolean(codeError)}
              aria-describedby={codeError ? 'personal-code-error' : undefined}
            />
            <button
              type="button"
              className="personal-email__button"
              disabled={mail.isPending}
              onClick={() => void onVerify()}
            >
              {t('verify')}
            </button>
          </div>
          {codeError ? (
            <p className="id-field__error" id="personal-code-error" role="alert">
              {codeError}
            </p>
          ) : null}
        </div>
      ) : codeError ? (
        <p className="id-field__error" role="alert">
          {codeError}
        </p>
      ) : null}

      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

export default function PersonalPage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="personal" title={t('title_personal')}>
      {(info) => <PersonalForm info={info} />}
    </StepPage>
  );
}
