import type { StepId } from '@hk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type StepInfo, stepQueryKey } from '../api/step-api';

/**
 * A step's form rebuilt after its documents changed (an upload or a removal makes a new version of
 * the step): the form starts again from the reloaded step, keyed by a generation, with what the
 * person had typed carried over. The draft saved before the upload may have been refused or lost
 * to a version conflict; what was typed must survive either way (the rebuilt form saves it again).
 */
export function useDocumentRebuild(step: StepId, info: StepInfo) {
  const qc = useQueryClient();
  const [built, setBuilt] = useState<{
    generation: number;
    fresh: StepInfo | null;
    carried: FieldValues | null;
  }>({ generation: 0, fresh: null, carried: null });
  const onDocumentsChanged = useCallback(
    async (typed: FieldValues) => {
      await qc.invalidateQueries({ queryKey: stepQueryKey(step) });
      const loaded = qc.getQueryData<StepInfo>(stepQueryKey(step)) ?? null;
      setBuilt((b) => ({ generation: b.generation + 1, fresh: loaded ?? b.fresh, carried: typed }));
    },
    [qc, step],
  );
  const current = built.fresh && built.fresh.version >= info.version ? built.fresh : info;
  return { key: built.generation, info: current, carried: built.carried, onDocumentsChanged };
}
