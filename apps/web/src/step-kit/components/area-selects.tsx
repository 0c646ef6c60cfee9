import { type AreaOption, mainlandAreaOptions } from '@hk/domain/flow/mainland-areas';
import { type ReactNode, useMemo } from 'react';
import {
  type FieldValues,
  type UseFormRegister,
  useController,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { FieldError, useFieldError, useInputProps } from './fields';
import './area-selects.css';

/** One level of the mainland's divisions (province, city, district): its form field and its texts. */
export interface AreaLevel {
  /** the form field holding the level's 6-digit code */
  name: string;
  label: string;
  /** the empty choice ('Choose the province') */
  placeholder: string;
  /** what the select says when the area's shared error is "nothing chosen" and falls on it */
  missing?: string;
}

/**
 * The mainland's divisions as native selects, one a level (issue #16: the picker wheels could not be
 * reached by keyboard): each has its visible label and its own error, and is enabled once the level
 * before it is chosen; choosing a level empties the ones below it. The lists are the domain's
 * (`mainlandAreaOptions`, @vant/area-data): the codes saved are the same as before.
 *
 * `errorName` is a field that only carries an error about the whole selection (the address step's
 * `area`): it is said, and focused, at the first level without a choice of its list (the first level
 * when all are chosen), with that level's `missing` text when the error is `requiredError`.
 */
type Shared = {
  name: string;
  /** the focus react-hook-form calls when the selection is the first invalid field */
  ref: (el: HTMLElement | null) => void;
  /** the message, translated, and its key */
  message: string | undefined;
  raw: string | undefined;
  requiredError: string | undefined;
};

interface AreaSelectsProps {
  legend: string;
  levels: readonly AreaLevel[];
  errorName?: string | undefined;
  requiredError?: string | undefined;
  hint?: ReactNode;
}

export function AreaSelects(props: AreaSelectsProps) {
  return props.errorName ? (
    <WithSharedError {...props} errorName={props.errorName} />
  ) : (
    <AreaLevels {...props} shared={undefined} />
  );
}

/** The error-only field (it has no input of its own) handed a ref, so that it can take the focus. */
function WithSharedError(props: AreaSelectsProps & { errorName: string }) {
  const { control } = useFormContext<FieldValues>();
  const name = props.errorName;
  const { field } = useController({ control, name });
  const message = useFieldError(name);
  const { errors } = useFormState({ control, name });
  const raw = (errors[name] as { message?: unknown } | undefined)?.message;
  return (
    <AreaLevels
      {...props}
      shared={{
        name,
        ref: field.ref,
        message,
        raw: typeof raw === 'string' ? raw : undefined,
        requiredError: props.requiredError,
      }}
    />
  );
}

function AreaLevels({ legend, levels, hint, shared }: AreaSelectsProps & { shared: Shared | undefined }) {
  const { control, register, setValue, clearErrors } = useFormContext<FieldValues>();
  const codes = useWatch({ control, name: levels.map((l) => l.name) }) as (string | undefined)[];
  const tree = useMemo(() => mainlandAreaOptions(), []);

  // each level's list is the children of the choice above it; `valid` counts the levels chosen in order
  const lists: AreaOption[][] = [];
  let nodes: AreaOption[] | undefined = tree;
  let valid = 0;
  for (let i = 0; i < levels.length; i++) {
    lists.push(nodes ?? []);
    const chosen: AreaOption | undefined = nodes?.find((n) => n.value === codes[i]);
    if (chosen && valid === i) valid = i + 1;
    nodes = chosen?.children;
  }
  // where the selection's error is said and the focus goes: the first level not chosen
  const focusIndex = valid < levels.length ? valid : 0;

  return (
    <fieldset className="id-field area-selects" id={shared ? `sf-${shared.name}` : undefined}>
      <legend className="id-field__label">{legend}</legend>
      {hint ? <p className="id-hint">{hint}</p> : null}
      <div className="area-selects__levels">
        {levels.map((level, i) => (
          <AreaSelect
            key={level.name}
            level={level}
            options={lists[i]!}
            disabled={i > 0 && valid < i}
            shared={i === focusIndex ? shared : undefined}
            register={register}
            onPick={(value) => {
              // a new choice empties the levels below it: their lists are another level's
              for (const below of levels.slice(i + 1)) {
                setValue(below.name, '', { shouldDirty: true });
                clearErrors(below.name);
              }
              if (value) clearErrors(level.name);
              if (shared && value && i === levels.length - 1) clearErrors(shared.name);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

function AreaSelect({
  level,
  options,
  disabled,
  shared,
  register,
  onPick,
}: {
  level: AreaLevel;
  options: readonly AreaOption[];
  disabled: boolean;
  /** the selection's error, when it is said and focused at this select */
  shared: Shared | undefined;
  register: UseFormRegister<FieldValues>;
  onPick: (value: string) => void;
}) {
  const own = useInputProps(level.name);
  const sharedMessage = shared?.message
    ? shared.raw !== undefined && shared.raw === shared.requiredError && level.missing
      ? level.missing
      : shared.message
    : undefined;
  const sharedId = `${own.id}-area-error`;
  const describedBy =
    [own['aria-describedby'], sharedMessage ? sharedId : undefined].filter(Boolean).join(' ') || undefined;
  const registered = register(level.name, { onChange: (e) => onPick(String(e.target.value)) });
  return (
    <div className="area-selects__level">
      <label className="id-field__label area-selects__label" htmlFor={own.id}>
        {level.label}
      </label>
      <select
        className="id-select"
        {...registered}
        ref={(el) => {
          registered.ref(el);
          shared?.ref(el);
        }}
        id={own.id}
        disabled={disabled}
        aria-invalid={own['aria-invalid'] || sharedMessage !== undefined}
        aria-describedby={describedBy}
      >
        <option value="">{level.placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={level.name} />
      {sharedMessage ? (
        <p className="id-field__error" id={sharedId} role="alert">
          {sharedMessage}
        </p>
      ) : null}
    </div>
  );
}
