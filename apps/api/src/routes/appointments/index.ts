import {
  AppointmentStatusResponseSchema,
  AppointRequestSchema,
  AppointResponseSchema,
} from '@hk/domain/steps/investment/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { bookAppointment, fetchAppointmentStatus } from '../../plugins/app/appointments/appointment-service';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { eventMetaOf } from '../../plugins/app/events/event-repository';

/** The risk-disclosure call's booking (spec §4, §7; docs/api/steps/investment.md). Session only, the caller's own. */
export async function appointmentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/appointment_status',
    { schema: { response: responses(AppointmentStatusResponseSchema) } },
    async (request) => ok(await fetchAppointmentStatus(app.ctx, request.session!.userId)),
  );

  app.post(
    '/v9/OpenAccountHk/appoint',
    { schema: { body: AppointRequestSchema, response: responses(AppointResponseSchema) } },
    async (request) =>
      ok(
        await bookAppointment(
          app.ctx,
          request.session!.userId,
          request.body,
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );
}
