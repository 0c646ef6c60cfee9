// The part of react-hook-form's `useForm` the login form uses, as it behaves with a resolver,
// `mode: 'onSubmit'` and `reValidateMode: 'onChange'`, without the library: the first load of
// /login does without it (decision 015). Every other form keeps react-hook-form.
//  - inputs are uncontrolled (`register`); `setValue` writes the value and the input;
//  - the first submit checks the whole form and sets every field's error (and replaces any set
//    by hand); after it, typing in a field checks the form again and sets or clears that field's
//    error only; before it, typing changes no error;
//  - `setError`, `clearErrors`, `setFocus` and `watch` as in react-hook-form.
import type { BaseSyntheticEvent } from 'react';
import { useCallback, useReducer, useRef, useState } from 'react';
import type { FieldError, FieldErrors, UseFormRegisterReturn } from 'react-hook-form';

type Values = Record<string, unknown>;
type Name<V> = Extract<keyof V, string>;

/** The form's checks: every field's first error. */
export type LightResolver<V extends Values> = (values: V) => Partial<Record<Name<V>, string>>;

export interface LightFormOptions<V extends Values> {
  resolver: LightResolver<V>;
  defaultValues: V;
  mode?: 'onSubmit';
  reValidateMode?: 'onChange';
  shouldFocusError?: false;
}

interface Registered {
  ref(el: HTMLInputElement | null): void;
  onChange(event: { target: unknown }): Promise<void>;
  onBlur(): Promise<void>;
}

export function useForm<V extends Values>(options: LightFormOptions<V>) {
  const values = useRef<V>(null as unknown as V);
  if (values.current === null) values.current = { ...options.defaultValues };
  const elements = useRef(new Map<string, HTMLInputElement>());
  const registered = useRef(new Map<string, Registered>());
  const [errors, setErrorsState] = useState<FieldErrors<V>>({});
  const errorsRef = useRef(errors);
  const submitted = useRef(false);
  const resolver = useRef(options.resolver);
  resolver.current = options.resolver;
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const publish = useCallback((next: FieldErrors<V>) => {
    errorsRef.current = next;
    setErrorsState(next);
  }, []);

  const check = useCallback(() => {
    const problems = resolver.current(values.current);
    const out: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(problems) as [string, string | undefined][]) {
      if (message) out[name] = { type: '', message, ref: elements.current.get(name) };
    }
    return out as FieldErrors<V>;
  }, []);

  const register = useCallback(
    <N extends Name<V>>(name: N): UseFormRegisterReturn<N> => {
      let r = registered.current.get(name);
      if (!r) {
        r = {
          ref(el) {
            if (!el) {
              elements.current.delete(name);
              return;
            }
            elements.current.set(name, el);
            const v = values.current[name];
            if (v !== undefined && el.value !== String(v)) el.value = String(v);
          },
          async onChange(event) {
            values.current = { ...values.current, [name]: (event.target as HTMLInputElement).value };
            if (!submitted.current) return;
            const found = check()[name];
            const next = { ...errorsRef.current } as Record<string, unknown>;
            if (found) next[name] = found;
            else if (!(name in next)) return;
            else delete next[name];
            publish(next as FieldErrors<V>);
          },
          async onBlur() {},
        };
        registered.current.set(name, r);
      }
      return { name, ref: r.ref, onChange: r.onChange, onBlur: r.onBlur } as UseFormRegisterReturn<N>;
    },
    [check, publish],
  );

  const setValue = useCallback(<N extends Name<V>>(name: N, value: V[N]) => {
    values.current = { ...values.current, [name]: value };
    const el = elements.current.get(name);
    if (el) el.value = value === undefined || value === null ? '' : String(value);
    rerender();
  }, []);

  function getValues(): V;
  function getValues<N extends Name<V>>(name: N): V[N];
  function getValues(name?: Name<V>) {
    return name === undefined ? values.current : values.current[name];
  }
  const watch = <N extends Name<V>>(name: N): V[N] => values.current[name];

  const setError = useCallback(
    (name: Name<V>, error: { type: string; message?: string }) => {
      publish({ ...errorsRef.current, [name]: { ...error, ref: elements.current.get(name) } });
    },
    [publish],
  );

  const clearErrors = useCallback(
    (names?: Name<V> | Name<V>[]) => {
      if (names === undefined) return publish({});
      const next = { ...errorsRef.current } as Record<string, unknown>;
      for (const n of Array.isArray(names) ? names : [names]) delete next[n];
      publish(next as FieldErrors<V>);
    },
    [publish],
  );

  const setFocus = useCallback((name: Name<V>) => {
    elements.current.get(name)?.focus();
  }, []);

  const handleSubmit = useCallback(
    (onValid: (values: V) => unknown, onInvalid?: (errors: FieldErrors<V>) => unknown) =>
      async (event?: BaseSyntheticEvent) => {
        event?.preventDefault?.();
        const found = check();
        publish(found);
        try {
          if (Object.keys(found).length === 0) await onValid({ ...values.current });
          else await onInvalid?.({ ...found });
        } finally {
          submitted.current = true;
        }
      },
    [check, publish],
  );

  return {
    register,
    setValue,
    getValues,
    setError,
    clearErrors,
    watch,
    handleSubmit,
    setFocus,
    formState: { errors },
  };
}
