import { envelope } from '@hk/domain';
import {
  StaffCreatedResponseSchema,
  StaffCreateRequestSchema,
  StaffIdParamsSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffRolesRequestSchema,
  StaffSetupFinishRequestSchema,
  StaffSetupLinkRequestSchema,
  StaffSetupStartRequestSchema,
  StaffSetupStartResponseSchema,
} from '@hk/domain/staff/management';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok } from '../../lib/envelope';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import {
  changeStaffRoles,
  createStaffMember,
  disableStaffMember,
  enableStaffMember,
  finishStaffSetup,
  listStaffMembers,
  resetStaffSignIn,
  startStaffSetup,
  unlockStaffMember,
} from '../../plugins/app/staff/staff-admin-service';
import { clientOf, staffWriteResponses } from './shared';

/**
 * The staff page's API (issue #22, docs/backoffice.md "Staff page"): only `staff.manage`; every
 * change is a staff event naming the actor. And the first sign-in by a one-time link (no session
 * yet, so no CSRF token: the link's 256-bit token is the credential).
 */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const Member = envelope(StaffMemberResponseSchema);
  const Created = envelope(StaffCreatedResponseSchema);

  app.get(
    '/staff',
    { schema: { response: staffWriteResponses(envelope(StaffListResponseSchema)) } },
    async () => ok({ members: await listStaffMembers(ctx) }),
  );

  app.post(
    '/staff',
    {
      schema: { body: StaffCreateRequestSchema, response: staffWriteResponses(Created) },
    },
    async (request) =>
      ok(await createStaffMember(ctx, staffSessionOf(request), request.body, clientOf(request))),
  );

  app.put(
    '/staff/:id/roles',
    {
      schema: {
        params: StaffIdParamsSchema,
        body: StaffRolesRequestSchema,
        response: staffWriteResponses(Member),
      },
    },
    async (request) => {
      const member = await changeStaffRoles(
        ctx,
        staffSessionOf(request),
        request.params.id,
        request.body.roles,
        clientOf(request),
      );
      return ok({ member });
    },
  );

  const action = (path: string, run: typeof disableStaffMember) =>
    app.post(
      `/staff/:id/${path}`,
      {
        schema: { params: StaffIdParamsSchema, response: staffWriteResponses(Member) },
      },
      async (request) =>
        ok({ member: await run(ctx, staffSessionOf(request), request.params.id, clientOf(request)) }),
    );
  action('disable', disableStaffMember);
  action('enable', enableStaffMember);
  action('unlock', unlockStaffMember);

  app.post(
    '/staff/:id/setup-link',
    {
      schema: {
        params: StaffIdParamsSchema,
        body: StaffSetupLinkRequestSchema,
        response: staffWriteResponses(Created),
      },
    },
    async (request) =>
      ok(
        await resetStaffSignIn(
          ctx,
          staffSessionOf(request),
          request.params.id,
          request.body.linkValidHours,
          clientOf(request),
        ),
      ),
  );

  // ------------------------------------------------------------ first sign-in by a one-time link
  app.post(
    '/staff-setup/start',
    {
      config: { staffCsrfExempt: true },
      schema: {
        body: StaffSetupStartRequestSchema,
        response: staffWriteResponses(envelope(StaffSetupStartResponseSchema)),
      },
    },
    async (request) => ok(await startStaffSetup(ctx, request.body.token)),
  );

  app.post(
    '/staff-setup/finish',
    {
      config: { staffCsrfExempt: true },
      schema: {
        body: StaffSetupFinishRequestSchema,
        response: staffWriteResponses(envelope(z.object({ username: z.string() }))),
      },
    },
    async (request) => ok(await finishStaffSetup(ctx, request.body, clientOf(request))),
  );
}
