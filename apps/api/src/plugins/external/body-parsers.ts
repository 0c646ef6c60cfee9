import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@hk/domain';
import { FACE_VIDEO_MAX_BYTES } from '@hk/domain/flow/identity-media';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Form-encoded and JSON bodies up to 64 KB; multipart uploads: one file of at most 10 MB (the face
 * video's limit; read-upload.ts holds every other kind to 6 MB).
 */
export const bodyParsers = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    await app.register(multipart, {
      limits: {
        fileSize: Math.max(UPLOAD_MAX_BYTES, FACE_VIDEO_MAX_BYTES),
        files: 1,
        fields: 20,
        fieldSize: 1024,
        parts: 21,
      },
      throwFileSizeLimit: true,
    });
  },
  { name: 'body-parsers' },
);
