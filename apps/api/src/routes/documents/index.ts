import {
  DeleteFileRequestSchema,
  DeleteFileResponseSchema,
  FileParamsSchema,
  UploadResponseSchema,
} from '@hk/domain';
import { PDF_MIME } from '@hk/domain/steps/address/address-proof';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok, responses } from '../../lib/envelope';
import { requireSessionNoStore } from '../../plugins/app/auth/require-session';
import { toDocumentInfo } from '../../plugins/app/documents/document-info';
import { findActiveDocumentOfUser } from '../../plugins/app/documents/document-repository';
import { deleteDocumentOfUser, storeUploadedDocument } from '../../plugins/app/documents/document-service';
import { readUpload } from '../../plugins/app/documents/read-upload';
import { eventMetaOf } from '../../plugins/app/events/event-repository';
import { FileIntegrityError } from '../../plugins/app/files/file-store';

/** Step documents: upload, read back (owner only) and delete. Every route needs a session. */
export async function documentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  requireSessionNoStore(app);

  app.post(
    '/v9/OpenAccountHk/upload',
    { schema: { response: responses(UploadResponseSchema) } },
    async (request) => {
      const { kind, bytes, liveCodeId } = await readUpload(request);
      const document = await storeUploadedDocument(app.ctx, {
        userId: request.session!.userId,
        kind,
        bytes,
        liveCodeId,
        meta: eventMetaOf(request, app.ctx.vault),
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
      let bytes: Buffer | null;
      try {
        bytes = await app.ctx.files.get(app.ctx.db, doc.storageKey);
      } catch (err) {
        if (!(err instanceof FileIntegrityError)) throw err;
        request.log.error({ document: doc.id }, 'stored file failed its integrity check');
        bytes = null;
      }
      if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
      // a PDF is only ever a download (issue #6 step 1): never shown inline, and sandboxed should
      // a browser open it anyway; images are shown in the page as before
      if (doc.mime === PDF_MIME)
        reply
          .header('content-disposition', `attachment; filename="${doc.kind}.pdf"`)
          .header('content-security-policy', 'sandbox');
      else reply.header('content-disposition', 'inline');
      return reply.header('content-type', doc.mime).header('x-content-type-options', 'nosniff').send(bytes);
    },
  );

  app.post(
    '/v9/OpenAccountHk/del_file',
    { schema: { body: DeleteFileRequestSchema, response: responses(DeleteFileResponseSchema) } },
    async (request) => {
      await deleteDocumentOfUser(app.ctx, {
        userId: request.session!.userId,
        documentId: request.body.document_id,
        meta: eventMetaOf(request, app.ctx.vault),
      });
      return ok({ document_id: request.body.document_id });
    },
  );
}
