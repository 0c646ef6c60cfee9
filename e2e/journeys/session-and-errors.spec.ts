import { expect, latestSmsCode, smsMessages, test, uniqueHkMobile } from '../support';

// Issue #2 §6: bad inputs reach the person as clear messages in their language, and an invalid
// session (status 1001) logs them out to /login (spec §4, §8).

test.describe('Errors and session expiry, English', () => {
  test.use({ locale: 'en-GB' });

  test('a wrong SMS code is refused with a message and the form keeps what was typed', async ({ page }) => {
    const mobile = uniqueHkMobile();
    await page.goto('/login');
    await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
    await page.getByRole('button', { name: /^Get code$/ }).click();
    const code = await latestSmsCode(page.request, mobile);
    // spec §2: the button counts down from 60 s and is disabled meanwhile
    await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('SMS code', { exact: true }).fill(wrong);
    await page.getByLabel('I have read and agree to the account-opening documents').check();
    await page.getByRole('button', { name: 'Quick account opening' }).click();
    // the toast, the field's own message (issue #16) and the announcer say it
    await expect(page.locator('.adm-toast-main')).toHaveText('The SMS code is wrong.');
    await expect(page.getByLabel('SMS code', { exact: true })).toHaveAccessibleDescription(
      'The SMS code is wrong.',
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Mobile number', { exact: true })).toHaveValue(mobile);

    // Enter in the SMS field submits (spec §2)
    await page.getByLabel('SMS code', { exact: true }).fill(code);
    await page.getByLabel('SMS code', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/userinfo\/id$/);

    // The server no longer knows the token (revoked, expired): the next call answers 1001, and
    // the app logs out and returns to /login.
    await page.evaluate(() => {
      const raw = localStorage.getItem('hk_open_user');
      if (!raw) throw new Error('no stored session');
      const stored = JSON.parse(raw);
      stored.value.token = 'revoked-or-expired-token-000000000000000';
      localStorage.setItem('hk_open_user', JSON.stringify(stored));
    });
    await page.goto('/userinfo');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Quick account opening' })).toBeVisible();
  });

  test('a phone number of the wrong length is refused at the field before anything is sent', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Mobile number', { exact: true }).fill('1234567');
    await page.getByRole('button', { name: /^Get code$/ }).click();
    await expect(page.getByText('Phone number format is wrong').first()).toBeVisible();
    // spec §5: the error is shown and no code was sent; the button does not start counting down
    await expect(page.getByRole('button', { name: /^Get code$/ })).toBeEnabled();
    expect(await smsMessages(page.request, '1234567')).toEqual([]);
  });

  test('a visitor without a session is sent to /login from a flow screen', async ({ page }) => {
    await page.goto('/userinfo/id/details');
    await expect(page).toHaveURL(/\/login$/);
  });
});
