import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bringToSignature,
  consoleDesk,
  consoleTexts,
  describeFocus,
  expect,
  expectNoA11yViolations,
  loginThroughApi,
  sampleHkIdentity,
  signAndSubmitThroughApi,
  staffCode,
  test,
  uniqueHkMobile,
} from './support';

// Issue #22, console accessibility (four journeys, one sign-in per role): every page of the
// console (sign-in, first sign-in, home, queue, case view, records of a case, deposits, opening,
// content, records, audit, staff, outbox) in each of the three languages: no serious or critical
// axe finding and its title in that language (not a key); in the default language also a visible
// focus on every stop of the first Tabs through it (the same style sheet and controls in every
// language). The language is chosen on the device, as a member of staff does from the header.
// backoffice-console.spec.ts walks the tasks themselves (keyboard sign-in, QR enrolment, a
// decision, an import); this journey is the breadth.

const LANGS = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof LANGS)[number];
const LANG_STORE_KEY = 'hk_backoffice_lang';
const common = Object.fromEntries(LANGS.map((lang) => [lang, consoleTexts(lang, 'common')])) as Record<
  Lang,
  (key: string) => string
>;
const setupTitle = Object.fromEntries(
  LANGS.map((lang) => [lang, consoleTexts(lang, 'staff_setup')('title')]),
) as Record<Lang, string>;
const signInTitle = Object.fromEntries(
  LANGS.map((lang) => [lang, consoleTexts(lang, 'sign_in')('title')]),
) as Record<Lang, string>;
const recordsLink = Object.fromEntries(
  LANGS.map((lang) => [lang, consoleTexts(lang, 'cases')('records_link')]),
) as Record<Lang, string>;

/** A page's title in a language, from the console's common catalogue (a missing key throws). */
function titleOf(lang: Lang, key: string): string {
  return common[lang](key);
}

const desk = consoleDesk;

/** Signs the context in as the demo account of `role` through the console's own call. */
async function signIn(request: APIRequestContext, role: string): Promise<string> {
  let account = await staffCode(request, role);
  const post = () =>
    request.post('/backoffice/api/session', {
      data: { username: account.username, password: account.password, totp: account.code },
    });
  let res = await post();
  // another journey used this demo account's code first: ours is a replay, wait for the next one
  if (res.status() === 401) {
    account = await staffCode(request, role, { after: account.code });
    res = await post();
  }
  expect(res.status(), await res.text()).toBe(200);
  const session = await request.get('/backoffice/api/session');
  return ((await session.json()) as { data: { csrfToken: string } }).data.csrfToken;
}

/**
 * WCAG 2.4.7 and 2.1.1 on one page: Tab `presses` times from the top; every stop is a visible
 * element with a focus ring of at least 2 px (its own outline, or — for antd's hidden native
 * inputs — the ring of the control drawn in its place). Fails naming the stop.
 */
async function expectVisibleFocusOnTab(page: Page, screen: string, presses = 8) {
  await page.locator('body').focus();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const name = await describeFocus(page);
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { ok: true, why: 'body' };
      const ring = (node: Element) => {
        const s = getComputedStyle(node);
        return (
          s.outlineStyle !== 'none' &&
          Number.parseFloat(s.outlineWidth) >= 2 &&
          s.outlineColor !== 'transparent'
        );
      };
      const drawn = (node: Element) => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden';
      };
      // antd draws checkboxes, radios and switches over a transparent native input, and rings the
      // wrapper of an input with a prefix or suffix: the ring a person sees is on that part
      const shown =
        getComputedStyle(el).opacity === '0'
          ? (el.nextElementSibling ?? el.parentElement)
          : (el.closest('.ant-input-affix-wrapper') ?? el);
      if (!shown) return { ok: false, why: 'nothing drawn for it' };
      if (!drawn(el) && !drawn(shown)) return { ok: false, why: 'not on screen' };
      return ring(el) || ring(shown) ? { ok: true, why: '' } : { ok: false, why: 'no focus ring' };
    });
    stops.push(name);
    expect
      .soft(seen.ok, `${screen}: Tab stop ${i + 1} ${name}: ${seen.why} (stops: ${stops.join(' → ')})`)
      .toBe(true);
  }
  // somewhere to go: a page whose first Tabs all land on <body> is not usable by keyboard
  expect(stops.filter((s) => s !== 'body').length, `${screen}: Tab reaches controls`).toBeGreaterThan(0);
}

async function showIn(page: Page, lang: Lang) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANG_STORE_KEY, lang] as const);
}

/** Opens a page in a language, waits for its title (in that language) and checks it. */
async function check(page: Page, lang: Lang, url: string, title: string | RegExp, screen: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(title, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expectNoA11yViolations(page, `${screen} (${lang})`);
  // the focus ring is the same style sheet and the same controls in every language: walked once,
  // in the default language, to keep the suite's time (axe, which reads the words, runs in each)
  if (lang === LANGS[0]) await expectVisibleFocusOnTab(page, `${screen} (${lang})`);
}

test('the sign-in and first sign-in pages in each language: axe and a visible focus', async ({ browser }) => {
  test.setTimeout(600_000);
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  await test.step('the sign-in page', async () => {
    for (const lang of LANGS) {
      const context = await desk(browser);
      const p = await context.newPage();
      await p.goto('/backoffice/sign-in');
      await showIn(p, lang);
      await check(p, lang, '/backoffice/sign-in', signInTitle[lang], 'console sign-in');
      await context.close();
    }
  });

  const adminContext = await desk(browser);
  const admin = await adminContext.newPage();
  const csrf = await signIn(adminContext.request, 'administrator');
  await admin.goto('/backoffice/sign-in');

  await test.step('the first sign-in page of a new member', async () => {
    for (const lang of LANGS) {
      const created = await adminContext.request.post('/backoffice/api/staff', {
        headers: { 'x-csrf-token': csrf },
        data: {
          username: `hk.a11y.${letters.toLowerCase()}.${lang.replace('-', '').toLowerCase()}`,
          displayName: `A11y ${letters} ${lang}`,
          roles: ['reviewer'],
          language: lang,
          linkValidHours: 24,
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      const { token } = ((await created.json()) as { data: { setupLink: { token: string } } }).data.setupLink;
      const context = await desk(browser);
      const p = await context.newPage();
      await p.goto('/backoffice/sign-in');
      await showIn(p, lang);
      await check(p, lang, `/backoffice/setup#${token}`, setupTitle[lang], 'console first sign-in');
      await context.close();
    }
  });

  await adminContext.close();
});

test("the administrator's pages in each language: axe and a visible focus", async ({ browser }) => {
  test.setTimeout(600_000);
  const adminContext = await desk(browser);
  const admin = await adminContext.newPage();
  await signIn(adminContext.request, 'administrator');
  await admin.goto('/backoffice/sign-in');

  await test.step("the administrator's pages", async () => {
    for (const lang of LANGS) {
      await showIn(admin, lang);
      await check(
        admin,
        lang,
        '/backoffice/',
        new RegExp(`^${titleOf(lang, 'home_welcome').replace('{{name}}', '.+')}$`),
        'console home',
      );
      await check(
        admin,
        lang,
        '/backoffice/review-queue',
        titleOf(lang, 'page_review_queue'),
        'console queue',
      );
      await check(admin, lang, '/backoffice/staff', titleOf(lang, 'page_staff'), 'console staff');
      await check(admin, lang, '/backoffice/audit', titleOf(lang, 'page_audit'), 'console audit');
      await check(admin, lang, '/backoffice/records', titleOf(lang, 'page_records'), 'console records');
      await check(admin, lang, '/backoffice/outbox', titleOf(lang, 'page_outbox'), 'console outbox');
    }
  });

  await adminContext.close();
});

test('a case and its records page in each language: axe and a visible focus', async ({ page, browser }) => {
  test.setTimeout(600_000);
  // a submitted application for the case view and its records page, brought through the real calls
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const identity = { ...sampleHkIdentity(), givenName: `LOK ${letters}` };
  const applicantName = `${identity.surname} ${identity.givenName}`;
  const submitted = (async () => {
    await page.goto('/login');
    await loginThroughApi(page, uniqueHkMobile());
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id$/, { timeout: 30_000 });
    await bringToSignature(page, { identity });
    return signAndSubmitThroughApi(page, applicantName, 'en');
  })();

  const adminContext = await desk(browser);
  const admin = await adminContext.newPage();
  await signIn(adminContext.request, 'administrator');
  await admin.goto('/backoffice/sign-in');

  expect((await submitted).status).toBe(1);
  await test.step('a case and its records page', async () => {
    const queue = await adminContext.request.get('/backoffice/api/cases?sort=-submitted&pageSize=100');
    expect(queue.status()).toBe(200);
    const { cases } = ((await queue.json()) as { data: { cases: { id: string; applicantName: string }[] } })
      .data;
    const found = cases.find((c) => c.applicantName.includes(applicantName));
    expect(found, `a case of ${applicantName} in the queue`).toBeTruthy();
    for (const lang of LANGS) {
      await showIn(admin, lang);
      // the case view's title is the applicant's name (in Chinese and in English)
      await check(
        admin,
        lang,
        `/backoffice/cases/${found!.id}`,
        new RegExp(applicantName),
        'console case view',
      );
      // reached from the case by its link, as a member of staff goes there
      await admin.getByRole('link', { name: recordsLink[lang] }).click();
      await expect(admin).toHaveURL(/\/backoffice\/records\/[0-9a-f-]{36}$/);
      await expect(admin.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoA11yViolations(admin, `console records of a case (${lang})`);
      if (lang === LANGS[0]) await expectVisibleFocusOnTab(admin, `console records of a case (${lang})`);
    }
  });
  await adminContext.close();
});

test('the operations and content pages in each language: no serious axe finding and a visible focus', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  await test.step('operations: deposits and opening', async () => {
    const context = await desk(browser);
    await signIn(context.request, 'operations');
    const ops = await context.newPage();
    await ops.goto('/backoffice/sign-in');
    for (const lang of LANGS) {
      await showIn(ops, lang);
      await check(
        ops,
        lang,
        '/backoffice/deposits/import',
        titleOf(lang, 'page_deposit_import'),
        'console import',
      );
      await check(
        ops,
        lang,
        '/backoffice/deposits/credits',
        titleOf(lang, 'page_deposit_credits'),
        'console credits',
      );
      await check(
        ops,
        lang,
        '/backoffice/deposits/fx-rates',
        titleOf(lang, 'page_fx_rates'),
        'console USD rates',
      );
      await check(ops, lang, '/backoffice/opening', titleOf(lang, 'page_opening'), 'console opening');
    }
    await context.close();
  });

  await test.step('the content editor: the status page content', async () => {
    const context = await desk(browser);
    await signIn(context.request, 'content_editor');
    const editor = await context.newPage();
    await editor.goto('/backoffice/sign-in');
    for (const lang of LANGS) {
      await showIn(editor, lang);
      await check(editor, lang, '/backoffice/content', titleOf(lang, 'page_content'), 'console content');
    }
    await context.close();
  });
});
