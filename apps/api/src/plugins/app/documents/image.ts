import { UPLOAD_MIME_TYPES } from '@hk/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error';

/** Longest side kept after re-encoding: enough to read an ID card, small enough to store. */
export const STORED_IMAGE_MAX_PX = 2000;
export const STORED_IMAGE_QUALITY = 85;
/**
 * The most pixels an uploaded image may declare (a 48-megapixel phone photo fits): checked from
 * the header before any decoding, since a 6 MB PNG can claim gigapixels, and again by the decoder.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The cheap half, on the event loop: the type by content (magic bytes), never by the name or the
 * declared type, then the dimensions from the header (libvips reads the header only: well under a
 * millisecond for a 6 MB file). Nothing is decoded here.
 */
export async function checkUploadedImageHeader(input: Buffer): Promise<void> {
  if (input.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
  const type = await fileTypeFromBuffer(input);
  if (!type || !(UPLOAD_MIME_TYPES as readonly string[]).includes(type.mime))
    throw new AppError('UPLOAD_TYPE_REFUSED');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input).metadata());
  } catch {
    throw new AppError('UPLOAD_UNREADABLE');
  }
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new AppError('UPLOAD_UNREADABLE');
}

/**
 * The costly half, in the heavy-work pool: decoded and re-encoded as a fresh JPEG, so EXIF (GPS,
 * camera), XMP, ICC and comments are not carried over and anything hidden after the image data is
 * dropped. sharp's own time limit stops the pipeline a second before the pool would end the thread.
 */
export async function reencodeUploadedImage(
  input: Uint8Array,
  limits: { timeoutMs: number },
): Promise<CleanImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .timeout({ seconds: Math.max(1, Math.floor(limits.timeoutMs / 1000) - 1) })
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize({
        width: STORED_IMAGE_MAX_PX,
        height: STORED_IMAGE_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: STORED_IMAGE_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (err) {
    if (/timeout/i.test((err as Error).message)) throw new AppError('UPLOAD_PROCESSING_LIMIT');
    throw new AppError('UPLOAD_UNREADABLE');
  }
}
