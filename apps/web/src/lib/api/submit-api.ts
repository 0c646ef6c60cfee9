import { AuditResponseSchema, SubmitResponseSchema } from '@hk/domain/flow/submit-contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiPost, apiPostJson } from '../api-client';

export type Audit = z.infer<typeof AuditResponseSchema>['data'];
export type AuditStep = Audit['steps'][number];
export type SubmitResult = z.infer<typeof SubmitResponseSchema>['data'];

export const auditQueryKey = ['open-account', 'audit'] as const;

// POST /v9/OpenAccountHk/audit (docs/api/steps/review.md), form-encoded (spec §7)
export async function fetchAudit(): Promise<Audit> {
  return (await apiPost('/v9/OpenAccountHk/audit', {}, AuditResponseSchema)).data;
}

export const auditQueryOptions = () =>
  queryOptions({ queryKey: auditQueryKey, queryFn: fetchAudit, staleTime: 0 });

/** Every applicable step as the review shows it, the blocking steps and the latest submission. */
export function useAudit(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...auditQueryOptions(), enabled: opts.enabled ?? true });
}

// POST /v9/OpenAccountHk/submit { idempotency_key }
export async function submitApplication(idempotencyKey: string): Promise<SubmitResult> {
  return (
    await apiPostJson('/v9/OpenAccountHk/submit', { idempotency_key: idempotencyKey }, SubmitResponseSchema)
  ).data;
}

/** A UUID v4 for the idempotency key (crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
