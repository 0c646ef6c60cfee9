import type { StepId } from '@hk/domain';
import { StepInfoResponseSchema, StepSaveResponseSchema } from '@hk/domain/flow/step-contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { userStatusQueryKey } from '../../lib/api/user-status';
import { apiPostJson } from '../../lib/api-client';
import { INFO_QUERY_KEY } from './get-info';

export type StepInfo = z.infer<typeof StepInfoResponseSchema>['data'];
export type StepSaveResult = z.infer<typeof StepSaveResponseSchema>['data'];

export const stepQueryKey = (step: StepId) => ['open-account', 'step', step] as const;

// POST /v9/OpenAccountHk/step_info/:step (docs/api/steps/README.md)
export async function fetchStepInfo(step: StepId): Promise<StepInfo> {
  return (await apiPostJson(`/v9/OpenAccountHk/step_info/${step}`, {}, StepInfoResponseSchema)).data;
}

export const stepInfoQueryOptions = (step: StepId) =>
  queryOptions({ queryKey: stepQueryKey(step), queryFn: () => fetchStepInfo(step), staleTime: 0 });

/** One step's saved answers, masked sealed values, documents, version and reopened reason. */
export function useStepInfo(step: StepId, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...stepInfoQueryOptions(step), enabled: opts.enabled ?? true });
}

export interface SaveStepBody {
  answers: Record<string, unknown>;
  confirm: boolean;
  /** The version the screen was built from (left out while nothing is saved: version 0). */
  step_version?: number | undefined;
}

// POST /v9/OpenAccountHk/step/:step
export async function saveStep(step: StepId, body: SaveStepBody): Promise<StepSaveResult> {
  const payload: Record<string, unknown> = { answers: body.answers, confirm: body.confirm };
  if (body.step_version) payload.step_version = body.step_version;
  return (await apiPostJson(`/v9/OpenAccountHk/step/${step}`, payload, StepSaveResponseSchema)).data;
}

/**
 * Saves a step. A confirmation changes the progress and may reopen other steps: the status, the
 * info and every step's cache are fetched again. A draft only refreshes nothing (the screen keeps
 * the version it got back).
 */
export function useSaveStep(step: StepId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStepBody) => saveStep(step, body),
    onSuccess: (result, body) => {
      if (!body.confirm) return;
      return Promise.all([
        qc.invalidateQueries({ queryKey: ['open-account', 'step'] }),
        qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
      ]).then(() => result);
    },
  });
}
