import type { StepFormContext } from '@hk/domain/flow/step-forms';
import {
  bankNameIn,
  checkLuhn,
  digitsOf,
  HONG_KONG_BANKS,
  hongKongBankOf,
  MAINLAND_BANKS,
} from '@hk/domain/steps/bank/bank-data';
import {
  BANK_TYPES,
  type BankType,
  bankForm,
  bankTypeFor,
  normaliseHolderName,
} from '@hk/domain/steps/bank/form';
import { useEffect, useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { type StepInfo, useStepInfo } from '../../../step-kit/api/step-api';
import { AreaSelects } from '../../../step-kit/components/area-selects';
import {
  FieldError,
  type Option,
  SelectField,
  StepForm,
  StepSubmit,
  useInputProps,
} from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';
import { useCardIssuer } from '../api/get-bank-name';
import './bank.css';

/**
 * The bank step (issue #7 step 3; docs/api/steps/bank.md): the designated account for the first
 * deposit. The ID location decides the form: a mainland ID gives a mainland debit card, any other ID
 * a Hong Kong bank account. Saved numbers come back masked: the mask is shown, an empty field keeps
 * the saved number (the mask is sent back), a typed one replaces it.
 */
export interface BankValues {
  card_number: string;
  /** The saved number's mask (spec §5 groups of four), sent back to keep it. */
  number_masked: string;
  bank_code: string;
  reserved_phone: string;
  /** The saved reserved phone's mask (middle 4 digits), sent back to keep it. */
  reserved_phone_masked: string;
  province_code: string;
  city_code: string;
  account_number: string;
  holder_name: string;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const MAX_CARD_DIGITS = 19;

/** spec §5: a card number keeps only digits, shown in groups of 4. */
export function groupDigits(raw: string, max = MAX_CARD_DIGITS): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, max)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The English name on the ID, as the bank prints it (surname first). */
export function holderNameOf(identity: Row): string {
  return normaliseHolderName(`${str(identity.english_surname)} ${str(identity.english_given_name)}`);
}

/** The kind of account saved answers are of (a draft may not say: its bank code tells), if any. */
function savedTypeOf(answers: Row): BankType | null {
  if (answers.bank_type === 1 || answers.bank_type === 2) return answers.bank_type;
  if (typeof answers.bank_code === 'string' && answers.bank_code)
    return /^\d{3}$/.test(answers.bank_code) ? BANK_TYPES.hong_kong_account : BANK_TYPES.mainland_card;
  if (answers.province_code || answers.reserved_phone_masked) return BANK_TYPES.mainland_card;
  return null;
}

/**
 * The form's values from the saved answers. Answers of the other kind of account (the ID location
 * changed since) are not this form's: it starts empty, and the server keeps nothing of them.
 */
export function bankValuesOf(rawAnswers: Row, holderName: string, type: BankType): BankValues {
  const saved = savedTypeOf(rawAnswers);
  const answers = saved === null || saved === type ? rawAnswers : {};
  return {
    card_number: '',
    number_masked: str(answers.number_masked),
    bank_code: str(answers.bank_code),
    reserved_phone: '',
    reserved_phone_masked: str(answers.reserved_phone_masked),
    province_code: str(answers.province_code),
    city_code: str(answers.city_code),
    account_number: '',
    holder_name: holderName,
  };
}

/**
 * The answers sent (docs/api/steps/bank.md): the fields of the form the ID location gives, empty
 * ones left out; a number or phone not typed again is sent as its saved mask (the server keeps it).
 */
export function bankAnswersOf(v: BankValues, type: BankType): Row {
  const out: Row = {};
  const put = (k: string, value: string) => {
    if (value.trim()) out[k] = value;
  };
  if (type === BANK_TYPES.mainland_card) {
    if (v.card_number.trim()) put('card_number', v.card_number);
    else put('number_masked', v.number_masked);
    put('bank_code', v.bank_code);
    if (v.reserved_phone.trim()) put('reserved_phone', v.reserved_phone);
    else put('reserved_phone_masked', v.reserved_phone_masked);
    put('province_code', v.province_code);
    put('city_code', v.city_code);
  } else {
    put('bank_code', v.bank_code);
    if (v.account_number.trim()) put('account_number', v.account_number);
    else put('number_masked', v.number_masked);
    put('holder_name', v.holder_name);
  }
  return out;
}

/**
 * The rules' context from the ID step's answers: the schema reads the ID location, the rules the
 * English name the holder must bear (as the server's context has them).
 */
function contextFor(identity: Row): StepFormContext {
  return {
    today: '',
    facts: { markets: [], answers: { identity } } as never,
    documentCounts: {},
  };
}

/** The fields a saved mask stands for when left empty (the server keeps and checks the sealed ones). */
function keptFieldsOf(v: BankValues): Set<string> {
  const kept = new Set<string>();
  if (!v.card_number.trim() && !v.account_number.trim() && v.number_masked) {
    kept.add('card_number');
    kept.add('account_number');
  }
  if (!v.reserved_phone.trim() && v.reserved_phone_masked) kept.add('reserved_phone');
  return kept;
}

/**
 * The domain's schema over the answers the values make; an empty number or phone with its saved
 * mask is not asked again (the server keeps the sealed one).
 */
function bankSchema(type: BankType, identity: Row) {
  const domain = bankForm.schema(contextFor(identity));
  return z.custom<Record<string, unknown>>().check(
    z.superRefine((values, ctx) => {
      const v = values as unknown as BankValues;
      const parsed = z.safeParse(domain, bankAnswersOf(v, type));
      if (parsed.success) return;
      const kept = keptFieldsOf(v);
      for (const issue of parsed.error.issues) {
        const at = String(issue.path[0] ?? '');
        if (kept.has(at)) continue;
        ctx.addIssue({ code: 'custom', path: [at], message: issue.message, input: values });
      }
    }),
  ) as unknown as z.ZodMiniType<Record<string, unknown>>;
}

/**
 * The domain's rules beyond the schema (`bankForm.check`, as the server runs them: the card's bank,
 * the mainland location, the account number's length at its bank, the holder's name), over the
 * answers the values make with the numbers as digits. A number or phone kept as its saved mask is
 * not the screen's to check: the server checks the sealed one.
 */
export function checkBank(v: BankValues, type: BankType, identity: Row): Record<string, string> {
  const answers: Row = { bank_type: type, ...bankAnswersOf(v, type) };
  for (const field of ['card_number', 'account_number'])
    if (typeof answers[field] === 'string') answers[field] = digitsOf(answers[field] as string);
  const problems = bankForm.check?.(answers, contextFor(identity)) ?? {};
  const kept = keptFieldsOf(v);
  return Object.fromEntries(Object.entries(problems).filter(([field]) => !kept.has(field)));
}

function DesignatedAccountNotice({ type }: { type: BankType }) {
  const { t } = useTranslation('bank');
  return (
    <div className="step-notice bank-notice">
      <p>
        <strong>{t('designated_title')}</strong>
      </p>
      <p>{t('designated_rule')}</p>
      <p>{t(type === BANK_TYPES.mainland_card ? 'designated_cn' : 'designated_hk')}</p>
    </div>
  );
}

/** A number typed in groups of four; the saved one's mask shown while the field is empty. */
function NumberField({
  name,
  label,
  maxDigits,
  hint,
}: {
  name: 'card_number' | 'account_number';
  label: string;
  maxDigits: number;
  hint?: string | undefined;
}) {
  const { t } = useTranslation('bank');
  const aria = useInputProps(name);
  const masked = useWatch<BankValues, 'number_masked'>({ name: 'number_masked' });
  return (
    <Controller<BankValues, typeof name>
      name={name}
      render={({ field }) => (
        <div className="id-field">
          <label className="id-field__label" htmlFor={aria.id}>
            {label}
          </label>
          {masked ? (
            <p className="bank-saved" data-testid="bank-number-saved">
              <span className="bank-saved__label">{t('saved_number')}</span>{' '}
              <span className="bank-saved__value">{masked}</span>
            </p>
          ) : null}
          <input
            className="id-input bank-number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            name={field.name}
            ref={field.ref}
            value={field.value}
            placeholder={masked ? t('replace_number_placeholder') : t('number_placeholder')}
            onChange={(e) => field.onChange(groupDigits(e.target.value, maxDigits))}
            onBlur={field.onBlur}
            {...aria}
          />
          <FieldError name={name} />
          {masked && !field.value ? <p className="id-hint">{t('keep_number_hint')}</p> : null}
          {hint ? <p className="id-hint">{hint}</p> : null}
        </div>
      )}
    />
  );
}

function MainlandFields() {
  const { t, i18n } = useTranslation('bank');
  const { control, setValue, register, clearErrors } = useFormContext<BankValues>();
  const [card, phoneMasked, reservedPhone] = useWatch({
    control,
    name: ['card_number', 'reserved_phone_masked', 'reserved_phone'],
  });
  const digits = digitsOf(card ?? '');
  const complete = /^\d{16,19}$/.test(digits) && checkLuhn(digits);
  const issuer = useCardIssuer(digits, complete, i18n.language);
  // the issuer found from the card number is the bank (the person may still pick another: the server refuses a mismatch)
  useEffect(() => {
    if (issuer.data) {
      setValue('bank_code', issuer.data.bank_code, { shouldDirty: true });
      clearErrors('bank_code');
    }
  }, [issuer.data, setValue, clearErrors]);
  const unknown =
    issuer.error instanceof ApiError && issuer.error.fields.card_number !== undefined && complete;

  const bankOptions: Option[] = MAINLAND_BANKS.map((b) => ({
    value: b.code,
    label: bankNameIn(b, i18n.language),
  }));
  const phoneAria = useInputProps('reserved_phone');

  return (
    <section className="step-section" aria-labelledby="bank-card-title">
      <h2 className="step-section__title" id="bank-card-title">
        {t('cn_title')}
      </h2>
      <NumberField
        name="card_number"
        label={t('card_number')}
        maxDigits={MAX_CARD_DIGITS}
        hint={t('card_number_hint')}
      />
      {issuer.data ? (
        <p className="id-hint bank-issuer" role="status">
          {t('issuer_found', { name: issuer.data.bank_name })}
        </p>
      ) : unknown ? (
        <p className="id-hint bank-issuer" role="status">
          {t('issuer_unknown')}
        </p>
      ) : null}
      <SelectField
        register={register}
        name="bank_code"
        label={t('bank_name')}
        options={bankOptions}
        placeholder={t('choose_bank')}
      />
      <div className="id-field">
        <label className="id-field__label" htmlFor={phoneAria.id}>
          {t('reserved_phone')}
        </label>
        {phoneMasked ? (
          <p className="bank-saved">
            <span className="bank-saved__label">{t('saved_phone')}</span>{' '}
            <span className="bank-saved__value">{phoneMasked}</span>
          </p>
        ) : null}
        <input
          className="id-input"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          placeholder={phoneMasked ? t('replace_phone_placeholder') : t('reserved_phone_placeholder')}
          {...register('reserved_phone')}
          {...phoneAria}
        />
        <FieldError name="reserved_phone" />
        <p className="id-hint">
          {phoneMasked && !reservedPhone ? t('keep_phone_hint') : t('reserved_phone_hint')}
        </p>
      </div>
      <AreaSelects
        legend={t('location')}
        hint={t('location_hint')}
        levels={[
          { name: 'province_code', label: t('province'), placeholder: t('choose_province') },
          { name: 'city_code', label: t('city'), placeholder: t('choose_city') },
        ]}
      />
    </section>
  );
}

function HongKongFields() {
  const { t, i18n } = useTranslation('bank');
  const { control, register } = useFormContext<BankValues>();
  const [code, holder] = useWatch({ control, name: ['bank_code', 'holder_name'] });
  const bank = hongKongBankOf(code ?? '');
  const options: Option[] = HONG_KONG_BANKS.map((b) => ({
    value: b.code,
    label: `${b.code} ${bankNameIn(b, i18n.language)}`,
  }));
  const [min, max] = bank?.account_digits ?? [9, 12];
  const lengthHint = bank
    ? min === max
      ? t('account_digits_exact', { n: min, code: bank.code })
      : t('account_digits_range', { min, max, code: bank.code })
    : t('account_digits_choose');
  const holderAria = useInputProps('holder_name');
  return (
    <section className="step-section" aria-labelledby="bank-account-title">
      <h2 className="step-section__title" id="bank-account-title">
        {t('hk_title')}
      </h2>
      <SelectField
        register={register}
        name="bank_code"
        label={t('hk_bank')}
        options={options}
        placeholder={t('choose_bank')}
      />
      <NumberField name="account_number" label={t('account_number')} maxDigits={12} hint={lengthHint} />
      <div className="id-field">
        <label className="id-field__label" htmlFor={holderAria.id}>
          {t('holder_name')}
        </label>
        <input className="id-input" type="text" readOnly value={holder ?? ''} {...holderAria} />
        <FieldError name="holder_name" />
        <p className="id-hint">{holder ? t('holder_name_hint') : t('holder_name_missing')}</p>
      </div>
    </section>
  );
}

function BankForm({ info, identity }: { info: StepInfo; identity: Row }) {
  const { state } = usePageFlags();
  const idLocation = str(identity.id_location);
  const type = bankTypeFor(idLocation);
  const holderName = holderNameOf(identity);
  const schema = useMemo(() => bankSchema(type, identity), [type, identity]);
  const { form, onSubmit, submitting, formError } = useStepForm<BankValues>({
    step: 'bank',
    info,
    schema,
    toValues: (i) => bankValuesOf(i.answers, holderName, type),
    toAnswers: (v) => bankAnswersOf(v, type),
    check: (v) => checkBank(v, type, identity),
  });
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <DesignatedAccountNotice type={type} />
      {type === BANK_TYPES.mainland_card ? <MainlandFields /> : <HongKongFields />}
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

function BankScreen({ info }: { info: StepInfo }) {
  const { t } = useTranslation('bank');
  // the ID step's answers decide the form and give the holder name
  const identity = useStepInfo('identity');
  if (identity.isPending) return <p className="id-hint">{t('loading')}</p>;
  if (!identity.data) return <p className="id-field__error">{t('identity_unavailable')}</p>;
  return <BankForm info={info} identity={identity.data.answers} />;
}

export default function BankPage() {
  const { t } = useTranslation('common');
  return (
    <StepPage step="bank" title={t('title_bank')}>
      {(info) => <BankScreen info={info} />}
    </StepPage>
  );
}
