import type { Page } from '@playwright/test';
import {
  expectNoA11yViolations as a11y,
  expect,
  latestSmsCode,
  test,
  uniqueHkMobile,
  uniqueMoMobile,
} from '../support';

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

// The login's own captcha, asked after 3 wrong codes for the mobile (8001 from check_verify_code),
// answered by the same check without an image, by keyboard alone.
test('after three wrong codes, logs in by keyboard with the login’s check without an image', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mobile = uniqueHkMobile();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Mobile number', { exact: true }));
  await page.keyboard.type(mobile);
  // a Hong Kong number's first code needs no captcha
  await tabTo(page, page.getByRole('button', { name: 'Get code' }));
  await page.keyboard.press('Enter');
  const codeField = page.getByLabel('SMS code', { exact: true });
  await expect(codeField).toBeFocused();
  const code = await latestSmsCode(page.request, mobile);
  const wrong = code === '000000' ? '111111' : '000000';

  await tabTo(page, page.getByRole('checkbox', { name: /I have read and agree/ }));
  await page.keyboard.press('Space');
  await tabTo(page, codeField);
  const login = async (typed: string) => {
    // the code field keeps the focus after a wrong code; what is typed replaces it, Enter submits
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(typed);
    const answered = page.waitForResponse((r) => r.url().includes('/check_verify_code'));
    await page.keyboard.press('Enter');
    return ((await (await answered).json()) as { status: number }).status;
  };
  for (let i = 0; i < 3; i++) {
    expect(await login(wrong)).toBe(8010);
    await expect(codeField).toBeFocused();
  }
  // the fourth try needs the captcha: the image row appears, with its alternative
  expect(await login(code)).toBe(8001);
  await expect(page.getByRole('textbox', { name: 'Image code' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: "Can't read the image? Check without it" }));
  await page.keyboard.press('Enter');
  const group = page.getByRole('group', { name: 'Check without an image' });
  await expect(group).toBeFocused();
  await expect(group).toContainText('when you press “Quick account opening”');
  await expect(page.getByRole('textbox', { name: 'Image code' })).toHaveCount(0);
  await a11y(page, 'login, the login’s check without an image');

  await tabTo(page, page.getByRole('button', { name: 'Quick account opening' }));
  const loggedIn = page.waitForResponse((r) => r.url().includes('/check_verify_code'));
  await page.keyboard.press('Enter');
  const sent = await loggedIn;
  expect(sent.request().postData()).toContain('pow_solution=');
  expect(((await sent.json()) as { status: number }).status).toBe(0);
  await expect(page).toHaveURL(/\/(accountType|userinfo\/id)$/);
});
