import { createHash } from 'node:crypto';
import {
  DeleteFileRequestSchema,
  DeleteFileResponseSchema,
  DOCUMENT_KINDS,
  type DocumentKind,
  FileParamsSchema,
  UploadResponseSchema,
} from '@hk/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import {
  requireApplication,
  requireEditable,
  toDocumentInfo,
} from '../../plugins/app/application/application-service';
import { requireSession } from '../../plugins/app/auth/require-session';
import {
  findActiveDocumentOfUser,
  insertReplacingDocument,
  softDeleteDocumentOfUser,
} from '../../plugins/app/documents/document-repository';
import { createFileStore } from '../../plugins/app/documents/file-store';
import { sweepOrphanFiles } from '../../plugins/app/documents/file-sweep';
import { cleanUploadedImage } from '../../plugins/app/documents/image';

/** Reads `kind` then `file` from the multipart body; limits come from the multipart plugin. */
async function readUpload(request: FastifyRequest): Promise<{ kind: DocumentKind; bytes: Buffer }> {
  let kind: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
      } else if (part.fieldname === 'file' && !bytes) {
        bytes = await part.toBuffer();
      } else {
        await part.toBuffer(); // drain anything else
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UPLOAD_FILE_MISSING');
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err; // the plugin's other limits: 413 envelope
    // a truncated or garbled multipart body ("Unexpected end of form"): the client's fault
    throw new AppError('MALFORMED_REQUEST');
  }
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind ?? ''))
    throw new AppError('VALIDATION_FAILED', { kind: 'document_kind_invalid' });
  if (!bytes || bytes.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
  return { kind: kind as DocumentKind, bytes };
}

/** ID photos: upload, read back (owner only) and delete. Every route needs a session. */
export async function documentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSession(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const files = createFileStore(app.ctx.config.dataDir, app.ctx.vault);
  // Crash leftovers (a file without its row) are cleared at start-up, in the background.
  app.addHook('onReady', async () => {
    sweepOrphanFiles(app.ctx.db, files, app.ctx.now()).catch((err) =>
      app.log.warn({ err }, 'orphan file sweep failed'),
    );
  });

  app.post(
    '/v9/OpenAccountHk/upload',
    { schema: { response: responses(UploadResponseSchema) } },
    async (request) => {
      const userId = request.session!.userId;
      const application = await requireApplication(app.ctx, userId);
      requireEditable(application);
      if (!application.idLocation) throw new AppError('STEP_NOT_READY');
      const { kind, bytes } = await readUpload(request);
      const image = await cleanUploadedImage(bytes);

      const storageKey = await files.put(image.bytes);
      let result: Awaited<ReturnType<typeof insertReplacingDocument>>;
      try {
        result = await insertReplacingDocument(app.ctx.db, {
          userId,
          applicationId: application.id,
          kind,
          storageKey,
          mime: image.mime,
          size: image.bytes.length,
          width: image.width,
          height: image.height,
          sha256: createHash('sha256').update(image.bytes).digest('hex'),
          now: app.ctx.now(),
        });
      } catch (err) {
        await files.remove(storageKey); // no row, so no file either
        throw err;
      }
      // After the commit: the replaced photos' rows are soft-deleted, their bytes go now.
      await Promise.all(result.replacedKeys.map((key) => files.remove(key)));
      return ok(toDocumentInfo(result.document));
    },
  );

  app.get(
    '/v9/OpenAccountHk/file/:document_id',
    { schema: { params: FileParamsSchema } },
    async (request, reply) => {
      const doc = await findActiveDocumentOfUser(
        app.ctx.db,
        request.session!.userId,
        request.params.document_id,
      );
      if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
      let bytes: Buffer;
      try {
        bytes = await files.get(doc.storageKey);
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') throw new AppError('DOCUMENT_NOT_FOUND');
        throw err;
      }
      return reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );

  app.post(
    '/v9/OpenAccountHk/del_file',
    { schema: { body: DeleteFileRequestSchema, response: responses(DeleteFileResponseSchema) } },
    async (request) => {
      const userId = request.session!.userId;
      const storageKey = await softDeleteDocumentOfUser(
        app.ctx.db,
        userId,
        request.body.document_id,
        app.ctx.now(),
      );
      if (!storageKey) throw new AppError('DOCUMENT_NOT_FOUND');
      await files.remove(storageKey);
      return ok({ document_id: request.body.document_id });
    },
  );
}
