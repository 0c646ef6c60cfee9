import { DOCUMENT_KINDS, type DocumentKind } from '@hk/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';

/** Reads `kind` then `file` from the multipart body; limits come from the multipart plugin. */
export async function readUpload(request: FastifyRequest): Promise<{ kind: DocumentKind; bytes: Buffer }> {
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
