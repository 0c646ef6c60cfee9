import type { Page } from '@playwright/test';
import {
  expectNoA11yViolations as a11y,
  completeIdentityStep,
  expect,
  latestSmsCode,
  loginThroughApi,
  sampleHkIdentity,
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

/**
 * A new applicant at the address step: logged in through the API, the application made by the
 * app's own /accountType, the ID step (an HKID) confirmed through the API.
 */
async function openAddressStep(page: Page) {
  await loginThroughApi(page, uniqueHkMobile());
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id/);
  await completeIdentityStep(page, sampleHkIdentity());
  await page.goto('/userinfo/address');
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

    await openAddressStep(page);
    await expect(page.getByRole('heading', { name: '住址信息' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

/** The outline drawn for the focused element, or for the button that stands for a hidden file input. */
async function focusRingOfActiveElement(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { tag: 'body', ring: 'none' };
    const hiddenFile = active instanceof HTMLInputElement && active.type === 'file';
    const shown = hiddenFile ? (document.querySelector(`label[for="${active.id}"]`) as HTMLElement) : active;
    const style = getComputedStyle(shown);
    return {
      tag: `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? active.textContent?.trim()}`,
      ring: style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineColor,
    };
  });
}

/** Tabs through the screen `count` times; every stop must show a focus ring (WCAG 2.4.7). */
async function expectFocusShownOnEveryStop(page: Page, count: number) {
  const stops: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const { tag, ring } = await focusRingOfActiveElement(page);
    if (tag === 'body') continue; // before the first control, or past the last
    stops.push(tag);
    expect(ring, `no focus ring on ${tag}`).not.toBe('none');
  }
  return stops;
}

test.describe('Visible focus', () => {
  test('login inputs and the ID photo buttons show where the keyboard is', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '快速开户' })).toBeVisible();
    const loginStops = await expectFocusShownOnEveryStop(page, 8);
    expect(loginStops.some((s) => s.startsWith('input 手机号码'))).toBe(true);

    await loginThroughApi(page, uniqueHkMobile());
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id/);
    await page.getByRole('radio', { name: '香港身份证' }).check();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/userinfo\/id\/photos$/);
    const photoStops = await expectFocusShownOnEveryStop(page, 10);
    // the camera and album inputs are hidden: their buttons carry the ring
    expect(
      photoStops.filter((s) => s.startsWith('input ')).length,
      photoStops.join(' | '),
    ).toBeGreaterThanOrEqual(2);
  });
});

// What a screen reader hears is the live region's text (#app-alert, outside #root and any mask) and a
// field's own role="alert" message; the test reads both, as a screen reader would be handed them.
const languages = [
  {
    locale: 'zh-CN',
    mobile: '手机号码',
    getCode: /^获取验证码$/,
    smsCode: '短信验证码',
    agreement: '我已阅读并同意开户相关协议',
    submit: '快速开户',
    wrongCode: '手机验证码错误',
    next: '下一步',
    // the first invalid field on the empty address form is the region (the first on screen)
    regionMissing: '请选择地址所在地：中国内地、香港或其他国家或地区。',
  },
  {
    locale: 'en-GB',
    mobile: 'Mobile number',
    getCode: /^Get code$/,
    smsCode: 'SMS code',
    agreement: 'I have read and agree to the account-opening documents',
    submit: 'Quick account opening',
    wrongCode: 'The SMS code is wrong.',
    next: 'Next',
    regionMissing: 'Choose where your address is: mainland China, Hong Kong, or another country or region.',
  },
] as const;

for (const lang of languages) {
  test.describe(`Announcements, ${lang.locale}`, () => {
    test.use({ locale: lang.locale });

    test('a wrong SMS code and a step field error are announced', async ({ page }) => {
      const mobile = uniqueHkMobile();
      await page.goto('/login');
      await page.getByLabel(lang.mobile, { exact: true }).fill(mobile);
      await page.getByRole('button', { name: lang.getCode }).click();
      const code = await latestSmsCode(page.request, mobile);
      const codeField = page.getByLabel(lang.smsCode, { exact: true });
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await page.getByLabel(lang.agreement).check();
      await page.getByRole('button', { name: lang.submit }).click();

      await expect(page.locator('#app-alert')).toHaveText(lang.wrongCode);
      expect(
        await page.locator('#app-alert').evaluate((el) => el.closest('[aria-hidden="true"]')),
      ).toBeNull();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await expect(codeField).toBeFocused();
      await a11y(page, 'login, a wrong code');

      await codeField.fill(code);
      await codeField.press('Enter');
      await expect(page).toHaveURL(/\/userinfo\/id$/);
      await completeIdentityStep(page, sampleHkIdentity());
      await page.goto('/userinfo/address');
      await page.getByRole('button', { name: lang.next, exact: true }).click();
      // focus on the first invalid field; its message is a role="alert" it is described by
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await focused.getAttribute('aria-describedby');
      const message = page.locator(`[id="${describedBy}"]`);
      await expect(message).toHaveAttribute('role', 'alert');
      await expect(message).toHaveText(lang.regionMissing);
      await a11y(page, 'address, field errors');
    });
  });
}

/** Presses Tab until `target` has the focus (at most `max` times); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 20) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('Keyboard only, zh-CN', () => {
  test('logs in with a Hong Kong mobile through a document and the agreement reminder, no mouse', async ({
    page,
  }) => {
    const mobile = uniqueHkMobile();
    await page.goto('/login');
    const submit = page.getByRole('button', { name: '快速开户' });
    await expect(submit).toBeVisible();

    await tabTo(page, page.getByLabel('手机号码', { exact: true }));
    await page.keyboard.type(mobile);
    await tabTo(page, page.getByRole('button', { name: /^获取验证码$/ }));
    await page.keyboard.press('Enter');
    const code = await latestSmsCode(page.request, mobile);
    // the focus goes on to the code field (not to <body>)
    const codeField = page.getByLabel('短信验证码', { exact: true });
    await expect(codeField).toBeFocused();
    await page.keyboard.type(code);

    // a document opens with the focus in its text, Tab stays inside, Escape closes it
    const link = page.getByRole('button', { name: '《用户协议》' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const reader = page.getByRole('dialog', { name: '用户协议' });
    await expect(reader).toBeVisible();
    await expect(reader.locator('article')).toBeFocused();
    await a11y(page, 'login, a legal document');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await reader.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(reader).toHaveCount(0);
    await expect(link).toBeFocused();

    // the reminder: named, focus inside, Escape cancels back to the button; then agreed by keyboard
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const reminder = page.getByRole('dialog', { name: '温馨提示' });
    await expect(reminder).toBeVisible();
    await expect.poll(() => reminder.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(reminder).toHaveCount(0);
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reminder).toBeVisible();
    await a11y(page, 'login, the agreement reminder');
    await tabTo(page, reminder.getByRole('button', { name: '同意并继续' }), 4);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/userinfo\/id$/);
  });
});

// spec §1: `theme=black` (or the host app's apptheme 0) turns the screens dark; decision 012 keeps
// their colours at AA there too (the brand red under white text, text in the brand colour lighter).
test.describe('Dark theme', () => {
  test('login, its documents link and the address step with its errors pass axe in the dark', async ({
    page,
  }) => {
    await page.goto('/login?theme=black');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
    await expect(page.getByRole('button', { name: '快速开户' })).toBeVisible();
    await a11y(page, 'login, dark');

    await openAddressStep(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'black');
    await expect(page.getByRole('heading', { name: '住址信息' })).toBeVisible();
    await page.getByRole('button', { name: '下一步', exact: true }).click();
    // the field errors are shown (their messages are alerts) before axe looks at their colours
    await expect(page.locator('#root [role="alert"]').first()).toBeVisible();
    await a11y(page, 'address, field errors, dark');
  });
});
