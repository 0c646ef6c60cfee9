import {
  BankUpdateTargetResponseSchema,
  RemittanceChangeRequestSchema,
  RemittanceInfoResponseSchema,
} from '@hk/domain/deposit/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { readVoucherUpload } from '../../plugins/app/deposit/read-voucher-upload';
import {
  changeRemittance,
  fetchBankUpdateTarget,
  fetchRemittanceInfo,
  uploadVoucher,
} from '../../plugins/app/deposit/remittance-service';
import { eventMetaOf } from '../../plugins/app/events/event-repository';

/**
 * The applicant's side of the identity deposit (spec §7, docs/deposit.md). Session only; each call
 * acts on the caller's own application, there is no id to pass.
 */
export async function depositRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/remittance_info',
    { schema: { response: responses(RemittanceInfoResponseSchema) } },
    async (request) =>
      ok(
        await fetchRemittanceInfo(
          app.ctx,
          request.session!.userId,
          request.lang,
          eventMetaOf(request, app.ctx.vault),
        ),
      ),
  );

  app.post(
    '/v9/OpenAccountHk/update_remittance',
    { schema: { response: responses(RemittanceInfoResponseSchema) } },
    async (request) => {
      const bytes = await readVoucherUpload(request);
      return ok(
        await uploadVoucher(app.ctx, {
          userId: request.session!.userId,
          bytes,
          lang: request.lang,
          meta: eventMetaOf(request, app.ctx.vault),
        }),
      );
    },
  );

  app.post(
    '/v9/OpenAccountHk/finish_remittance',
    { schema: { body: RemittanceChangeRequestSchema, response: responses(RemittanceInfoResponseSchema) } },
    async (request) =>
      ok(
        await changeRemittance(app.ctx, {
          userId: request.session!.userId,
          action: 'finish',
          version: request.body.remittance_version,
          lang: request.lang,
          meta: eventMetaOf(request, app.ctx.vault),
        }),
      ),
  );

  // spec §7 names it (capital V as listed) without saying what it does: docs/deposit.md § reset_status
  app.post(
    '/V9/OpenAccountHk/reset_status',
    { schema: { body: RemittanceChangeRequestSchema, response: responses(RemittanceInfoResponseSchema) } },
    async (request) =>
      ok(
        await changeRemittance(app.ctx, {
          userId: request.session!.userId,
          action: 'reset',
          version: request.body.remittance_version,
          lang: request.lang,
          meta: eventMetaOf(request, app.ctx.vault),
        }),
      ),
  );

  app.post(
    '/v9/OpenAccountHk/bank_update_target',
    { schema: { response: responses(BankUpdateTargetResponseSchema) } },
    async (request) => ok(await fetchBankUpdateTarget(app.ctx, request.session!.userId)),
  );
}
