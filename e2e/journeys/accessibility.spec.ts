import type { Page } from '@playwright/test';
import {
  completeIdentityStep,
  expect,
  idImages,
  loginThroughApi,
  randomHkid,
  test,
  uniqueHkMobile,
} from '../support';

// Issue #16 "Done when": zoom, reflow at 320 px, keyboard-only login and what a screen reader hears.

/** No content wider than the viewport: nothing needs a sideways scroll (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(overflow.scroll, 'page wider than the viewport').toBeLessThanOrEqual(overflow.client);
}

test.describe('Zoom and reflow', () => {
  // 320 CSS px is a 640 px phone at 200 % zoom (WCAG 1.4.4 and 1.4.10)
  test.use({ viewport: { width: 320, height: 640 } });

  test('zoom is allowed and login and the address step hold at 320 px', async ({ page }) => {
    await page.goto('/login');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/maximum-scale|user-scalable/);
    await expect(page.getByRole('button', { name: '快速开户' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await loginThroughApi(page, uniqueHkMobile());
    // the app's own account initialisation, then the ID step through the API
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id/);
    await completeIdentityStep(page, {
      location: 'HK',
      front: idImages.hkFront,
      back: idImages.hkBack,
      chineseName: '陳大文',
      surname: 'CHAN',
      givenName: 'TAI MAN',
      idNumber: randomHkid(),
      gender: 'M',
      birthDate: '1990-05-01',
    });
    await page.goto('/userinfo/address');
    await expect(page.getByRole('heading', { name: '住址信息' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
