import { envelope } from '@hk/domain';
import {
  DisposalListSchema,
  HoldParamsSchema,
  PlaceHoldRequestSchema,
  RecordsParamsSchema,
  RecordsViewSchema,
  ReleaseHoldRequestSchema,
} from '@hk/domain/evidence/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { exportEvidencePack, zipEvidencePack } from '../../plugins/app/evidence/evidence-service';
import {
  fetchDisposalList,
  fetchRecords,
  placeHold,
  releaseHold,
} from '../../plugins/app/evidence/records-service';
import { requireStaff, staffSessionOf } from '../../plugins/app/staff/require-staff';
import { clientOf, staffWriteResponses } from './index';

// An application's records (issue #15, docs/evidence-pack.md), inside backofficeApiRoutes: the
// staff session, CSRF and no-store come from there; each route names its permission.

export async function evidenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const View = envelope(RecordsViewSchema);

  // registered before /records/:id, though the id's pattern would refuse "disposal" anyway
  app.get(
    '/records/disposal',
    {
      preValidation: requireStaff('records.read'),
      schema: { response: staffWriteResponses(envelope(DisposalListSchema)) },
    },
    async () => ok(await fetchDisposalList(ctx)),
  );

  app.get(
    '/records/:id',
    {
      preValidation: requireStaff('records.read'),
      schema: { params: RecordsParamsSchema, response: staffWriteResponses(View) },
    },
    async (request) => ok(await fetchRecords(ctx, staffSessionOf(request), request.params.id)),
  );

  app.post(
    '/records/:id/holds',
    {
      preValidation: requireStaff('records.hold'),
      schema: {
        params: RecordsParamsSchema,
        body: PlaceHoldRequestSchema,
        response: staffWriteResponses(View),
      },
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
      schema: {
        params: HoldParamsSchema,
        body: ReleaseHoldRequestSchema,
        response: staffWriteResponses(View),
      },
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
