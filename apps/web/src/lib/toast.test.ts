import { afterEach, describe, expect, it } from 'vitest';
import { clearToast, confirmDialog, showLoadingToast, showToast } from './toast';

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

describe('the announcer (issue #16)', () => {
  const region = (id: string) => document.getElementById(id);

  it('an error toast is said by an alert region outside any aria-hidden mask, again when repeated', async () => {
    await showToast('The SMS code is wrong.', 'error');
    await expect.poll(() => region('app-alert')?.textContent).toBe('The SMS code is wrong.');
    const alert = region('app-alert')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.closest('[aria-hidden="true"]')).toBeNull();
    // the toast's own box is hidden from assistive technology (why the announcer exists)
    await expect
      .poll(() => document.querySelector('.adm-toast-main')?.closest('[aria-hidden="true"]'))
      .toBeTruthy();

    await showToast('The SMS code is wrong.', 'error');
    expect(alert.textContent).toBe('');
    await expect.poll(() => alert.textContent).toBe('The SMS code is wrong.');
  });

  it('a success or loading toast is said politely (a status region)', async () => {
    await showToast('Code sent', 'success');
    await expect.poll(() => region('app-status')?.textContent).toBe('Code sent');
    expect(region('app-status')?.getAttribute('role')).toBe('status');
    expect(region('app-alert')?.textContent).toBe('');
  });
});

describe('the confirm dialog (issue #16)', () => {
  it('is named and described, holds the focus, cancels on Escape and gives the focus back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Quick account opening';
    document.body.append(opener);
    opener.focus();
    const answer = confirmDialog({
      title: 'Reminder',
      content: 'Please read and agree to the account-opening documents first.',
      confirmText: 'Agree and continue',
      cancelText: 'Cancel',
    });
    const dialog = await expect
      .poll(() => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Reminder"]'))
      .toBeTruthy()
      .then(() => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Reminder"]')!);
    await expect.poll(() => dialog.contains(document.activeElement)).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please read and agree to the account-opening documents first.',
    );
    const buttons = [...dialog.querySelectorAll('button')];
    const last = buttons[buttons.length - 1]!;
    last.focus();
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.activeElement).toBe(buttons[0]);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(answer).resolves.toBe(false);
    await expect.poll(() => document.activeElement).toBe(opener);
    opener.remove();
  });
});
