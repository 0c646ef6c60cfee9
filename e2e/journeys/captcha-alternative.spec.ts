import type { Page } from '@playwright/test';
import { expectNoA11yViolations as a11y, expect, latestSmsCode, test, uniqueMoMobile } from '../support';

// Issue #16 (WCAG 3.3.8): a Macau number always needs the captcha; a person who cannot read the
// image logs in by keyboard alone through the check without an image (decision 014).

async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 300) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.use({ locale: 'en' });

test('logs in by keyboard with the check without an image', async ({ page }) => {
  test.setTimeout(120_000);
  const mobile = uniqueMoMobile();
  await page.goto('/login');
  await tabTo(page, page.getByRole('button', { name: /^Phone region/ }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('option', { name: /\+853$/ }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Mobile number', { exact: true }));
  await page.keyboard.type(mobile);

  await tabTo(page, page.getByRole('button', { name: "Can't read the image? Check without it" }));
  await page.keyboard.press('Enter');
  // focus moves into the alternative; no image and nothing to type
  const group = page.getByRole('group', { name: 'Check without an image' });
  await expect(group).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Image code' })).toHaveCount(0);
  await a11y(page, 'login, the check without an image');

  await tabTo(page, page.getByRole('button', { name: 'Get code' }));
  await page.keyboard.press('Enter');
  await expect(group.getByRole('status')).toHaveText('Check passed. Sending the code.', { timeout: 60_000 });
  const code = await latestSmsCode(page.request, mobile);
  const codeField = page.getByLabel('SMS code', { exact: true });
  await expect(codeField).toBeFocused();
  await page.keyboard.type(code);

  await tabTo(page, page.getByRole('checkbox', { name: /I have read and agree/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Quick account opening' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(accountType|userinfo\/id)$/);
});
