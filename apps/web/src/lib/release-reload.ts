// Issue #24, decision 025: a release replaces the hashed chunks. A phone that still holds the
// previous version's page asks for a chunk (or its CSS) that no longer exists; it reloads once into
// the new version instead of showing an error, after the step's pending draft is saved.

/** What browsers and Vite say when a lazy chunk or its CSS cannot be fetched. */
const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|Loading (?:CSS )?chunk .* failed/i;

export function checkIsChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_ERROR.test(message);
}

/** sessionStorage: the address last reloaded for a release, and when (a reload is tried once). */
const MARK_KEY = 'hk_release_reload';
/** A second failure at the same address within this window is not reloaded again. */
export const RELEASE_RELOAD_WINDOW_MS = 60_000;
/** How long the drafts may take to be saved before the reload goes ahead anyway. */
const FLUSH_LIMIT_MS = 3_000;

type Flush = () => Promise<unknown> | undefined;
const flushes = new Set<Flush>();

/**
 * Work to finish before the page reloads for a release (a step's pending draft, use-step-form):
 * answers the function that unregisters it.
 */
export function onBeforeReleaseReload(flush: Flush): () => void {
  flushes.add(flush);
  return () => {
    flushes.delete(flush);
  };
}

let reloading = false;

function here(): string {
  return window.location.pathname + window.location.search;
}

function readMark(): { path: string; at: number } | null {
  try {
    const raw = window.sessionStorage.getItem(MARK_KEY);
    return raw ? (JSON.parse(raw) as { path: string; at: number }) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a reload into the new version is under way (started now or before). False when this
 * address was already reloaded for a release a moment ago, or the phone is offline (a reload would
 * show the browser's own offline page): the caller shows the product's error screen.
 */
export function reloadIntoNewVersion(): boolean {
  if (reloading) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const mark = readMark();
  if (mark && mark.path === here() && Date.now() - mark.at < RELEASE_RELOAD_WINDOW_MS) return false;
  try {
    window.sessionStorage.setItem(MARK_KEY, JSON.stringify({ path: here(), at: Date.now() }));
  } catch {
    return false; // without the mark a broken release would reload for ever
  }
  reloading = true;
  const pending = [...flushes].map((flush) => Promise.resolve(flush()).catch(() => undefined));
  const limit = new Promise((resolve) => setTimeout(resolve, FLUSH_LIMIT_MS));
  void Promise.race([Promise.all(pending), limit]).then(() => window.location.reload());
  return true;
}

/**
 * Reload on a failed chunk wherever it was imported: Vite's `vite:preloadError` (a chunk or its
 * CSS, on the way to a lazy screen or a lazy piece of one) and any unhandled rejection that says
 * the same (an import in an event handler). A screen's own failure also reaches
 * RouteErrorBoundary, which shows the spinner while the page reloads.
 */
export function installReleaseReload(target: Window = window) {
  // not prevented: the import still fails, so a lazy screen lands in its boundary (a spinner while
  // the page reloads) instead of rendering without its code or its CSS
  target.addEventListener('vite:preloadError', () => {
    reloadIntoNewVersion();
  });
  target.addEventListener('unhandledrejection', (event) => {
    if (checkIsChunkLoadError(event.reason)) reloadIntoNewVersion();
  });
}
