import { ErrorCode, type StepId } from '@hk/domain';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod/mini';
import { userStatusQueryOptions } from '../../lib/api/user-status';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { usePageFlags } from '../../lib/page-flags';
import { onBeforeReleaseReload } from '../../lib/release-reload';
import { ERROR_TOAST_MS, showToast } from '../../lib/toast';
import { type StepInfo, type StepSaveResult, stepQueryKey, useSaveStep } from '../api/step-api';
import { checkHasFieldErrorPlace } from './field-error-places';
import { focusUploadControl } from './use-document-rebuild';
import { useStepNavigate } from './use-step-navigate';

export interface UseStepFormOptions<V extends FieldValues> {
  step: StepId;
  /** The step as loaded when the screen opened (StepPage passes it). */
  info: StepInfo;
  /** The domain's complete form (errors are message keys of the `errors` namespace). */
  schema: z.ZodMiniType<Record<string, unknown>>;
  /** The form's values from the saved answers. */
  toValues: (info: StepInfo) => DefaultValues<V>;
  /** The answers sent from the form's values (default: the values as they are). */
  toAnswers?: (values: V) => Record<string, unknown>;
  /**
   * Rules over the values beyond the schema (the domain's `check`, with what the screen knows of
   * the other steps): field → message key. Run before the confirmation is sent.
   */
  check?: (values: V) => Record<string, string>;
  /** Where to go once confirmed (default: the server's next step, or the progress page when editing). */
  onConfirmed?: (result: StepSaveResult) => void;
  /** Drafts are saved while the person types (off for a confirmed step: a draft would unconfirm it). */
  autosave?: boolean;
  /**
   * What was typed in this form before it was rebuilt (useDocumentRebuild): it wins over the saved
   * answers and is saved again as a draft.
   */
  carried?: FieldValues | null;
}

const DRAFT_DELAY_MS = 800;

/** The names of the fields in error ('a', 'list.0.b'). */
function errorNames(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = `${prefix}${key}`;
    if ('message' in value || 'type' in value) out.push(name);
    else out.push(...errorNames(value as FieldErrors, `${name}.`));
  }
  return out;
}

/**
 * Of the fields in error that can take the focus, the one first on the screen (each field of the kit
 * has the id sf-<name>): react-hook-form's own order is the order the fields were registered in, so a
 * field shown later (the mainland area, once the region is chosen) would come after the ones below
 * it (issue #16). Fields not found on the screen come last, in the order given.
 */
function firstOnScreen<V extends FieldValues>(form: UseFormReturn<V>, names: string[]): string | undefined {
  const fields = form.control._fields;
  const focusable = names.filter((n) => {
    const f = (get(fields, n) as { _f?: { ref?: { focus?: unknown }; refs?: unknown[] } } | undefined)?._f;
    return Boolean(f && (f.ref?.focus || f.refs?.length));
  });
  const element = (n: string) => document.getElementById(`sf-${n.replace(/\./g, '-')}`);
  const placed = focusable.map((name) => ({ name, el: element(name) }));
  placed.sort((a, b) => {
    if (!a.el || !b.el) return a.el ? -1 : b.el ? 1 : 0;
    return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return placed[0]?.name;
}

/**
 * The form of one step on the generic step call:
 * - validated with the domain's schema (the server parses the same one), errors at the field in
 *   the person's language (message keys of `errors`);
 * - drafts saved while typing (a reload, a logout or another device finds them), only while the
 *   step is not confirmed;
 * - every save names the version it was built from; a save made meanwhile elsewhere (2007) is
 *   loaded again, what was typed here stays, and the person is told;
 * - the confirmation's field errors from the server land on their fields; the person goes on to
 *   the step the server says is next (which may be one a change reopened).
 */
export function useStepForm<V extends FieldValues>(opts: UseStepFormOptions<V>) {
  const { step, info, schema } = opts;
  const { t } = useTranslation('flow');
  const qc = useQueryClient();
  const save = useSaveStep(step);
  const goNext = useStepNavigate();
  const { state } = usePageFlags();
  const version = useRef(info.version);
  const confirmed = useRef(info.confirmed_at !== null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // saves run one after another: a draft in flight finishes before the next save names its version
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const form = useForm<V>({
    defaultValues: (opts.carried
      ? { ...opts.toValues(info), ...opts.carried }
      : opts.toValues(info)) as DefaultValues<V>,
    resolver: standardSchemaResolver(schema as never) as unknown as Resolver<V>,
    mode: 'onTouched',
    // the first invalid field on the screen takes the focus (firstOnScreen), not the first registered
    shouldFocusError: false,
  });
  const focusFirstInvalid = useCallback(
    (names: string[]) => {
      const first = firstOnScreen(form, names);
      if (first) form.setFocus(first as FieldPath<V>);
      return first !== undefined;
    },
    [form],
  );
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const answersOf = useCallback(
    (values: V) => (optsRef.current.toAnswers ? optsRef.current.toAnswers(values) : { ...values }),
    [],
  );

  const reloadVersion = useCallback(async () => {
    const fresh = await qc.fetchQuery({
      queryKey: stepQueryKey(step),
      queryFn: () => import('../api/step-api').then((m) => m.fetchStepInfo(step)),
    });
    version.current = fresh.version;
    confirmed.current = fresh.confirmed_at !== null;
  }, [qc, step]);

  const reloadAfterConflict = useCallback(async () => {
    await reloadVersion();
    void showToast(t('code_step_version_conflict', { ns: 'errors' }), 'warn', ERROR_TOAST_MS);
  }, [reloadVersion, t]);

  // This screen changed the step's documents (an upload or a removal, announced by saveDraftNow):
  // the server made a new version the form does not know of until it is rebuilt (issue #22: a
  // draft sent in between was refused with 2007 and the person told of "another device").
  const ownDocumentChange = useRef(false);

  const enqueue = useCallback(<R>(fn: () => Promise<R>): Promise<R> => {
    const run = queue.current.then(fn, fn);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const saveDraft = useCallback(
    (values: V) =>
      enqueue(async () => {
        let answers = answersOf(values);
        let reloaded = false;
        let stripped = false;
        // at most: once again without the invalid fields, once again at the version reloaded
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            const r = await save.mutateAsync({ answers, confirm: false, step_version: version.current });
            version.current = r.version;
            // a draft accepted at the version this form knew: the screen's own change, if any,
            // made none (a failed upload); a conflict from here on is someone else's again
            if (!reloaded) ownDocumentChange.current = false;
            return;
          } catch (err) {
            if (err instanceof ApiError && err.status === ErrorCode.STEP_VERSION_CONFLICT) {
              // after this screen's own upload or removal the new version is its own: take it and
              // save again, once, without a word; otherwise someone else saved (another device)
              if (ownDocumentChange.current && !reloaded) {
                // one conflict is the screen's own change: taken once, then it is used up
                ownDocumentChange.current = false;
                reloaded = true;
                await reloadVersion();
                continue;
              }
              await reloadAfterConflict();
              return;
            }
            // a half-typed field is not a draft: save the rest without it
            if (err instanceof ApiError && err.status === ErrorCode.VALIDATION_FAILED && !stripped) {
              stripped = true;
              const bad = new Set(Object.keys(err.fields).map((f) => f.split('.')[0]));
              answers = Object.fromEntries(Object.entries(answers).filter(([k]) => !bad.has(k)));
              continue;
            }
            return; // drafts fail quietly; the confirmation says what is wrong
          }
        }
      }),
    [answersOf, enqueue, reloadAfterConflict, reloadVersion, save],
  );

  // drafts while typing, only for a step not yet confirmed. The subscription lives as long as the
  // form: a re-render (a choice re-renders its field) must not cancel the pending draft's timer.
  const autosave = (opts.autosave ?? true) && info.confirmed_at === null;
  const saveDraftRef = useRef(saveDraft);
  saveDraftRef.current = saveDraft;
  // the pending draft's timer, and whether a confirmation is on its way: a draft queued behind the
  // confirmation would be saved after it and unconfirm the step (it holds nothing the confirmation
  // did not send)
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const confirming = useRef(false);
  useEffect(() => {
    if (!autosave) return;
    const sub = form.watch((_, { type }) => {
      if (type !== 'change' && type !== undefined) return;
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => {
        draftTimer.current = undefined;
        if (!confirmed.current && !confirming.current) void saveDraftRef.current(form.getValues());
      }, DRAFT_DELAY_MS);
    });
    // issue #24: a reload into a new release first saves the draft still waiting for its timer
    const offReload = onBeforeReleaseReload(() => {
      if (draftTimer.current === undefined) return queue.current;
      clearTimeout(draftTimer.current);
      draftTimer.current = undefined;
      if (confirmed.current || confirming.current) return queue.current;
      return saveDraftRef.current(form.getValues());
    });
    return () => {
      clearTimeout(draftTimer.current);
      offReload();
      sub.unsubscribe();
    };
  }, [autosave, form]);

  // a rebuilt form saves what it carried over (the draft before the rebuild may have been refused)
  const carriedOnMount = useRef(opts.carried);
  useEffect(() => {
    if (autosave && carriedOnMount.current && !confirmed.current) void saveDraftRef.current(form.getValues());
  }, [autosave, form]);

  const applyFieldErrors = useCallback(
    (fields: Record<string, string>) => {
      const names = Object.keys(fields);
      for (const name of names)
        form.setError(name as FieldPath<V>, { type: 'server', message: fields[name] });
      // said at its field, once: a field of the form, or one the screen has a <FieldError> for (a
      // document kind, e.g. the face video); only a field with no place on the screen is said
      // above the button (issue #22: the missing video was said twice, and announced twice)
      const shown = names.filter(
        (n) => n in form.getValues() || n.includes('.') || checkHasFieldErrorPlace(form.control, n),
      );
      const unshown = names.filter((n) => !shown.includes(n));
      if (unshown.length) setFormError(fields[unshown[0]!]!);
      if (!focusFirstInvalid(shown)) {
        // no form control to focus: the first upload control of a missing document, if any
        for (const name of shown) if (focusUploadControl({ kind: name })) break;
      }
    },
    [form, focusFirstInvalid],
  );

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      const problems = optsRef.current.check?.(values) ?? {};
      if (Object.keys(problems).length) {
        applyFieldErrors(problems);
        return;
      }
      setSubmitting(true);
      clearTimeout(draftTimer.current);
      confirming.current = true;
      try {
        const result = await enqueue(() =>
          save.mutateAsync({ answers: answersOf(values), confirm: true, step_version: version.current }),
        );
        version.current = result.version;
        confirmed.current = true;
        if (optsRef.current.onConfirmed) optsRef.current.onConfirmed(result);
        else goNext(result.next_step, state);
      } catch (err) {
        if (err instanceof ApiError && err.status === ErrorCode.STEP_VERSION_CONFLICT) {
          await reloadAfterConflict();
        } else if (err instanceof ApiError && err.status === ErrorCode.STEP_NOT_READY) {
          // an earlier step is open again (a draft of this one reopened it, or another device changed
          // it): this step's answers are kept as a draft; the person goes to that step, which says why
          void showToast(err.message || t('save_failed'), 'warn', ERROR_TOAST_MS);
          const status = await qc.fetchQuery({ ...userStatusQueryOptions(), staleTime: 0 });
          goNext(status.next_step, null);
        } else if (err instanceof ApiError && err.status === ErrorCode.VALIDATION_FAILED) {
          if (Object.keys(err.fields).length) applyFieldErrors(err.fields);
          else setFormError(err.message);
        } else {
          setFormError(err instanceof Error && err.message ? err.message : t('save_failed'));
        }
      } finally {
        confirming.current = false;
        setSubmitting(false);
      }
    },
    (errors) => {
      focusFirstInvalid(errorNames(errors));
    },
  );

  return {
    form: form as UseFormReturn<V>,
    onSubmit,
    submitting,
    formError,
    setFormError,
    /** The current version (after this screen's own saves). */
    version: () => version.current,
    /**
     * Saves the current values as a draft now, before this screen changes the step's documents
     * (an upload or a removal): the draft waiting for its moment goes with it (sent after the
     * upload it would name the version from before it: issue #22), and a conflict from here on is
     * this screen's own change, not another device's.
     */
    saveDraftNow: async () => {
      clearTimeout(draftTimer.current);
      await saveDraft(form.getValues());
      // from here the screen changes its documents: the next conflict is its own, once; a draft
      // accepted before it (the change failed) ends the allowance (issue #22: it never ended, so a
      // later save by another device was taken silently after a failed upload)
      ownDocumentChange.current = true;
    },
  };
}
