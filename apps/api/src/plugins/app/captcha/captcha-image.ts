import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@hk/domain';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

// svg-captcha's types describe only create()/createMathExpr(), which pick their own text with
// Math.random; the module itself is also callable with a text of our choosing.
const renderSvg = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean },
) => string;

/** Glyph size inside the 88x29 box: the largest that keeps four characters apart and readable. */
const GLYPH_PX = 30;

/** The captcha as a PNG of exactly 88x29 (spec §9), dark glyphs and one noise line on white. */
export async function renderCaptchaPng(text: string): Promise<Buffer> {
  const svg = renderSvg(text, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: GLYPH_PX,
    noise: 1,
    color: false,
  });
  return sharp(Buffer.from(svg))
    .resize(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

export function toPngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
