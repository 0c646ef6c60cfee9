import {
  type ApplicationInfo,
  CHINESE_NAME_RE,
  type Gender,
  type IdDetails,
  type IdType,
  idDetailsSchema,
  idTypeFor,
  parseCnIdNumber,
} from '@hk/domain';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { DatePicker } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { serverTodayInHongKong } from '../../../lib/server-today';
import { fromIsoDate, normalizeTypedDate, toIsoDate } from '../lib/dates';

export interface IdDetailsFormValues {
  id_type: IdType;
  id_location: 'CN' | 'HK' | 'OTHER';
  chinese_name: string;
  english_surname: string;
  english_given_name: string;
  name_matches_bank: boolean;
  id_number: string;
  gender: Gender | '';
  birth_date: string;
}

const FIELDS: readonly FieldPath<IdDetailsFormValues>[] = [
  'id_type',
  'id_location',
  'chinese_name',
  'english_surname',
  'english_given_name',
  'name_matches_bank',
  'id_number',
  'gender',
  'birth_date',
];

export function initialValues(step: ApplicationInfo['id_step']): IdDetailsFormValues {
  const location = step.id_location ?? 'OTHER';
  return {
    id_type: step.id_type ?? idTypeFor(location),
    id_location: location,
    chinese_name: step.chinese_name ?? '',
    english_surname: step.english_surname ?? '',
    english_given_name: step.english_given_name ?? '',
    name_matches_bank: step.name_matches_bank,
    id_number: '',
    gender: step.gender ?? '',
    birth_date: step.birth_date ?? '',
  };
}

type Suggestion = { surname: string; given: string };

/**
 * The details form: validated with the domain idDetailsSchema (the server parses the same one);
 * server field errors land on their fields. Values are never reset after an error.
 */
export function IdDetailsForm({
  step,
  submitLabel,
  onSubmit,
}: {
  step: ApplicationInfo['id_step'];
  submitLabel: string;
  /** resolves to the server's field errors (translated) when it refused some fields */
  onSubmit: (details: IdDetails) => Promise<Record<string, string> | undefined>;
}) {
  const { t } = useTranslation('id');
  const maskedOnFile = step.id_number_masked;
  const [keepStoredNumber, setKeepStoredNumber] = useState(Boolean(maskedOnFile));
  const keepRef = useRef(keepStoredNumber);
  keepRef.current = keepStoredNumber;
  const [formError, setFormError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);

  // The schema depends on today and on whether the stored number is kept, read at validation time.
  const resolver: Resolver<IdDetailsFormValues, unknown, IdDetails> = async (values, ctx, opts) => {
    const schema = idDetailsSchema({ today: serverTodayInHongKong(), hasStoredIdNumber: keepRef.current });
    const run = standardSchemaResolver(schema) as unknown as Resolver<
      IdDetailsFormValues,
      unknown,
      IdDetails
    >;
    const result = await run({ ...values, birth_date: normalizeTypedDate(values.birth_date) }, ctx, opts);
    // The schema's cross-field rules run only once every field parses, so an empty form would not
    // yet say that the Chinese name (mainland) or the ID number is missing: say it at once.
    if (Object.keys(result.errors).length > 0) {
      const errs = result.errors as Record<string, { type: string; message: string }>;
      if (values.id_location === 'CN' && !values.chinese_name.trim())
        errs.chinese_name ??= { type: 'custom', message: 'chinese_name_required' };
      if (!keepRef.current && !values.id_number.trim())
        errs.id_number ??= { type: 'custom', message: 'id_number_required' };
    }
    return result;
  };

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    trigger,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<IdDetailsFormValues, unknown, IdDetails>({
    defaultValues: initialValues(step),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // The location is chosen on the first screen, not typed here: when the info is loaded again (after
  // another device saved) and names another one, the form follows it; what was typed stays.
  useEffect(() => {
    const loaded = step.id_location ?? 'OTHER';
    if (getValues('id_location') === loaded) return;
    setValue('id_location', loaded);
    setValue('id_type', step.id_type ?? idTypeFor(loaded));
  }, [step.id_location, step.id_type, getValues, setValue]);

  const location = watch('id_location');
  const idType = watch('id_type');
  const chineseName = watch('chinese_name');
  const surname = watch('english_surname');
  const given = watch('english_given_name');
  const idNumber = watch('id_number');
  const gender = watch('gender');
  const birthDate = watch('birth_date');
  const isMainland = location === 'CN';

  // Pinyin suggestion for mainland names; the dictionary is a separate chunk loaded only here.
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  useEffect(() => {
    const name = chineseName.trim();
    if (!isMainland || !CHINESE_NAME_RE.test(name)) {
      setSuggestion(null);
      return;
    }
    let live = true;
    void import('@hk/domain/pinyin').then(({ suggestPinyinName }) => {
      if (live) setSuggestion(suggestPinyinName(name));
    });
    return () => {
      live = false;
    };
  }, [chineseName, isMainland]);
  const showSuggestion =
    suggestion &&
    (suggestion.surname !== surname.trim().toUpperCase() || suggestion.given !== given.trim().toUpperCase());

  const parsedCn =
    idType === 'cn_id' && !keepStoredNumber ? parseCnIdNumber(idNumber.trim().toUpperCase()) : null;
  const canFillFromNumber = parsedCn && (parsedCn.birthDate !== birthDate || parsedCn.gender !== gender);

  const validateAfterChange = { shouldValidate: isSubmitted, shouldDirty: true };

  const submit = handleSubmit(async (details) => {
    setFormError(null);
    try {
      const fieldErrors = await onSubmit(details);
      if (!fieldErrors) return;
      let placed = false;
      for (const [field, message] of Object.entries(fieldErrors)) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(
            field as FieldPath<IdDetailsFormValues>,
            { type: 'server', message },
            { shouldFocus: !placed },
          );
          placed = true;
        }
      }
      if (!placed) setFormError(Object.values(fieldErrors)[0] ?? t('save_failed'));
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : t('save_failed'));
    }
  });

  // Client errors carry an i18n key of the `errors` namespace; server errors are already translated.
  const messageFor = (field: FieldPath<IdDetailsFormValues>) => {
    const e = errors[field as keyof typeof errors];
    if (!e?.message) return undefined;
    return e.type === 'server' ? e.message : t(e.message, { ns: 'errors' });
  };
  const fieldProps = (field: FieldPath<IdDetailsFormValues>) => {
    const message = messageFor(field);
    return {
      id: `idf-${field}`,
      'aria-invalid': Boolean(message),
      'aria-describedby': message ? `idf-${field}-error` : undefined,
    };
  };
  const errorOf = (field: FieldPath<IdDetailsFormValues>) => {
    const message = messageFor(field);
    return message ? (
      <p className="id-field__error" id={`idf-${field}-error`}>
        {message}
      </p>
    ) : null;
  };

  /** A labelled text input of a name field, with its error under it. */
  const textField = (
    field: 'chinese_name' | 'english_surname' | 'english_given_name',
    label: string,
    input: InputHTMLAttributes<HTMLInputElement>,
    hint?: ReactNode,
  ) => (
    <div className="id-field">
      <label className="id-field__label" htmlFor={`idf-${field}`}>
        {label}
      </label>
      <input
        className="id-input"
        type="text"
        autoComplete="off"
        {...input}
        {...register(field)}
        {...fieldProps(field)}
      />
      {errorOf(field)}
      {hint}
    </div>
  );
  // English names as on ID and bank records: upper case, no spell checking.
  const latinName = {
    className: 'id-input id-input--upper',
    autoCapitalize: 'characters',
    spellCheck: false,
    maxLength: 40,
  };

  // the picker offers no day after today in Hong Kong, the day the age rule is judged on
  const today = fromIsoDate(serverTodayInHongKong()) ?? new Date();
  const pickerValue = fromIsoDate(normalizeTypedDate(birthDate)) ?? new Date(1990, 0, 1);

  return (
    <form className="id-form" noValidate onSubmit={submit}>
      {textField('chinese_name', isMainland ? t('chinese_name') : t('chinese_name_optional'), {
        lang: 'zh',
        maxLength: 20,
      })}
      {textField('english_surname', t('english_surname'), latinName)}
      {textField(
        'english_given_name',
        t('english_given_name'),
        latinName,
        <p className="id-hint">{t('english_name_hint')}</p>,
      )}

      {showSuggestion && suggestion && (
        <div className="id-suggestion" role="note">
          <span>{t('pinyin_suggestion', { name: `${suggestion.surname} ${suggestion.given}` })}</span>
          <button
            type="button"
            className="id-btn id-btn--ghost id-btn--small"
            onClick={() => {
              setValue('english_surname', suggestion.surname, validateAfterChange);
              setValue('english_given_name', suggestion.given, validateAfterChange);
            }}
          >
            {t('use_suggestion')}
          </button>
        </div>
      )}

      <div className="id-field id-field--check">
        <label className="id-check">
          <input type="checkbox" {...register('name_matches_bank')} {...fieldProps('name_matches_bank')} />
          <span>{t('name_matches_bank')}</span>
        </label>
        {errorOf('name_matches_bank')}
      </div>

      <div className="id-field">
        <span className="id-field__label" id="idf-id_type-label">
          {t('id_type')}
        </span>
        <output className="id-readonly" aria-labelledby="idf-id_type-label">
          {t(`id_type_${idType}`)}
        </output>
        {errorOf('id_type')}
      </div>

      <div className="id-field">
        <label
          className="id-field__label"
          htmlFor={keepStoredNumber ? 'idf-id_number-masked' : 'idf-id_number'}
        >
          {t('id_number')}
        </label>
        {keepStoredNumber && maskedOnFile ? (
          <div className="id-masked">
            <output id="idf-id_number-masked" className="id-readonly">
              {maskedOnFile}
            </output>
            <button
              type="button"
              className="id-btn id-btn--ghost id-btn--small"
              aria-label={t('change_id_number_label')}
              onClick={() => {
                setKeepStoredNumber(false);
                setValue('id_number', '');
              }}
            >
              {t('change')}
            </button>
          </div>
        ) : (
          <>
            <input
              className="id-input id-input--upper"
              type="text"
              inputMode="text"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              placeholder={t(`id_number_placeholder_${idType}`)}
              {...register('id_number', {
                setValueAs: (v: string) => v.toUpperCase(),
                onChange: (e: { target: HTMLInputElement }) => {
                  const up = e.target.value.toUpperCase();
                  if (up !== e.target.value) e.target.value = up;
                },
              })}
              {...fieldProps('id_number')}
            />
            {maskedOnFile && (
              <button
                type="button"
                className="id-btn id-btn--link id-btn--small"
                onClick={() => {
                  setKeepStoredNumber(true);
                  setValue('id_number', '', validateAfterChange);
                }}
              >
                {t('keep_id_number')}
              </button>
            )}
          </>
        )}
        {errorOf('id_number')}
        {canFillFromNumber && parsedCn && (
          <button
            type="button"
            className="id-btn id-btn--ghost id-btn--small"
            onClick={() => {
              setValue('birth_date', parsedCn.birthDate, validateAfterChange);
              setValue('gender', parsedCn.gender, validateAfterChange);
            }}
          >
            {t('fill_from_id_number')}
          </button>
        )}
      </div>

      <fieldset
        className="id-field id-segmented"
        aria-describedby={messageFor('gender') ? 'idf-gender-error' : undefined}
      >
        <legend className="id-field__label">{t('gender')}</legend>
        <div className="id-segmented__options">
          {(['M', 'F'] as const).map((g) => (
            <label key={g} className={`id-segmented__option${gender === g ? ' is-selected' : ''}`}>
              <input type="radio" value={g} {...register('gender', { deps: ['id_number'] })} />
              <span>{t(g === 'M' ? 'gender_m' : 'gender_f')}</span>
            </label>
          ))}
        </div>
        {errorOf('gender')}
      </fieldset>

      <div className="id-field">
        <label className="id-field__label" htmlFor="idf-birth_date">
          {t('birth_date')}
        </label>
        <div className="id-date">
          <input
            className="id-input"
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t('birth_date_placeholder')}
            maxLength={10}
            {...register('birth_date', {
              // a mainland number must agree with the date of birth and gender: re-check it too
              deps: ['id_number'],
              onBlur: (e: { target: HTMLInputElement }) => {
                const n = normalizeTypedDate(e.target.value);
                if (n !== e.target.value) setValue('birth_date', n, validateAfterChange);
              },
            })}
            {...fieldProps('birth_date')}
          />
          <button
            type="button"
            className="id-btn id-btn--ghost id-btn--small"
            onClick={() => setPickerOpen(true)}
          >
            {t('choose_date')}
          </button>
        </div>
        {errorOf('birth_date')}
        <DatePicker
          visible={pickerOpen}
          onClose={() => setPickerOpen(false)}
          title={t('birth_date')}
          confirmText={t('confirm')}
          cancelText={t('cancel')}
          precision="day"
          min={new Date(1900, 0, 1)}
          max={today}
          value={pickerValue}
          renderLabel={(_type, n) => String(n).padStart(2, '0')}
          onConfirm={(d) => {
            setValue('birth_date', toIsoDate(d), { shouldDirty: true });
            if (isSubmitted) void trigger(['birth_date', 'id_number']);
          }}
        />
      </div>

      {formError && (
        <p className="id-field__error" role="alert">
          {formError}
        </p>
      )}

      <div className="id-actions">
        <button type="submit" className="id-btn id-btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
