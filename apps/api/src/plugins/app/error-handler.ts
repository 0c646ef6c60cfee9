import {
  ERROR_MESSAGES,
  ErrorCode,
  type ErrorCodeName,
  errorKey,
  httpStatusOf,
  translateError,
} from '@hk/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCodeName,
  fieldKeys?: Record<string, string>,
) {
  const fields = fieldKeys
    ? Object.fromEntries(Object.entries(fieldKeys).map(([f, key]) => [f, translateError(request.lang, key)]))
    : undefined;
  const first = fields ? Object.values(fields)[0] : undefined;
  return reply
    .code(httpStatusOf(code))
    .header('cache-control', 'no-store')
    .send({
      status: ErrorCode[code],
      data: fields ? { fields } : null,
      info: first ?? translateError(request.lang, errorKey(code)),
    });
}

/** Drops what follows `params:` in a message (drizzle quotes a failed query's values there). */
function withoutParams(message: unknown): string {
  return String(message ?? '').split(/\nparams:/)[0]!;
}

/**
 * A failed query's error carries its parameters (names, birth dates, encrypted numbers) in its
 * message, stack and `params`; the log gets the type, codes, messages without the values and
 * the stack frames only.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  const e = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    stack?: unknown;
    cause?: unknown;
  };
  const frames = String(e.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return {
    type: typeof e.name === 'string' ? e.name : typeof error,
    message: withoutParams(e.message),
    ...(e.code !== undefined ? { code: String(e.code) } : {}),
    ...(frames ? { stack: frames } : {}),
    ...(e.cause && depth < 3 ? { cause: loggableError(e.cause, depth + 1) } : {}),
  };
}

/** Read at each request: the flow/ rules' messages are added to the catalogue at start-up (addErrorMessages). */
const isKnownKey = (key: string | undefined) => !!key && Object.hasOwn(ERROR_MESSAGES['zh-CN'], key);

/** Turns every failure into the envelope; nothing below 500 is ever logged as a server fault. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendError(request, reply, error.code, error.fields);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
          fields[field] ??= isKnownKey(issue.message) ? issue.message! : 'invalid_value';
        }
        return sendError(request, reply, 'VALIDATION_FAILED', fields);
      }
      const status = error.statusCode ?? 500;
      if (
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
        error.code === 'FST_REQ_FILE_TOO_LARGE' ||
        status === 413
      )
        return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
        return sendError(request, reply, 'UNSUPPORTED_MEDIA_TYPE');
      if (status >= 400 && status < 500) return sendError(request, reply, 'MALFORMED_REQUEST');
      request.log.error({ err: loggableError(error) }, 'unhandled error');
      return sendError(request, reply, 'INTERNAL');
    });
    app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND'));
  },
  { name: 'error-handler' },
);
