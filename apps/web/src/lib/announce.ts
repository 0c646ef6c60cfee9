// Issue #16 (WCAG 4.1.3): what a toast or a status change says reaches assistive technology through
// one announcer outside #root (index.html). antd-mobile's toast sits inside a mask marked
// aria-hidden, so it is never read; the announcer repeats its text in the page's language.

const REGION_IDS = { polite: 'app-status', urgent: 'app-alert' } as const;

function regionOf(urgent: boolean): HTMLElement {
  const id = urgent ? REGION_IDS.urgent : REGION_IDS.polite;
  const existing = document.getElementById(id);
  if (existing) return existing;
  // index.html has both; a page without them (unit tests) gets them here
  const region = document.createElement('div');
  region.id = id;
  region.className = 'visually-hidden';
  region.setAttribute('role', urgent ? 'alert' : 'status');
  region.setAttribute('aria-atomic', 'true');
  document.body.append(region);
  return region;
}

const pending = new Map<HTMLElement, ReturnType<typeof setTimeout>>();

/**
 * Says `message` through the live region: urgent (errors, warnings) interrupts, the rest waits its
 * turn. The region is emptied first and filled a moment later, so the same message twice (a second
 * wrong code) is announced twice.
 */
export function announce(message: string, urgent = false) {
  const region = regionOf(urgent);
  const other = regionOf(!urgent);
  other.textContent = '';
  region.textContent = '';
  clearTimeout(pending.get(region));
  pending.set(
    region,
    setTimeout(() => {
      region.textContent = message;
    }, 100),
  );
}
