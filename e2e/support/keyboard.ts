import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, as a keyboard user moves
 * through a screen; fails after `max` presses, naming where the focus was. Nothing is clicked,
 * filled or focused by script: what cannot be reached by Tab fails here.
 */
export async function tabTo(page: Page, target: Locator, opts: { max?: number; backwards?: boolean } = {}) {
  const max = opts.max ?? 30;
  const stops: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    if (i === max) break;
    await page.keyboard.press(opts.backwards ? 'Shift+Tab' : 'Tab');
    stops.push(await describeFocus(page));
  }
  throw new Error(`not reached by ${max} presses of Tab: ${target}\n  focus went: ${stops.join(' → ')}`);
}

/** The focused element as a person would name it (tag, type, label), for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return 'body';
    const label =
      a.getAttribute('aria-label') ??
      (a as HTMLInputElement).labels?.[0]?.textContent ??
      a.textContent?.trim().slice(0, 40) ??
      '';
    return `${a.tagName.toLowerCase()}${a.getAttribute('type') ? `[${a.getAttribute('type')}]` : ''} "${label}"`;
  });
}

/** The focus is on some element inside `container` (a dialog keeping Tab inside). */
export async function expectFocusInside(container: Locator) {
  await expect
    .poll(() => container.evaluate((el) => el.contains(document.activeElement)).catch(() => false))
    .toBe(true);
}
