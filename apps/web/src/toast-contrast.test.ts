// Issue #22: the last serious axe finding of the user centre — the loading toast's text
// (`.adm-auto-center-content` in `.adm-toast-main`) under 4.5:1. The app's stylesheet makes the
// toast's box opaque and dark and takes the fade away, so its text is at full contrast whatever
// the page behind it and whenever axe (or a person) looks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// read as written (the test run's CSS handling hands an import nothing)
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** The declarations of the rule whose selector is exactly `selector`. */
function rule(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css);
  if (!match) return {};
  return Object.fromEntries(
    match[1]!
      .split(';')
      .map((d) => d.split(':').map((x) => x.trim()))
      .filter((d) => d.length === 2 && d[0])
      .map(([k, v]) => [k!, v!]),
  );
}

/** sRGB relative luminance (WCAG 2.2) of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the toast’s contrast (WCAG 1.4.3)', () => {
  it('its box is opaque and dark: white text at 4.5:1 or more over any page', () => {
    const main = rule('.adm-toast-mask .adm-toast-main');
    const background = main['background-color'] ?? '';
    // an opaque colour (#rrggbb): nothing of the page behind shows through
    expect(background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(main.color).toBe('#fff');
    expect(contrast('#ffffff', background)).toBeGreaterThanOrEqual(4.5);
  });

  it('it does not fade in (a half-way frame would be measured, and read, at less)', () => {
    expect(rule('.adm-mask.adm-toast-mask').opacity).toBe('1 !important');
  });
});
