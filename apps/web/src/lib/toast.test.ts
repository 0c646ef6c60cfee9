import { afterEach, describe, expect, it } from 'vitest';
import { clearToast, showLoadingToast, showToast } from './toast';

const toastOnScreen = () => document.querySelector('.adm-toast-main')?.textContent ?? null;
const settle = () => new Promise((r) => setTimeout(r, 300));

afterEach(async () => {
  await clearToast();
  await settle();
});

describe('toasts', () => {
  // Found by the keyboard journey (issue #16): /accountType shows a loading toast and clears it when
  // the application exists; the clear ran while the toast's code was still loading, the toast came
  // after it and its mask stayed on screen for good, blocking every tap and click.
  it('a clear while the toast is still loading wins: no loading toast is left behind', async () => {
    void showLoadingToast('Loading…');
    await clearToast();
    await settle();
    expect(toastOnScreen()).toBeNull();
  });

  it('a toast shown after a clear still shows', async () => {
    await clearToast();
    await showToast('The SMS code is wrong.', 'error');
    await expect.poll(toastOnScreen).toContain('The SMS code is wrong.');
  });
});
