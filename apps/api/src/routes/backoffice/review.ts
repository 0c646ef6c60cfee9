import { envelope } from '@hk/domain';
import {
  AccessEventsResponseSchema,
  ApproveCaseRequestSchema,
  AssignCaseRequestSchema,
  AssigneeListSchema,
  CaseActionRequestSchema,
  CaseActionResponseSchema,
  CaseQueueQuerySchema,
  CaseQueueSchema,
  CaseViewSchema,
  DecideItemRequestSchema,
  DeclineCaseRequestSchema,
  StaffMemberListSchema,
} from '@hk/domain/review/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok } from '../../lib/envelope';
import {
  fetchAccessEvents,
  fetchAccessEventsOfStaff,
  fetchStaffMembers,
} from '../../plugins/app/review/access-audit';
import {
  approveCase,
  assignCase,
  decideItem,
  declineCase,
  fetchAssignees,
  recommendCase,
  returnCase,
} from '../../plugins/app/review/case-actions';
import { readCaseDocument } from '../../plugins/app/review/case-documents';
import { fetchQueue } from '../../plugins/app/review/case-queue';
import { fetchCaseView } from '../../plugins/app/review/case-view-query';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';

/**
 * The signed-in staff member, speaking the language of this request (the console's \`lang\` header
 * when it sends one, else the account's): the case view's labels, reasons and flags are rendered in it.
 */
function reviewerOf(request: FastifyRequest) {
  const session = staffSessionOf(request);
  return { ...session, staff: { ...session.staff, language: request.lang } };
}

import { clientOf, staffWriteResponses } from './shared';

// The review calls of the staff console (issue #14, packages/domain/src/review/contracts.ts,
// docs/backoffice.md "Review and decisions"). Registered inside backofficeApiRoutes: the staff
// session, CSRF, no-store and each route's permission (the table in
// packages/domain/src/staff/permissions.ts) come from there; the service decides the rest.

const CaseParams = z.object({ id: z.string().check(z.maxLength(64)) });
const ItemParams = z.object({
  id: z.string().check(z.maxLength(64)),
  key: z.string().check(z.maxLength(100)),
});
const DocumentParams = z.object({
  id: z.string().check(z.maxLength(64)),
  documentId: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
});

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const View = envelope(CaseViewSchema);
  const ActionResponse = envelope(CaseActionResponseSchema);

  app.get(
    '/cases',
    {
      schema: { querystring: CaseQueueQuerySchema, response: staffWriteResponses(envelope(CaseQueueSchema)) },
    },
    async (request) => ok(await fetchQueue(ctx, reviewerOf(request), request.query)),
  );

  app.get(
    '/cases/:id',
    {
      schema: { params: CaseParams, response: staffWriteResponses(View) },
    },
    async (request) => ok(await fetchCaseView(ctx, reviewerOf(request), request.params.id)),
  );

  // who a case can be given to (the console's reassignment list)
  app.get(
    '/assignees',
    {
      schema: { response: staffWriteResponses(envelope(AssigneeListSchema)) },
    },
    async (request) => ok(await fetchAssignees(ctx, reviewerOf(request))),
  );

  // to oneself (case.assign_self) or to someone else (case.reassign): the service checks which
  app.post(
    '/cases/:id/assign',
    {
      schema: {
        params: CaseParams,
        body: AssignCaseRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) => ok(await assignCase(ctx, reviewerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/cases/:id/items/:key',
    {
      schema: {
        params: ItemParams,
        body: DecideItemRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) =>
      ok(await decideItem(ctx, reviewerOf(request), request.params.id, request.params.key, request.body)),
  );

  app.post(
    '/cases/:id/return',
    {
      schema: {
        params: CaseParams,
        body: CaseActionRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) =>
      ok(await returnCase(ctx, reviewerOf(request), request.params.id, request.body, clientOf(request))),
  );

  app.post(
    '/cases/:id/recommend',
    {
      schema: {
        params: CaseParams,
        body: CaseActionRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) => ok(await recommendCase(ctx, reviewerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/cases/:id/approve',
    {
      schema: {
        params: CaseParams,
        body: ApproveCaseRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) =>
      ok(await approveCase(ctx, reviewerOf(request), request.params.id, request.body, clientOf(request))),
  );

  app.post(
    '/cases/:id/decline',
    {
      schema: {
        params: CaseParams,
        body: DeclineCaseRequestSchema,
        response: staffWriteResponses(ActionResponse),
      },
    },
    async (request) =>
      ok(await declineCase(ctx, reviewerOf(request), request.params.id, request.body, clientOf(request))),
  );

  // A document's bytes: never rendered as a page of ours (sandboxed, no sniffing), each read on record.
  app.get(
    '/cases/:id/documents/:documentId',
    { schema: { params: DocumentParams } },
    async (request, reply) => {
      const doc = await readCaseDocument(
        ctx,
        reviewerOf(request),
        request.params.id,
        request.params.documentId,
        clientOf(request),
      );
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', 'inline')
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header('x-document-intact', String(doc.intact))
        .send(doc.bytes);
    },
  );

  app.get(
    '/applications/:id/access-events',
    {
      schema: { params: CaseParams, response: staffWriteResponses(envelope(AccessEventsResponseSchema)) },
    },
    async (request) => ok(await fetchAccessEvents(ctx, reviewerOf(request), request.params.id)),
  );

  // the audit: everyone with a staff account, and one member's reads of sensitive data
  app.get(
    '/staff-members',
    {
      schema: { response: staffWriteResponses(envelope(StaffMemberListSchema)) },
    },
    async () => ok(await fetchStaffMembers(ctx)),
  );
  app.get(
    '/staff-members/:id/access-events',
    {
      schema: { params: CaseParams, response: staffWriteResponses(envelope(AccessEventsResponseSchema)) },
    },
    async (request) => ok(await fetchAccessEventsOfStaff(ctx, reviewerOf(request), request.params.id)),
  );
}
