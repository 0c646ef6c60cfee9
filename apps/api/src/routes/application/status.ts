import { ApplicationInfoResponseSchema, UserStatusResponseSchema } from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSerializerCompiler } from '../../lib/contract-encoder';
import { ok, responses } from '../../lib/envelope';
import { readSessionInfo, readSessionStatus } from '../../plugins/app/application/applicant-view-repository';
import {
  buildApplicationInfo,
  buildUserStatus,
} from '../../plugins/app/application/application-info-service';
import { requireSessionReadingNoStore } from '../../plugins/app/auth/require-session';

/**
 * The applicant's status (every visit calls it first) and info calls: each is one query, the
 * session check included, and nothing read is cached between calls, so a staff decision shows on
 * the next call (decision 023). Each has its own prefix plugin for its own reader. Their answers are
 * written by their contract's encoder, not through zod's checked copy (decision 030).
 */
export async function applicantStatusRoutes(parent: FastifyInstance) {
  await parent.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const readingOf = requireSessionReadingNoStore(app, readSessionStatus);
    app.post(
      '/v9/OpenAccountHk/status',
      {
        schema: { response: responses(UserStatusResponseSchema) },
        serializerCompiler: contractSerializerCompiler,
      },
      async (request) => ok(await buildUserStatus(app.ctx, request.session!.userId, readingOf(request))),
    );
  });
  await parent.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const readingOf = requireSessionReadingNoStore(app, readSessionInfo);
    app.post(
      '/v9/OpenAccountHk/info',
      {
        schema: { response: responses(ApplicationInfoResponseSchema) },
        serializerCompiler: contractSerializerCompiler,
      },
      async (request) => ok(buildApplicationInfo(readingOf(request))),
    );
  });
}
