import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../lib/test-utils';
import { RouteErrorBoundary } from './route-error-boundary';

// issue #24: what a phone shows when a screen fails, a chunk of the previous release above all
const goneChunk = () =>
  lazy(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/bank-page-Ab12.js')),
  );

function renderAt(Screen: () => React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/bank']}>
      <RouteErrorBoundary>
        <Suspense fallback={<p>waiting</p>}>
          <Routes>
            <Route path="/bank" element={<Screen />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

function Broken(): React.ReactNode {
  throw new Error('Cannot read properties of undefined (reading "bank_code")');
}

describe('RouteErrorBoundary', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, pathname: '/bank', search: '', reload },
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    reload.mockReset();
  });

  it('reloads once into the new version when a chunk is gone, then shows the product screen in the language', async () => {
    await setupI18n('en');
    const { checkIsChunkLoadError } = await import('../lib/release-reload');
    expect(checkIsChunkLoadError(new Error('Unable to preload CSS for /assets/bank-page-x.css'))).toBe(true);

    const Gone = goneChunk();
    const first = renderAt(() => <Gone />);
    // a spinner while the page reloads, never the router's default page
    expect(await screen.findByRole('status')).toBeTruthy();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Failed to fetch/);
    first.unmount();

    // the same address fails again after the reload: no second reload, the product's own screen
    vi.resetModules();
    const { RouteErrorBoundary: Fresh } = await import('./route-error-boundary');
    // the fresh modules' translator (lib/i18n.ts) is handed the test's i18next again
    await (await import('../lib/test-utils')).setupI18n('en');
    const Again = goneChunk();
    render(
      <MemoryRouter initialEntries={['/bank']}>
        <Fresh>
          <Suspense fallback={<p>waiting</p>}>
            <Again />
          </Suspense>
        </Fresh>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Failed to fetch|\.js|\n\s+at /);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows any other render error as the product screen, in Chinese by default, without its text', async () => {
    await setupI18n('zh-CN');
    renderAt(Broken);
    expect(await screen.findByRole('heading', { name: '页面暂时无法显示' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/bank_code|Cannot read/);
    expect(reload).not.toHaveBeenCalled();
  });
});
