import { createHash } from 'node:crypto';
import { ERROR_MESSAGES, UPLOAD_MAX_BYTES } from '@hk/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { checkUploadedImageHeader } from '../documents/image';

/** A content image as stored: re-encoded by the heavy-work pool, its SHA-256 the public name. */
export interface ContentImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
}

/**
 * The same processing as the applicant's photos (docs/uploads.md): the type by its bytes, the
 * dimensions from the header, then decoded and re-encoded in the heavy-work pool (metadata dropped,
 * longest side at most 2000 px). A banner is public content, but it is still a file from outside.
 */
export async function processContentImage(ctx: AppContext, bytes: Buffer): Promise<ContentImage> {
  await checkUploadedImageHeader(bytes);
  const clean = await ctx.heavy.run('image', bytes);
  const out = Buffer.from(clean.bytes);
  return {
    bytes: out,
    mime: clean.mime,
    width: clean.width,
    height: clean.height,
    sha256: createHash('sha256').update(out).digest('hex'),
  };
}

/**
 * The console's multipart body: `payload` (the call's JSON object) and an optional `file`. The
 * multipart plugin caps the file; images are held to the applicant's 6 MB.
 */
export async function readContentMultipart(
  request: FastifyRequest,
): Promise<{ payload: unknown; file: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let payload: string | undefined;
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'payload' && typeof part.value === 'string') payload = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = await part.toBuffer();
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_TOO_LARGE');
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw new AppError('MALFORMED_REQUEST');
  }
  if (file && file.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  if (file && file.length === 0) file = null;
  if (payload === undefined) throw new AppError('VALIDATION_FAILED', { payload: 'invalid_value' });
  try {
    return { payload: JSON.parse(payload) as unknown, file };
  } catch {
    throw new AppError('VALIDATION_FAILED', { payload: 'invalid_value' });
  }
}

/** Zod issues as the envelope's fields (`data.url` keeps its key), each a catalogue key. */
export function fieldsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const field =
      (path[0] === 'data' || path[0] === 'name' || path[0] === 'hours'
        ? path.slice(0, 2)
        : path.slice(0, 1)
      ).join('.') || '_';
    fields[field] ??= Object.hasOwn(ERROR_MESSAGES['zh-CN'], issue.message) ? issue.message : 'invalid_value';
  }
  return fields;
}
