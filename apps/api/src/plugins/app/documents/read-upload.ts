import { DOCUMENT_KINDS, type DocumentKind, UPLOAD_MAX_BYTES } from '@hk/domain';
import { FACE_VIDEO_MAX_BYTES } from '@hk/domain/steps/identity-media/form';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';

/** The largest file a kind takes: 10 MB for the face video, 6 MB for images and PDFs. */
function maxBytesOf(kind: DocumentKind): number {
  return kind === 'face_video' ? FACE_VIDEO_MAX_BYTES : UPLOAD_MAX_BYTES;
}

/**
 * Reads `kind`, `file` and, for a face video, `live_code_id` (the `liveVideoCheck` attempt it was
 * recorded with) from the multipart body; the multipart plugin caps any file at the largest limit,
 * each kind's own limit is checked here.
 */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ kind: DocumentKind; bytes: Buffer; liveCodeId: string | undefined }> {
  let kind: string | undefined;
  let liveCodeId: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
        if (part.fieldname === 'live_code_id' && typeof part.value === 'string') liveCodeId = part.value;
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
  if (bytes.length > maxBytesOf(kind as DocumentKind)) throw new AppError('UPLOAD_TOO_LARGE');
  return { kind: kind as DocumentKind, bytes, liveCodeId };
}
