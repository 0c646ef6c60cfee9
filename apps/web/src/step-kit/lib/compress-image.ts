import { IMAGE_MAX_WIDTH, IMAGE_QUALITY, UPLOAD_MAX_BYTES } from '@hk/domain';

/** spec §5 and §9: the uploader refuses files above the maximum and says how many MB it allows. */
export const MAX_UPLOAD_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

export function checkIsOversize(file: Blob): boolean {
  return file.size > UPLOAD_MAX_BYTES;
}

/**
 * spec §5: images are compressed in the browser to at most 1000 px wide, JPEG quality 0.8.
 * compressorjs also applies the EXIF orientation (checkOrientation, default on) so the ID is upright.
 * maxHeight guards the canvas size limit of mobile browsers for very tall images.
 */
export async function compressImage(file: File): Promise<Blob> {
  const { default: Compressor } = await import('compressorjs');
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      maxWidth: IMAGE_MAX_WIDTH,
      maxHeight: 4096,
      quality: IMAGE_QUALITY,
      mimeType: 'image/jpeg',
      success: resolve,
      error: reject,
    });
  });
}
