import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { generateSync } from 'otplib';
import {
  bringToSignature,
  consoleDesk,
  consoleTexts,
  expect,
  expectNoA11yViolations,
  fillPlaceholders,
  loginThroughApi,
  sampleHkIdentity,
  signAndSubmitThroughApi,
  staffCode,
  test,
  uniqueHkMobile,
} from './support';

// Issue #22 "Done when", the console journey: an administrator (English) signs in by keyboard
// only and creates a reviewer (Traditional Chinese) on the staff page; the reviewer opens the
// one-time link, enrols the authenticator from the QR code (decoded here as a phone's camera
// would), sets a password and signs in with the next code; she finds an applicant in the queue by
// the last digits of the mobile, opens the case, takes it and decides an item; operations
// (Simplified Chinese) import a statement and see the job's progress to its end. axe runs on every
// page met, each console page in one of the three languages, the sign-in page in all three.

const texts = consoleTexts;
const fill = fillPlaceholders;

const STEP_SECONDS = 30;
/** The code an authenticator app holding `secret` shows now. */
function codeNow(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000), period: STEP_SECONDS, digits: 6 });
}
/** Waits for the next 30-second step (a code is accepted once) and a few seconds from its end. */
async function nextCode(secret: string, used: string): Promise<string> {
  for (;;) {
    const left = STEP_SECONDS - (Math.floor(Date.now() / 1000) % STEP_SECONDS);
    const code = codeNow(secret);
    if (code !== used && left >= 5) return code;
    await new Promise((r) => setTimeout(r, (left + 1) * 1000));
  }
}

async function desk(browser: Browser, locale: string): Promise<Page> {
  return (await consoleDesk(browser, locale)).newPage();
}

/** The QR code on the page, read from its pixels as an authenticator app's camera reads it. */
async function readQrCode(page: Page, alt: string): Promise<string> {
  const img = page.getByRole('img', { name: alt });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeTruthy();
  // drawn at 400 px on white, as a camera sees the screen (the image is an SVG without a size)
  const pixels = await img.evaluate((i: HTMLImageElement) => {
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size, size);
    g.imageSmoothingEnabled = false;
    g.drawImage(i, 20, 20, size - 40, size - 40);
    const data = g.getImageData(0, 0, size, size);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded, 'the QR code decodes').toBeTruthy();
  return decoded!.data;
}

test('an administrator adds a reviewer who enrols from the QR code, reviews; operations import', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const adminEn = texts('en', 'common', 'sign_in');
  const staffEn = texts('en', 'staff');
  const setupHk = texts('zh-HK', 'staff_setup');
  const signInHk = texts('zh-HK', 'sign_in');
  const casesHk = texts('zh-HK', 'cases');
  const commonHk = texts('zh-HK', 'common');
  const depositsCn = texts('zh-CN', 'deposits');
  const signInCn = texts('zh-CN', 'sign_in');

  // the applicant, brought to a submitted application through the real calls meanwhile (the
  // recording's minimum time runs while the staff page is worked)
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const identity = { ...sampleHkIdentity(), givenName: `TAI ${letters}` };
  const applicantName = `${identity.surname} ${identity.givenName}`;
  const mobile = uniqueHkMobile();
  const submitted = (async () => {
    await page.goto('/login');
    await loginThroughApi(page, mobile);
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id$/);
    await bringToSignature(page, { identity });
    return signAndSubmitThroughApi(page, applicantName, 'en');
  })();

  const admin = await desk(browser, 'en-GB');
  await test.step('the sign-in page in three languages, then the administrator by keyboard only', async () => {
    for (const [lang, title] of [
      ['zh-CN', texts('zh-CN', 'sign_in')('title')],
      ['zh-HK', signInHk('title')],
    ] as const) {
      const other = await desk(browser, lang);
      await other.goto('/backoffice/sign-in');
      await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoA11yViolations(other, `console sign-in (${lang})`);
      await other.context().close();
    }
    await admin.goto('/backoffice/staff');
    await expect(admin.getByRole('heading', { level: 1, name: adminEn('title') })).toBeVisible();
    await expectNoA11yViolations(admin, 'console sign-in (en)');
    const account = await staffCode(admin.request, 'administrator');
    await admin.getByLabel(adminEn('username')).focus();
    await admin.keyboard.type(account.username);
    await admin.keyboard.press('Tab');
    await admin.keyboard.type(account.password);
    await admin.keyboard.press('Tab');
    await admin.keyboard.type(account.code);
    await admin.keyboard.press('Enter');
    await expect(
      admin.getByRole('heading', { level: 1, name: adminEn('page_staff'), exact: true }),
    ).toBeVisible();
    await expectNoA11yViolations(admin, 'console staff page');
  });

  const username = `hk.reviewer.${letters.toLowerCase()}`;
  const displayName = `Wong Ka Yan ${letters}`;
  let setupLink = '';
  await test.step('the staff page creates a reviewer who reads the console in Traditional Chinese', async () => {
    await admin.getByRole('button', { name: staffEn('add') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(staffEn('field_username')).fill(username);
    await dialog.getByLabel(staffEn('field_display_name')).fill(displayName);
    await dialog.getByRole('checkbox', { name: adminEn('role_reviewer') }).check();
    await dialog.getByLabel(staffEn('field_language')).click();
    // antd draws each option as an item named by its title (the chosen value carries the title too)
    await admin.locator(`.ant-select-item-option[title="${staffEn('lang_zh_hk')}"]`).click();
    await expectNoA11yViolations(admin, 'console staff page: new member');
    await dialog.getByRole('button', { name: staffEn('create') }).click();
    const issued = admin.getByRole('dialog', { name: fill(staffEn('link_title'), { name: displayName }) });
    await expect(issued).toBeVisible();
    setupLink = ((await issued.locator('code').textContent()) ?? '').trim();
    expect(setupLink).toMatch(/\/backoffice\/setup#[A-Za-z0-9_-]{20,}$/);
    // closed by keyboard (the focus is inside the dialog)
    await admin.keyboard.press('Escape');
    await expect(issued).toBeHidden();
    const row = admin.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText(staffEn('state_awaiting_setup'));
  });

  const member = await desk(browser, 'zh-HK');
  let secret = '';
  let enrolCode = '';
  await test.step('the new reviewer enrols her authenticator from the QR code and sets her password', async () => {
    await member.goto(setupLink);
    await expect(member.getByRole('heading', { level: 1, name: setupHk('title') })).toBeVisible();
    const uri = new URL(await readQrCode(member, setupHk('qr_alt')));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Harbour Peak Securities');
    expect(decodeURIComponent(uri.pathname)).toContain(username);
    secret = uri.searchParams.get('secret') ?? '';
    // the key shown for typing is the one in the QR code
    await expect(member.locator('code')).toHaveText(secret);
    await expectNoA11yViolations(member, 'console first sign-in (zh-HK)');
    const password = `harbour peak ${letters} reviews`;
    await member.getByLabel(setupHk('password'), { exact: true }).fill(password);
    await member.getByLabel(setupHk('password_again')).fill(password);
    enrolCode = codeNow(secret);
    await member.getByLabel(setupHk('code')).fill(enrolCode);
    await member.getByRole('button', { name: setupHk('submit') }).click();
    await expect(member.getByText(setupHk('done_title'))).toBeVisible();

    // signs in with the password and the app's next code (the enrolment's code was used)
    await member.getByRole('link', { name: setupHk('to_sign_in') }).click();
    await member.getByLabel(signInHk('username')).fill(username);
    await member.getByLabel(signInHk('password')).fill(password);
    await member.getByLabel(signInHk('totp')).fill(await nextCode(secret, enrolCode));
    await member.getByRole('button', { name: signInHk('submit') }).click();
    await expect(member.getByRole('navigation', { name: commonHk('menu_label') })).toBeVisible();
  });

  await test.step('the administrator sees her active, and the audit page the events', async () => {
    await admin.reload();
    await expect(admin.getByRole('row').filter({ hasText: username })).toContainText(staffEn('state_active'));
    await admin.goto('/backoffice/audit');
    await expect(admin.getByRole('heading', { level: 1, name: adminEn('page_audit') })).toBeVisible();
    await expectNoA11yViolations(admin, 'console audit');
    await admin.goto('/backoffice/records');
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(admin, 'console records');
  });

  expect((await submitted).status).toBe(1);
  await test.step('the reviewer finds the applicant by the last digits of the mobile and decides an item', async () => {
    await member.goto('/backoffice/review-queue');
    await expect(
      member.getByRole('heading', { level: 1, name: commonHk('page_review_queue') }),
    ).toBeVisible();
    const search = member.getByLabel(casesHk('search_label'));
    await search.fill(mobile.slice(-4));
    await search.press('Enter');
    const row = member.getByRole('row').filter({ has: member.getByRole('link', { name: applicantName }) });
    await expect(row).toHaveCount(1);
    await expectNoA11yViolations(member, 'console queue, searched (zh-HK)');
    await row.getByRole('link', { name: applicantName }).click();
    await expect(member.getByRole('heading', { level: 1, name: applicantName })).toBeVisible();
    await member.getByRole('button', { name: casesHk('assign_to_me') }).click();
    await expect(member.getByRole('status').filter({ hasText: casesHk('done_assigned') })).toHaveCount(1);
    await expectNoA11yViolations(member, 'console case view (zh-HK)');
    // the first item's form: approve it by keyboard
    const form = member.getByRole('form').first();
    await form.getByLabel(casesHk('verdict_choice_approved')).check();
    await form.getByRole('button', { name: casesHk('save_decision') }).click();
    const saved = casesHk('done_item_decided').split('{{item}}');
    await expect(
      member.getByRole('status').filter({ hasText: saved[0] }).filter({ hasText: saved[1] }),
    ).not.toHaveCount(0);
  });

  const ops = await desk(browser, 'zh-CN');
  await test.step('operations import a statement and follow the job to its end', async () => {
    await ops.goto('/backoffice/deposits/import');
    const account = await staffCode(ops.request, 'operations');
    await ops.getByLabel(signInCn('username')).fill(account.username);
    await ops.getByLabel(signInCn('password')).fill(account.password);
    await ops.getByLabel(signInCn('totp')).fill(account.code);
    await ops.getByRole('button', { name: signInCn('submit') }).click();
    await expect(
      ops.getByRole('heading', { level: 1, name: texts('zh-CN', 'common')('page_deposit_import') }),
    ).toBeVisible();
    await expectNoA11yViolations(ops, 'console import (zh-CN)');
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
    const lines = Array.from(
      { length: 2000 },
      (_, i) =>
        `${day},${(100 + i).toFixed(2)},,HKD,CHAN SIU ${letters},012-98765432${String(i).padStart(4, '0')},NOREF${letters}${i},FT${letters}${i}`,
    );
    const csv = [
      'Account,808-123456-838',
      'Booking date,Credit amount,Debit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference',
      ...lines,
      '',
    ].join('\n');
    await ops.getByLabel(depositsCn('account_label')).click();
    await ops.getByTitle(/808-123456-838/).click();
    await ops.getByLabel(depositsCn('file_label')).setInputFiles({
      name: `hsbc-console-${letters}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    // every state the page announces is kept, to show the progress was seen before the end
    await ops.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenJobStates: string[] }).seenJobStates = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="job-status"]');
        const text = el?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await ops.getByRole('button', { name: depositsCn('import'), exact: true }).click();
    const result = ops.getByRole('region', { name: depositsCn('result_title') });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId('job-status')).toHaveText('已完成', { timeout: 90_000 });
    const seen = await ops.evaluate(() => (window as unknown as { seenJobStates: string[] }).seenJobStates);
    expect(seen.length, `states announced: ${seen.join(' → ')}`).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe('已完成');
    await expectNoA11yViolations(ops, 'console import done (zh-CN)');
    for (const [p, name] of [
      ['/backoffice/deposits/credits', 'credits'],
      ['/backoffice/deposits/fx-rates', 'fx rates'],
      ['/backoffice/opening', 'opening'],
      ['/backoffice/outbox', 'outbox'],
    ] as const) {
      await ops.goto(p);
      await expect(ops.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(ops, `console ${name} (zh-CN)`);
    }
  });
});
