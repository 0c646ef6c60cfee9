import { SIGNATURE_LIMITS } from '@hk/domain/flow/signing';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';

export interface CleanSignature {
  bytes: Buffer;
  width: number;
  height: number;
}

const refused = (problem: string) => new AppError('SIGNATURE_REFUSED', { signature: problem });

/**
 * The pad's PNG (a data URL) checked and re-encoded: a real PNG by its bytes, of sane size and
 * dimensions, shaped like the pad it was drawn on, and not uniform (a blank canvas, transparent or
 * white, is refused). Re-encoding drops any chunk besides the pixels (text, metadata).
 */
export async function cleanSignatureImage(
  dataUrl: string,
  pad: { width: number; height: number },
): Promise<CleanSignature> {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw refused('signature_invalid');
  const b64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw refused('signature_invalid');
  const input = Buffer.from(b64, 'base64');
  if (input.length < SIGNATURE_LIMITS.pngMinBytes || input.length > SIGNATURE_LIMITS.pngMaxBytes)
    throw refused('signature_invalid');
  if (!input.subarray(0, 8).equals(PNG_MAGIC)) throw refused('signature_invalid');
  const max = SIGNATURE_LIMITS.pngMaxPx;
  try {
    const image = sharp(input, { limitInputPixels: max * max, failOn: 'error' });
    const meta = await image.metadata();
    const { width = 0, height = 0 } = meta;
    if (meta.format !== 'png' || width < 50 || height < 25 || width > max || height > max)
      throw refused('signature_invalid');
    // the canvas is the pad times the device pixel ratio: the same shape
    const ratio = width / height / (pad.width / pad.height);
    if (ratio < 0.85 || ratio > 1.15) throw refused('signature_invalid');
    const stats = await image.stats();
    if (stats.channels.every((c) => c.min === c.max)) throw refused('signature_blank');
    const bytes = await sharp(input, { limitInputPixels: max * max })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { bytes, width, height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused('signature_invalid');
  }
}
