import { ErrorEnvelopeSchema, envelope } from '@hk/domain';
import {
  DisposalListSchema,
  HoldParamsSchema,
  PlaceHoldRequestSchema,
  RecordsParamsSchema,
  RecordsViewSchema,
  ReleaseHoldRequestSchema,
} from '@hk/domain/evidence/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { ok } from '../../lib/envelope';
import { exportEvidencePack, zipEvidencePack } from '../../plugins/app/evidence/evidence-service';
import {
  fetchDisposalList,
  fetchRecords,
  placeHold,
  releaseHold,
} from '../../plugins/app/evidence/records-service';
import type { StaffRequestClient } from '../../plugins/app/review/review-service';
import { requireStaff, staffSessionOf } from '../../plugins/app/staff/require-staff';
import { staffResponses } from './index';

// An application's records (issue #15, docs/evidence-pack.md), inside backofficeApiRoutes: the
// staff session, CSRF and no-store come from there; each route names its permission.

function responses<T extends z.ZodMiniType>(success: T) {
  return { ...staffResponses(success), 409: ErrorEnvelopeSchema };
}

function clientOf(request: FastifyRequest): StaffRequestClient {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    requestId: request.id,
  };
}

export async function evidenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const View = envelope(RecordsViewSchema);

  // registered before /records/:id, though the id's pattern would refuse "disposal" anyway
  app.get(
    '/records/disposal',
    {
      preValidation: requireStaff('records.read'),
      schema: { response: responses(envelope(DisposalListSchema)) },
    },
    async () => ok(await fetchDisposalList(ctx)),
  );

  app.get(
    '/records/:id',
    {
      preValidation: requireStaff('records.read'),
      schema: { params: RecordsParamsSchema, response: responses(View) },
    },
    async (request) => ok(await fetchRecords(ctx, staffSessionOf(request), request.params.id)),
  );

  app.post(
    '/records/:id/holds',
    {
      preValidation: requireStaff('records.hold'),
      schema: { params: RecordsParamsSchema, body: PlaceHoldRequestSchema, response: responses(View) },
    },
    async (request) =>
      ok(
        await placeHold(
          ctx,
          staffSessionOf(request),
          request.params.id,
          request.body.reason,
          clientOf(request),
        ),
      ),
  );

  app.post(
    '/records/:id/holds/:holdId/release',
    {
      preValidation: requireStaff('records.hold'),
      schema: { params: HoldParamsSchema, body: ReleaseHoldRequestSchema, response: responses(View) },
    },
    async (request) =>
      ok(
        await releaseHold(
          ctx,
          staffSessionOf(request),
          request.params.id,
          request.params.holdId,
          request.body.reason,
          clientOf(request),
        ),
      ),
  );

  // The evidence pack as a zip (records.export). A POST: it writes the access event, and carries
  // the CSRF token like every call that changes something.
  app.post(
    '/records/:id/evidence-pack',
    { preValidation: requireStaff('records.export'), schema: { params: RecordsParamsSchema } },
    async (request, reply) => {
      const session = staffSessionOf(request);
      const client = clientOf(request);
      const pack = await exportEvidencePack(ctx, request.params.id, {
        via: 'console',
        staffId: session.staff.id,
        ip: client.ip,
        userAgent: client.userAgent,
        requestId: client.requestId,
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="evidence-${pack.applicationId}.zip"`)
        .header('x-content-type-options', 'nosniff')
        .send(zipEvidencePack(pack));
    },
  );
}
