import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAG_COLORS } from './tag-colors';

// WCAG 2.2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio)
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** `hex` mixed with white: `share` of the colour, the rest white. */
function tint(hex: string, share: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return `#${m
    .slice(1)
    .map((h) =>
      Math.round(Number.parseInt(h, 16) * share + 255 * (1 - share))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('tag colours (issue #22 finding 10 and the console journey)', () => {
  it('computes WCAG ratios: the issue’s 3.66:1 and the known extremes', () => {
    expect(contrastRatio('#1677ff', '#e6f4ff')).toBeCloseTo(3.66, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it.each(Object.entries(TAG_COLORS))(
    '%s reads at 4.5:1 or more as text on white, on its own 10 %% tint, and under white text',
    (_name, colour) => {
      expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // antd's filled tag: the colour on a pale tint of itself (a 10 % tint is darker than antd's)
      expect(contrastRatio(colour, tint(colour, 0.1))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('no console screen uses a preset tag colour (their text is under 4.5:1 on their fills)', () => {
    // antd's named colours ('green', 'processing', …) on a Tag, written on the tag or in a table of
    // colours a tag reads: the staff page's 'green' state tag read at 3.37:1 (issue #22's journey)
    const NAMES =
      'green|red|orange|blue|gold|volcano|lime|cyan|geekblue|purple|magenta|success|processing|warning|error';
    // a bare name (color="green") or a quoted one in an expression or a table (… ? 'green' : …)
    const PRESETS = new RegExp(`^(?:${NAMES})$|'(?:${NAMES})'`);
    const src = path.join(import.meta.dirname, '..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'),
    );
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((f) => {
      const text = readFileSync(path.join(src, f), 'utf8');
      if (!text.includes('<Tag')) return [];
      const onTags = [...text.matchAll(/<Tag[^>]*color=(?:"([^"]+)"|\{([^}]+)\})/g)]
        .map((m) => m[1] ?? m[2] ?? '')
        .filter((c) => PRESETS.test(c));
      const inTables = [...text.matchAll(/:\s*('[a-z]+')/g)]
        .map((m) => m[1] ?? '')
        .filter((c) => PRESETS.test(c) && /COLOU?RS?\b|_COLOR\b/.test(text));
      return [...onTags, ...inTables].map((c) => `${f}: ${c}`);
    });
    expect(offenders).toEqual([]);
  });
});
