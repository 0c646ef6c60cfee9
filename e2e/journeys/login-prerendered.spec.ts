import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, latestSmsCode, test, uniqueHkMobile } from '../support';

// Issue #24, decision 029: /login arrives painted (prerendered per language at build time), readable
// without JavaScript; with it, the page is hydrated, not drawn again, and React says nothing about it.
// The texts are the locale files' own, so a raw key or another language's text fails.

type Lang = 'zh-CN' | 'zh-HK' | 'en';
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const texts = (lang: Lang) => ({
  ...(JSON.parse(readFileSync(path.join(locales, lang, 'common.json'), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(path.join(locales, lang, 'login.json'), 'utf8')) as Record<string, string>),
});
// each language asked for as a phone would: the browser's language, or the link's `language`
const VISITS: { lang: Lang; locale: string; url: string }[] = [
  { lang: 'zh-CN', locale: 'zh-CN', url: '/login' },
  { lang: 'zh-HK', locale: 'zh-CN', url: '/login?language=zh-HK' },
  { lang: 'en', locale: 'en-US', url: '/login' },
];

async function expectLoginForm(page: Page, lang: Lang) {
  const t = texts(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page).toHaveTitle(t.broker_name!);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByLabel(t.mobile_label!, { exact: true })).toBeVisible();
  await expect(page.getByLabel(t.sms_code_label!, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t.sms_get, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t.submit, exact: true })).toBeVisible();
}

test('without JavaScript, /login shows the form in each language', async ({ browser, clientIp }) => {
  for (const visit of VISITS) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: visit.locale,
      extraHTTPHeaders: { 'x-forwarded-for': clientIp },
    });
    const page = await context.newPage();
    await page.goto(visit.url);
    await expectLoginForm(page, visit.lang);
    await context.close();
  }
  // typed and sent before the script has run: nothing leaves the page (no number in the address)
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(texts('zh-CN').mobile_label!, { exact: true }).fill('91234567');
  await page.getByLabel(texts('zh-CN').mobile_label!, { exact: true }).press('Enter');
  const leaked = await page.waitForURL(/91234567/, { timeout: 3000 }).then(
    () => true,
    () => false,
  );
  expect(leaked, page.url()).toBe(false);
  await context.close();
});

// React's messages about hydration (production builds give only the error's number: 418, 423, 425)
const HYDRATION = /hydrat|did(n't| not) match|server rendered|Minified React error #(418|419|423|425)/i;

for (const visit of VISITS) {
  test(`/login in ${visit.lang} is hydrated without a warning${visit.lang === 'en' ? ', and logs in by keyboard' : ''}`, async ({
    browser,
    clientIp,
  }) => {
    const context = await browser.newContext({
      locale: visit.locale,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { 'x-forwarded-for': clientIp },
    });
    // the prerendered form, as parsed, before any script runs: hydration keeps this very element
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { prerendered: Element | null }).prerendered =
            document.querySelector('#root form');
      });
    });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    await page.goto(visit.url);
    await expectLoginForm(page, visit.lang);
    const t = texts(visit.lang);
    const mobileField = page.getByLabel(t.mobile_label!, { exact: true });
    // hydrated: React's handlers are on the server's elements (createRoot would have replaced them)
    await expect
      .poll(() => mobileField.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))))
      .toBe(true);
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { prerendered: Element | null }).prerendered ===
          document.querySelector('#root form'),
      ),
    ).toBe(true);

    if (visit.lang === 'en') {
      // the keyboard login of the accessibility journey, on the hydrated page
      const mobile = uniqueHkMobile();
      await mobileField.focus();
      await page.keyboard.type(mobile);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: t.sms_get, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      const code = await latestSmsCode(page.request, mobile);
      const codeField = page.getByLabel(t.sms_code_label!, { exact: true });
      await expect(codeField).toBeFocused();
      await page.keyboard.type(code);
      const agreement = page.getByLabel(t.agreement_checkbox!, { exact: true });
      await agreement.focus();
      await page.keyboard.press('Space');
      await expect(agreement).toBeChecked();
      await page.getByRole('button', { name: t.submit, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/login/);
    }
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    await context.close();
  });
}

test('a language chosen on the page comes back prerendered; one stored without its cookie is drawn afresh', async ({
  page,
  context,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await page.goto('/login');
  await expectLoginForm(page, 'zh-CN');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // the choice is mirrored into a cookie: the server sends the English page, which is hydrated
  const english = await page.request.get('/login', { headers: { cookie: 'hk_lang=en' } });
  expect(await english.text()).toContain('data-prerendered="en"');
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await expectLoginForm(page, 'en');
  // without the cookie (a choice stored before it existed) the server sends zh-CN; the app draws
  // the stored English afresh instead of hydrating
  await context.clearCookies();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'zh-CN');
  await expectLoginForm(page, 'en');
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});
