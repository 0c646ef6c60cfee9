import { type PageState, submitLabelKey } from '@hk/domain';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormRegister,
  type UseFormReturn,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { addFieldErrorPlace } from '../lib/field-error-places';

/**
 * Form fields of the step screens (the ID step's look: step-kit/step-kit.css). Native inputs
 * (radio cards, checkboxes, selects, date inputs) are what a phone turns into its own pickers; error
 * texts are message keys of the `errors` namespace, or a server message already translated.
 */

export interface Option<T extends string = string> {
  value: T;
  label: string;
  desc?: string;
}

/**
 * The step's <form>: gives the fields below it the form's state (errors). Every field of the kit
 * must be inside one.
 */
export function StepForm<V extends FieldValues>({
  form,
  onSubmit,
  children,
}: {
  form: UseFormReturn<V>;
  onSubmit: (e?: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form className="step-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}

const idOf = (name: string) => `sf-${name.replace(/\./g, '-')}`;

/** The translated error of a field: a message key of `errors`, or the text the server sent. */
export function useFieldError(name: string): string | undefined {
  const { t, i18n } = useTranslation('errors');
  const { errors } = useFormState();
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !message) return undefined;
  return i18n.exists(message, { ns: 'errors' }) ? t(message) : message;
}

export function FieldError({ name }: { name: string }) {
  const message = useFieldError(name);
  const { control } = useFormContext();
  // the form says this field's error here, and so not again above the button (issue #22)
  useEffect(() => addFieldErrorPlace(control, name), [control, name]);
  return message ? (
    <p className="id-field__error" id={`${idOf(name)}-error`} role="alert">
      {message}
    </p>
  ) : null;
}

/** aria wiring of an input to its label and error. */
export function useInputProps(name: string) {
  const message = useFieldError(name);
  return {
    id: idOf(name),
    'aria-invalid': Boolean(message),
    'aria-describedby': message ? `${idOf(name)}-error` : undefined,
  } as const;
}

export function TextField<V extends FieldValues>({
  register,
  name,
  label,
  hint,
  ...input
}: {
  register: UseFormRegister<V>;
  name: FieldPath<V>;
  label: string;
  hint?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const aria = useInputProps(name);
  return (
    <div className="id-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {label}
      </label>
      <input className="id-input" type="text" autoComplete="off" {...input} {...register(name)} {...aria} />
      <FieldError name={name} />
      {hint ? <p className="id-hint">{hint}</p> : null}
    </div>
  );
}

/** A date (YYYY-MM-DD) with the phone's own date picker. */
export function DateField<V extends FieldValues>({
  register,
  name,
  label,
  min,
  max,
  hint,
}: {
  register: UseFormRegister<V>;
  name: FieldPath<V>;
  label: string;
  min?: string;
  max?: string;
  hint?: ReactNode;
}) {
  const aria = useInputProps(name);
  return (
    <div className="id-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {label}
      </label>
      <input className="id-input id-date" type="date" min={min} max={max} {...register(name)} {...aria} />
      <FieldError name={name} />
      {hint ? <p className="id-hint">{hint}</p> : null}
    </div>
  );
}

/** One choice among a few, as cards (radio inputs). */
export function ChoiceField<V extends FieldValues>({
  control,
  name,
  label,
  options,
  layout = 'cards',
  onPick,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  options: readonly Option[];
  /** cards (one per line, with a description) or segmented (side by side). */
  layout?: 'cards' | 'segmented';
  onPick?: (value: string) => void;
}) {
  const { field } = useController({ control, name });
  const aria = useInputProps(name);
  const segmented = layout === 'segmented';
  // the form focuses a choice in error like any field (the first invalid field takes the focus):
  // the radio the arrow keys start from, the chosen one or else the first
  const focusIndex = Math.max(
    0,
    options.findIndex((o) => o.value === field.value),
  );
  return (
    <fieldset
      className={segmented ? 'id-field id-segmented' : 'id-field id-choices'}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      id={aria.id}
    >
      <legend className="id-field__label">{label}</legend>
      <div className={segmented ? 'id-segmented__options' : 'step-choices'}>
        {options.map((o, i) => {
          const selected = field.value === o.value;
          return (
            <label
              key={o.value}
              className={`${segmented ? 'id-segmented__option' : 'id-choice'}${selected ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={selected}
                ref={i === focusIndex ? field.ref : undefined}
                // the error is heard where the focus lands: on the radio, not only on its group
                aria-invalid={aria['aria-invalid'] || undefined}
                aria-describedby={aria['aria-describedby']}
                onChange={() => {
                  field.onChange(o.value);
                  onPick?.(o.value);
                }}
                onBlur={field.onBlur}
              />
              {segmented ? (
                o.label
              ) : (
                <span className="id-choice__text">
                  <span className="id-choice__label">{o.label}</span>
                  {o.desc ? <span className="id-choice__desc">{o.desc}</span> : null}
                </span>
              )}
            </label>
          );
        })}
      </div>
      <FieldError name={name} />
    </fieldset>
  );
}

/** Yes or no (a boolean; unanswered is undefined). */
export function YesNoField<V extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { t } = useTranslation('flow');
  const { field } = useController({ control, name });
  const aria = useInputProps(name);
  return (
    <fieldset className="id-field id-segmented" id={aria.id} aria-describedby={aria['aria-describedby']}>
      <legend className="id-field__label">{label}</legend>
      {hint ? <p className="id-hint">{hint}</p> : null}
      <div className="id-segmented__options">
        {[true, false].map((v) => (
          <label key={String(v)} className={`id-segmented__option${field.value === v ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name={name}
              checked={field.value === v}
              ref={(field.value === false ? !v : v) ? field.ref : undefined}
              aria-invalid={aria['aria-invalid'] || undefined}
              aria-describedby={aria['aria-describedby']}
              onChange={() => field.onChange(v)}
              onBlur={field.onBlur}
            />
            {v ? t('yes') : t('no')}
          </label>
        ))}
      </div>
      <FieldError name={name} />
    </fieldset>
  );
}

/** Several choices (a list of values). */
export function MultiChoiceField<V extends FieldValues>({
  control,
  name,
  label,
  options,
  hint,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  options: readonly Option[];
  hint?: ReactNode;
}) {
  const { field } = useController({ control, name });
  const aria = useInputProps(name);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <fieldset className="id-field step-multi" id={aria.id} aria-describedby={aria['aria-describedby']}>
      <legend className="id-field__label">{label}</legend>
      {hint ? <p className="id-hint">{hint}</p> : null}
      {options.map((o, i) => (
        <label
          key={o.value}
          className={`id-check step-multi__option${value.includes(o.value) ? ' is-selected' : ''}`}
        >
          <input
            type="checkbox"
            value={o.value}
            ref={i === 0 ? field.ref : undefined}
            aria-invalid={aria['aria-invalid'] || undefined}
            aria-describedby={aria['aria-describedby']}
            checked={value.includes(o.value)}
            onChange={(e) =>
              field.onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))
            }
            onBlur={field.onBlur}
          />
          <span>{o.label}</span>
        </label>
      ))}
      <FieldError name={name} />
    </fieldset>
  );
}

/** One choice from a longer list: the phone's own picker (a native select). */
export function SelectField<V extends FieldValues>({
  register,
  name,
  label,
  options,
  placeholder,
}: {
  register: UseFormRegister<V>;
  name: FieldPath<V>;
  label: string;
  options: readonly Option[];
  placeholder: string;
}) {
  const aria = useInputProps(name);
  return (
    <div className="id-field">
      <label className="id-field__label" htmlFor={aria.id}>
        {label}
      </label>
      <select className="id-select" {...register(name)} {...aria}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} />
    </div>
  );
}

/** A checkbox the person ticks to confirm or consent (true/false). */
export function CheckField<V extends FieldValues>({
  register,
  name,
  children,
}: {
  register: UseFormRegister<V>;
  name: FieldPath<V>;
  children: ReactNode;
}) {
  const aria = useInputProps(name);
  return (
    <div className="id-field id-field--check">
      <label className="id-check">
        <input type="checkbox" {...register(name)} {...aria} />
        <span>{children}</span>
      </label>
      <FieldError name={name} />
    </div>
  );
}

/** spec §2 reusable button: label by the state query; the form's error above it. */
export function StepSubmit({
  submitting,
  formError,
  state,
}: {
  submitting: boolean;
  formError: string | null;
  state: PageState | null;
}) {
  const { t, i18n } = useTranslation('flow');
  const label = t(submitLabelKey(state));
  const error =
    formError && i18n.exists(formError, { ns: 'errors' }) ? t(formError, { ns: 'errors' }) : formError;
  return (
    <div className="step-submit">
      {error ? (
        <p className="id-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="id-btn id-btn--primary" disabled={submitting}>
        {submitting ? t('saving') : label}
      </button>
    </div>
  );
}
