import {
  checkSignatureCanvas,
  type InkVerdict,
  judgeSignatureInk,
  type PadBox,
  SIGNATURE_LIMITS,
} from '@hk/domain/steps/signature/signing';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';
/** A backstop on one decode: the header checks bound the pixels, so a sane PNG takes well under it. */
const DECODE_TIMEOUT_MS = 5_000;

export interface CleanSignature {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The pad and what the strokes drew on it: all the image is judged against. */
export interface SignatureImageJob {
  png: Uint8Array;
  pad: { width: number; height: number };
  strokes: PadBox | null;
}

export interface SignatureImageResult {
  verdict: InkVerdict;
  /** The re-encoded PNG when the verdict accepts it (never a byte of the input's chunks). */
  clean: { bytes: Uint8Array; width: number; height: number } | null;
}

const refused = (problem: string) => new AppError('SIGNATURE_REFUSED', { signature: problem });

/** The PNG's bytes out of the pad's data URL, with the size and magic checks that need no decoding. */
export function signaturePngBytes(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw refused('signature_invalid');
  const b64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw refused('signature_invalid');
  const input = Buffer.from(b64, 'base64');
  if (input.length < SIGNATURE_LIMITS.pngMinBytes || input.length > SIGNATURE_LIMITS.pngMaxBytes)
    throw refused('signature_invalid');
  if (!input.subarray(0, 8).equals(PNG_MAGIC)) throw refused('signature_invalid');
  return input;
}

/**
 * Width and height from the IHDR chunk, which the PNG format puts first (bytes 8–32): no
 * inflating. Null when the chunk is not there or not well formed.
 */
export function readPngHeader(png: Uint8Array): { width: number; height: number } | null {
  if (png.length < 33) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const length = view.getUint32(8);
  const type = String.fromCharCode(png[12]!, png[13]!, png[14]!, png[15]!);
  if (length !== 13 || type !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** The canvas size the header declares, judged against the pad before anything is decoded. */
export function checkSignatureHeader(png: Uint8Array, pad: { width: number; height: number }) {
  const size = readPngHeader(png);
  if (!size) throw refused('signature_invalid');
  const problem = checkSignatureCanvas(size, pad);
  if (problem) throw refused(problem);
  return size;
}

/**
 * The costly part, self-contained so that a worker pool can run it (plain data in and out): decode
 * the PNG to RGBA within the header's limits and a time limit, judge its ink against the pad and
 * the strokes (`judgeSignatureInk`), and, when accepted, re-encode those pixels as a new PNG (no
 * chunk of the input survives: text, metadata, a second image).
 */
export async function analyseSignaturePng(
  job: SignatureImageJob,
  limits: { timeoutMs?: number } = {},
): Promise<SignatureImageResult> {
  const { png, pad, strokes } = job;
  // sharp counts whole seconds; under a pool's limit, stop a little before the pool does
  const seconds = Math.max(1, Math.floor((limits.timeoutMs ?? DECODE_TIMEOUT_MS) / 1000) - 1);
  const size = readPngHeader(png);
  if (!size || checkSignatureCanvas(size, pad)) throw refused('signature_invalid');
  const { data, info } = await sharp(png, {
    limitInputPixels: SIGNATURE_LIMITS.pngMaxPixels,
    failOn: 'error',
    pages: 1,
  })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .timeout({ seconds })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4 || info.width !== size.width || info.height !== size.height)
    throw refused('signature_invalid');
  const verdict = judgeSignatureInk({ data, width: info.width, height: info.height }, pad, strokes);
  if (verdict.problem) return { verdict, clean: null };
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png({ compressionLevel: 9 })
    .timeout({ seconds })
    .toBuffer();
  return { verdict, clean: { bytes, width: info.width, height: info.height } };
}

/** Where `analyseSignaturePng` runs: here by default, or a worker pool's task of the same shape. */
export type SignatureImageRunner = (job: SignatureImageJob) => Promise<SignatureImageResult>;

/**
 * The signature image, in the order of its cost: the header against the pad (no decoding), then
 * `analyseSignaturePng` through `run`; any refusal is 2016 at the field `signature` (a pool's own
 * refusal, e.g. over its limits, passes as it is).
 */
export async function cleanSignatureImage(
  png: Buffer,
  pad: { width: number; height: number },
  strokes: PadBox | null,
  run: SignatureImageRunner = (job) => analyseSignaturePng(job),
): Promise<CleanSignature> {
  checkSignatureHeader(png, pad);
  let result: SignatureImageResult;
  try {
    result = await run({ png, pad, strokes });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // not decodable, or over sharp's time limit
    throw refused('signature_invalid');
  }
  if (!result.clean) throw refused(result.verdict.problem ?? 'signature_invalid');
  const { bytes, width, height } = result.clean;
  // from a worker thread the bytes arrive as a plain Uint8Array
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), width, height };
}
