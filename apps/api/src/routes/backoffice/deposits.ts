import { envelope } from '@hk/domain';
import {
  ApplicationSearchQuerySchema,
  ApplicationSearchSchema,
  ApplicationSummarySchema,
  CreditListQuerySchema,
  CreditListSchema,
  CreditViewSchema,
  FxRateListSchema,
  FxRateRequestSchema,
  ManualMatchRequestSchema,
  ReceivingAccountListSchema,
  RecordRefundRequestSchema,
  VoucherRequestSchema,
} from '@hk/domain/deposit/operations-contracts';
import { STATEMENT_MAX_BYTES } from '@hk/domain/deposit/statement';
import { JobViewSchema } from '@hk/domain/staff/jobs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import {
  fetchCredits,
  fetchFxRates,
  fetchReceivingAccounts,
  findApplications,
  matchCreditByHand,
  type Operator,
  putFxRate,
  recordRefund,
  requestVoucher,
} from '../../plugins/app/deposit-operations/deposit-operations-service';
import {
  enqueueStatementImport,
  type StatementUpload,
} from '../../plugins/app/deposit-operations/statement-import-job';
import { jobViewOf } from '../../plugins/app/jobs/job-service';
import { staffSessionOf } from '../../plugins/app/staff/require-staff';
import { staffWriteResponses } from './shared';

// The operations calls of the staff console (issue #15, packages/domain/src/deposit/
// operations-contracts.ts, docs/deposit.md "Operations"). Registered inside backofficeApiRoutes:
// the staff session, CSRF and no-store come from there; every route needs `deposit.match`.

const IdParams = z.object({ id: z.string().check(z.maxLength(64)) });

function operatorOf(request: FastifyRequest): Operator {
  const agent = request.headers['user-agent'];
  return {
    session: staffSessionOf(request),
    lang: request.lang,
    client: {
      ip: request.ip,
      userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
      requestId: request.id,
    },
  };
}

/** The multipart envelope around the file and the account id: boundaries, headers, the field. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * A body that says it is larger than a statement may be is refused before any byte of it is read
 * (issue #22: a refused 50 MB upload, read to its end, slowed every other request); the
 * connection is closed rather than drained. A body without a length is cut at the limit while it
 * streams (the multipart limit below).
 */
async function refuseOversizeStatement(request: FastifyRequest, reply: FastifyReply) {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD) {
    reply.header('connection', 'close');
    throw new AppError('STATEMENT_REFUSED', { file: 'statement_too_large' });
  }
}

/** The multipart body of an import: `receiving_account_id` and one `file` (at most 20 MB). */
async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  let receivingAccountId: string | undefined;
  let fileName = 'statement';
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'receiving_account_id' && typeof part.value === 'string')
          receivingAccountId = part.value;
      } else if (part.fieldname === 'file' && !bytes) {
        // the name as people read it: no path, the text rule's characters only, at most 200
        fileName =
          (part.filename ?? '')
            .split(/[\\/]/)
            .pop()
            ?.replace(/[\p{C}\u2028\u2029]/gu, '')
            .normalize('NFC')
            .slice(0, 200)
            .trim() || 'statement';
        bytes = await part.toBuffer();
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('STATEMENT_REFUSED', { file: 'statement_too_large' });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('VALIDATION_FAILED', { file: 'statement_file_required' });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw new AppError('MALFORMED_REQUEST');
  }
  if (!bytes || bytes.length === 0)
    throw new AppError('VALIDATION_FAILED', { file: 'statement_file_required' });
  return { receivingAccountId, fileName, bytes };
}

export async function depositRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/deposits/fx-rates',
    { schema: { response: staffWriteResponses(envelope(FxRateListSchema)) } },
    async () => ok(await fetchFxRates(ctx)),
  );

  app.put(
    '/deposits/fx-rates',
    {
      schema: { body: FxRateRequestSchema, response: staffWriteResponses(envelope(FxRateListSchema)) },
    },
    async (request) => ok(await putFxRate(ctx, operatorOf(request), request.body)),
  );

  app.get(
    '/deposits/receiving-accounts',
    {
      schema: { response: staffWriteResponses(envelope(ReceivingAccountListSchema)) },
    },
    async (request) => ok(await fetchReceivingAccounts(ctx, request.lang)),
  );

  // issue #22: the import is a job; this answers it at once (docs/backoffice.md "Jobs"), and the
  // console follows it at GET /jobs/:id
  app.post(
    '/deposits/imports',
    {
      onRequest: refuseOversizeStatement,
      schema: { response: staffWriteResponses(envelope(JobViewSchema)) },
    },
    async (request) => {
      const upload = await readStatementUpload(request);
      const job = await enqueueStatementImport(ctx, operatorOf(request), upload);
      return ok(jobViewOf(job, request.lang, ctx.now()));
    },
  );

  app.get(
    '/deposits/credits',
    {
      schema: {
        querystring: CreditListQuerySchema,
        response: staffWriteResponses(envelope(CreditListSchema)),
      },
    },
    async (request) => ok(await fetchCredits(ctx, request.lang, request.query)),
  );

  app.post(
    '/deposits/credits/:id/match',
    {
      schema: {
        params: IdParams,
        body: ManualMatchRequestSchema,
        response: staffWriteResponses(envelope(CreditViewSchema)),
      },
    },
    async (request) => ok(await matchCreditByHand(ctx, operatorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/deposits/credits/:id/refund',
    {
      schema: {
        params: IdParams,
        body: RecordRefundRequestSchema,
        response: staffWriteResponses(envelope(CreditViewSchema)),
      },
    },
    async (request) => ok(await recordRefund(ctx, operatorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/deposits/applications',
    {
      schema: {
        querystring: ApplicationSearchQuerySchema,
        response: staffWriteResponses(envelope(ApplicationSearchSchema)),
      },
    },
    async (request) => ok(await findApplications(ctx, request.lang, request.query.q)),
  );

  app.post(
    '/deposits/applications/:id/voucher-request',
    {
      schema: {
        params: IdParams,
        body: VoucherRequestSchema,
        response: staffWriteResponses(envelope(ApplicationSummarySchema)),
      },
    },
    async (request) => ok(await requestVoucher(ctx, operatorOf(request), request.params.id, request.body)),
  );
}
