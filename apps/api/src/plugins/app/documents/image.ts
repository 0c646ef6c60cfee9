import { UPLOAD_MIME_TYPES } from '@hk/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error';

/** Longest side kept after re-encoding: enough to read an ID card, small enough to store. */
export const STORED_IMAGE_MAX_PX = 2000;
export const STORED_IMAGE_QUALITY = 85;
/** Refuses decompression bombs before decoding (a 6 MB PNG can claim gigapixels). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The upload's type is decided by its content (magic bytes), never by its name or declared type.
 * It is then decoded and re-encoded as a fresh JPEG: EXIF (GPS, camera), XMP, ICC and comments
 * are not carried over, and anything hidden after the image data is dropped.
 */
export async function cleanUploadedImage(input: Buffer): Promise<CleanImage> {
  if (input.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
  const type = await fileTypeFromBuffer(input);
  if (!type || !(UPLOAD_MIME_TYPES as readonly string[]).includes(type.mime))
    throw new AppError('UPLOAD_TYPE_REFUSED');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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
  } catch {
    throw new AppError('UPLOAD_UNREADABLE');
  }
}
