import { envelope } from '@hk/domain';
import { JobIdParamsSchema, JobViewSchema } from '@hk/domain/staff/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { downloadEvidenceExport } from '../../plugins/app/evidence/evidence-export-job';
import { fetchJobView } from '../../plugins/app/jobs/job-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { clientOf, staffResponses } from './shared';

// Background jobs (issue #22, docs/backoffice.md "Jobs"), inside backofficeApiRoutes: the staff
// session, CSRF and no-store come from there. Which jobs a member sees is the domain's rule
// (checkCanSeeJob): another's job, or one of a kind they may not use, is not found.

export async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/jobs/:id',
    {
      schema: { params: JobIdParamsSchema, response: staffResponses(envelope(JobViewSchema)) },
    },
    async (request) => ok(await fetchJobView(ctx, staffSessionOf(request), request.params.id, request.lang)),
  );

  // A prepared evidence pack, for the member who asked for it: a POST, as each download is written
  // to the access log (and carries the CSRF token like every call that changes something).
  app.post('/jobs/:id/download', { schema: { params: JobIdParamsSchema } }, async (request, reply) => {
    const session = staffSessionOf(request);
    const client = clientOf(request);
    const file = await downloadEvidenceExport(ctx, request.params.id, {
      via: 'console',
      staffId: session.staff.id,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}
