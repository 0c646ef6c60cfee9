import type { StepId } from '@hk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type StepInfo, stepQueryKey } from '../api/step-api';

/**
 * Where the focus goes once the form is rebuilt after an upload or a removal (issue #16: it fell to
 * <body>): the control of that kind of document the person used (`via`: camera, album, pdf, retake),
 * else the newest file's own control, else the first control of the kind. Upload controls say what
 * they are with `uploadControl(kind, via)`.
 */
export interface UploadFocus {
  kind: string;
  via?: string | undefined;
}

/** The attributes that make an element an upload control `useDocumentRebuild` can focus again. */
export function uploadControl(kind: string, via: string) {
  return { 'data-upload': kind, 'data-upload-via': via } as const;
}

/** Focuses the control `focus` names (see UploadFocus); false when there is none. */
export function focusUploadControl(focus: UploadFocus, root: ParentNode = document): boolean {
  const controls = [...root.querySelectorAll<HTMLElement>(`[data-upload="${focus.kind}"]`)].filter(
    (el) => !(el as HTMLInputElement).disabled,
  );
  const target =
    (focus.via ? controls.find((el) => el.dataset.uploadVia === focus.via) : undefined) ??
    controls.filter((el) => el.dataset.uploadVia === 'file').at(-1) ??
    controls[0];
  target?.focus();
  return target !== undefined;
}

/** Where the focus was before the rebuild: a field by its id, or lost (<body>) or on an upload control. */
function focusBefore(): string | null {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || active.dataset.upload) return null;
  return active.id || null;
}

/**
 * A step's form rebuilt after its documents changed (an upload or a removal makes a new version of
 * the step): the form starts again from the reloaded step, keyed by a generation, with what the
 * person had typed carried over. The draft saved before the upload may have been refused or lost
 * to a version conflict; what was typed must survive either way (the rebuilt form saves it again).
 * The focus survives too: a field the person had moved on to keeps it; otherwise (the upload
 * control was disabled while it sent, or the person is still on it) the upload control `focus`
 * names takes it.
 */
export function useDocumentRebuild(step: StepId, info: StepInfo) {
  const qc = useQueryClient();
  const [built, setBuilt] = useState<{
    generation: number;
    fresh: StepInfo | null;
    carried: FieldValues | null;
  }>({ generation: 0, fresh: null, carried: null });
  const refocus = useRef<{ field: string | null; upload: UploadFocus | undefined } | null>(null);
  const onDocumentsChanged = useCallback(
    async (typed: FieldValues, focus?: UploadFocus) => {
      await qc.invalidateQueries({ queryKey: stepQueryKey(step) });
      const loaded = qc.getQueryData<StepInfo>(stepQueryKey(step)) ?? null;
      refocus.current = { field: focusBefore(), upload: focus };
      setBuilt((b) => ({ generation: b.generation + 1, fresh: loaded ?? b.fresh, carried: typed }));
    },
    [qc, step],
  );
  // once the rebuilt form is in the page (the old one and its focused element are gone)
  useLayoutEffect(() => {
    const want = refocus.current;
    if (built.generation === 0 || !want) return;
    refocus.current = null;
    const field = want.field ? document.getElementById(want.field) : null;
    if (field) field.focus();
    else if (want.upload) focusUploadControl(want.upload);
  }, [built.generation]);
  const current = built.fresh && built.fresh.version >= info.version ? built.fresh : info;
  return { key: built.generation, info: current, carried: built.carried, onDocumentsChanged };
}
