import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// issue #24, decision 025: one reload into the new version, after the pending drafts are saved
describe('reloadIntoNewVersion', () => {
  const reload = vi.fn();
  beforeEach(() => {
    vi.resetModules();
    sessionStorage.clear();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, pathname: '/userinfo/tax', search: '', reload },
    });
  });
  afterEach(() => {
    reload.mockReset();
    vi.useRealTimers();
  });

  it('saves the pending draft first, then reloads once; not again at the same address', async () => {
    const { onBeforeReleaseReload, reloadIntoNewVersion } = await import('./release-reload');
    let saveDraft!: () => void;
    const saved = new Promise<void>((resolve) => {
      saveDraft = resolve;
    });
    const off = onBeforeReleaseReload(() => saved);
    expect(reloadIntoNewVersion()).toBe(true);
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled(); // the draft is still on its way
    saveDraft();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    off();

    // the new page fails at the same address a moment later: no second reload
    vi.resetModules();
    const again = await import('./release-reload');
    expect(again.reloadIntoNewVersion()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on a draft that never answers', async () => {
    vi.useFakeTimers();
    const { onBeforeReleaseReload, reloadIntoNewVersion } = await import('./release-reload');
    onBeforeReleaseReload(() => new Promise(() => {}));
    expect(reloadIntoNewVersion()).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tells a chunk of a previous release from other errors', async () => {
    const { checkIsChunkLoadError } = await import('./release-reload');
    expect(checkIsChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(
      true,
    );
    expect(checkIsChunkLoadError(new Error('Unable to preload CSS for /assets/bank-page-x.css'))).toBe(true);
    expect(checkIsChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(checkIsChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
