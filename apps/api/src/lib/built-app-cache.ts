import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Cache rules of a built front end, the applicant's app and the staff console alike (@fastify/static's
 * `setHeaders`): hashed files under assets/ never change, so a year and immutable; anything else
 * (the page) `no-cache`, so a deploy is seen at the next load.
 */
export function setBuiltAppCacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header(
    'cache-control',
    filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}
