import { ErrorEnvelopeSchema, envelope } from '@hk/domain';
import * as z from 'zod/mini';

export function ok<T>(data: T, info = 'ok') {
  return { status: 0, data, info };
}

/**
 * Response schemas of a route: the success envelope, or the error envelope on the same HTTP 200
 * (business outcomes), plus the transport failures (stack notes: every status a route sends must
 * be listed).
 */
export function responses<T extends z.ZodMiniType>(success: T) {
  return {
    200: z.union([success, ErrorEnvelopeSchema]),
    400: ErrorEnvelopeSchema,
    404: ErrorEnvelopeSchema,
    413: ErrorEnvelopeSchema,
    415: ErrorEnvelopeSchema,
    429: ErrorEnvelopeSchema,
    500: ErrorEnvelopeSchema,
  };
}

export { envelope };
