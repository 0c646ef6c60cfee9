import {
  type AssigneeList,
  AssigneeListSchema,
  type CaseQueue,
  type CaseQueueQuery,
  CaseQueueQuerySchema,
  CaseQueueSchema,
  type CaseView,
  CaseViewSchema,
  type DecideItemRequest,
} from '@hk/domain/review/contracts';
import type { DeclineReason } from '@hk/domain/review/reasons';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import * as z from 'zod/mini';
import { callStaffApi } from '../../../lib/api';

// One file for the review calls (packages/domain/src/review/contracts.ts): every answer is parsed
// with the schema the server answers with, and every state-changing call carries the case's
// `version` (a stale one answers 409 and changes nothing).

const QUERY_KEYS = Object.keys(CaseQueueQuerySchema.shape) as (keyof CaseQueueQuery)[];

/** The query string of a queue query, in a fixed order (the same filters give the same address). */
export function queueSearchOf(query: CaseQueueQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/**
 * A queue query read from an address: each parameter checked by the contract on its own, so one
 * stale or hand-edited value is dropped instead of emptying the whole queue.
 */
export function queueQueryOf(params: URLSearchParams): CaseQueueQuery {
  const query: Record<string, unknown> = {};
  for (const key of QUERY_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = z.safeParse(CaseQueueQuerySchema.shape[key] as z.ZodMiniType, raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as CaseQueueQuery;
}

/** GET /cases: one page of the queue. */
export function fetchQueue(query: CaseQueueQuery): Promise<CaseQueue> {
  const search = queueSearchOf(query).toString();
  return callStaffApi(`/cases${search ? `?${search}` : ''}`, { schema: CaseQueueSchema });
}

const caseUrl = (id: string) => `/cases/${encodeURIComponent(id)}`;

/** GET /cases/:id */
export function fetchCase(id: string): Promise<CaseView> {
  return callStaffApi(caseUrl(id), { schema: CaseViewSchema });
}

/** POST /cases/:id/assign: to oneself. */
export function assignCaseToMe(id: string, version: number): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/assign`, { method: 'POST', body: { version }, schema: CaseViewSchema });
}

/** PUT /cases/:id/items/:key: one step's or one document's decision. */
export function decideItem(id: string, itemKey: string, request: DecideItemRequest): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/items/${encodeURIComponent(itemKey)}`, {
    method: 'PUT',
    body: request,
    schema: CaseViewSchema,
  });
}

/** POST /cases/:id/return: the items in revision go back to the applicant. */
export function returnCase(id: string, version: number): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/return`, { method: 'POST', body: { version }, schema: CaseViewSchema });
}

/** POST /cases/:id/recommend: the maker's half of maker-checker. */
export function recommendCase(id: string, version: number): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/recommend`, {
    method: 'POST',
    body: { version },
    schema: CaseViewSchema,
  });
}

/** POST /cases/:id/approve: the checker re-enters a TOTP code. */
export function approveCase(id: string, version: number, totp: string): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/approve`, {
    method: 'POST',
    body: { version, totp },
    schema: CaseViewSchema,
  });
}

/** POST /cases/:id/decline: final. */
export function declineCase(
  id: string,
  version: number,
  reason: DeclineReason,
  internalNote: string | null,
): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/decline`, {
    method: 'POST',
    body: { version, reason, internalNote },
    schema: CaseViewSchema,
  });
}

/**
 * A document's bytes, read by the browser itself (an <img>, or a new tab for a PDF): the server
 * answers them with `Content-Security-Policy: sandbox` and records the read.
 */
export function documentUrl(caseId: string, documentId: string): string {
  return `${STAFF_API_PREFIX}${caseUrl(caseId)}/documents/${encodeURIComponent(documentId)}`;
}

/** GET /assignees: who a case can be given to (case.reassign). */
export function fetchAssignees(): Promise<AssigneeList> {
  return callStaffApi('/assignees', { schema: AssigneeListSchema });
}

/** POST /cases/:id/assign with someone's id: reassignment (case.reassign). */
export function assignCaseTo(id: string, version: number, assigneeId: string): Promise<CaseView> {
  return callStaffApi(`${caseUrl(id)}/assign`, {
    method: 'POST',
    body: { version, assigneeId },
    schema: CaseViewSchema,
  });
}
