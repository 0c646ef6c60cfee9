import {
  DeleteFileRequestSchema,
  DeleteFileResponseSchema,
  FileParamsSchema,
  UploadResponseSchema,
} from '@hk/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import {
  requireApplication,
  requireEditable,
  toDocumentInfo,
} from '../../plugins/app/application/application-service';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import {
  findActiveDocumentOfUser,
  softDeleteDocumentOfUser,
} from '../../plugins/app/documents/document-repository';
import { storeIdPhoto } from '../../plugins/app/documents/document-service';
import { createFileStore } from '../../plugins/app/documents/file-store';
import { sweepOrphanFiles } from '../../plugins/app/documents/file-sweep';
import { readUpload } from '../../plugins/app/documents/read-upload';

/** ID photos: upload, read back (owner only) and delete. Every route needs a session. */
export async function documentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);
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
      const document = await storeIdPhoto(app.ctx, files, {
        userId,
        applicationId: application.id,
        kind,
        bytes,
      });
      return ok(toDocumentInfo(document));
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
