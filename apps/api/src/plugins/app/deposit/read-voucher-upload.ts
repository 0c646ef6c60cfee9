import { UPLOAD_MAX_BYTES } from '@hk/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';

/**
 * `update_remittance`'s multipart body: one part `file` (the voucher), at most 6 MB like every
 * proof (docs/uploads.md); the multipart plugin caps the body before this runs. Other parts are
 * read and ignored.
 */
export async function readVoucherUpload(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer(); // drain anything else
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UPLOAD_FILE_MISSING');
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err; // the plugin's other limits: 413 envelope
    throw new AppError('MALFORMED_REQUEST');
  }
  if (!bytes || bytes.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  return bytes;
}
