import { envelope } from '@hk/domain';
import {
  DisposalListSchema,
  HoldParamsSchema,
  PlaceHoldRequestSchema,
  RecordsParamsSchema,
  RecordsViewSchema,
  ReleaseHoldRequestSchema,
} from '@hk/domain/evidence/contracts';
import { JobViewSchema } from '@hk/domain/staff/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { enqueueEvidenceExport } from '../../plugins/app/evidence/evidence-export-job';
import {
  fetchDisposalList,
  fetchRecords,
  placeHold,
  releaseHold,
} from '../../plugins/app/evidence/records-service';
import { jobViewOf } from '../../plugins/app/jobs/job-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { clientOf, staffWriteResponses } from './shared';

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
      schema: { response: staffWriteResponses(envelope(DisposalListSchema)) },
    },
    async () => ok(await fetchDisposalList(ctx)),
  );

  app.get(
    '/records/:id',
    {
      schema: { params: RecordsParamsSchema, response: staffWriteResponses(View) },
    },
    async (request) => ok(await fetchRecords(ctx, staffSessionOf(request), request.params.id)),
  );

  app.post(
    '/records/:id/holds',
    {
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

  // The evidence pack (records.export), prepared as a job (issue #22, docs/backoffice.md "Jobs"):
  // this answers the job at once; the console follows it at GET /jobs/:id and downloads the zip
  // at POST /jobs/:id/download. A POST: it starts work, and carries the CSRF token.
  app.post(
    '/records/:id/evidence-pack',
    {
      schema: { params: RecordsParamsSchema, response: staffWriteResponses(envelope(JobViewSchema)) },
    },
    async (request) => {
      const session = staffSessionOf(request);
      const client = clientOf(request);
      const job = await enqueueEvidenceExport(ctx, request.params.id, {
        via: 'console',
        staffId: session.staff.id,
        ip: client.ip,
        userAgent: client.userAgent,
        requestId: client.requestId,
      });
      return ok(jobViewOf(job, request.lang, ctx.now()));
    },
  );
}
