import { createHash } from 'node:crypto';
import type { DocumentKind } from '@hk/domain';
import type { AppContext } from '../../../context';
import { type DocumentRow, insertReplacingDocument } from './document-repository';
import type { FileStore } from './file-store';
import { cleanUploadedImage } from './image';

/**
 * An ID photo from upload to storage: checked and re-encoded (metadata gone), written encrypted,
 * then its row inserted, replacing the previous photo of that kind. The file is written before the
 * row and removed if the row fails, so a crash never leaves a row without its bytes.
 */
export async function storeIdPhoto(
  ctx: AppContext,
  files: FileStore,
  input: { userId: string; applicationId: string; kind: DocumentKind; bytes: Buffer },
): Promise<DocumentRow> {
  const image = await cleanUploadedImage(input.bytes);
  const storageKey = await files.put(image.bytes);
  let result: Awaited<ReturnType<typeof insertReplacingDocument>>;
  try {
    result = await insertReplacingDocument(ctx.db, {
      userId: input.userId,
      applicationId: input.applicationId,
      kind: input.kind,
      storageKey,
      mime: image.mime,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
      now: ctx.now(),
    });
  } catch (err) {
    await files.remove(storageKey); // no row, so no file either
    throw err;
  }
  // After the commit: the replaced photos' rows are soft-deleted, their bytes go now.
  await Promise.all(result.replacedKeys.map((key) => files.remove(key)));
  return result.document;
}
