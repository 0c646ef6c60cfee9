import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  applicationStatus,
  bringToSignature,
  expect,
  idImages,
  latestSmsCode,
  signAndSubmitThroughApi,
  test,
  uniqueClientIp,
  uniqueHkMobile,
} from '../support';

// spec §4 duplicate-account cases: an ID already used with another mobile shows a dialog that
// offers logging in with the other number or calling customer service; a mobile whose submitted
// application holds one ID, used with another, shows the same dialog in its own words. Nothing is saved.
// Since decision 007 (issue #5 §4.4) only a SUBMITTED application holds its ID number: a stranger
// who typed someone's number into a draft first locks nobody out.

/** A valid HKID (one letter, six digits, mod-11 check digit) that no other journey uses. */
function randomHkid(): string {
  const letter = String.fromCharCode(65 + randomInt(26));
  const digits = Array.from({ length: 6 }, () => randomInt(10));
  const values = [36, letter.charCodeAt(0) - 55, ...digits];
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${letter}${digits.join('')}${check === 10 ? 'A' : check}`;
}

async function logInAsNewUser(page: Page) {
  const mobile = uniqueHkMobile();
  await page.goto('/login');
  await page.getByLabel('手机号码', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: /^获取验证码$/ }).click();
  await page.getByLabel('短信验证码', { exact: true }).fill(await latestSmsCode(page.request, mobile));
  await page.getByLabel('我已阅读并同意开户相关协议').check();
  await page.getByRole('button', { name: '快速开户' }).click();
  await expect(page).toHaveURL(/\/userinfo\/id$/);
}

async function confirmHkId(page: Page, idNumber: string) {
  await page.getByRole('radio', { name: '香港身份证' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('上传证件正面', { exact: true }).setInputFiles(idImages.hkFront);
  await page.getByLabel('上传证件背面', { exact: true }).setInputFiles(idImages.hkBack);
  await expect(page.locator('#root').getByText('已上传')).toHaveCount(2, { timeout: 20_000 });
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('英文姓氏', { exact: true }).fill('CHAN');
  await page.getByLabel('英文名字', { exact: true }).fill('TAI MAN');
  await page.getByLabel('我确认英文姓名与银行记录一致').check();
  await page.getByLabel('证件号码', { exact: true }).fill(idNumber);
  await page.getByRole('radio', { name: '男' }).check();
  await page.getByLabel('出生日期', { exact: true }).fill('1990-01-01');
  await page.getByRole('button', { name: '提交', exact: true }).click();
}

async function otherPhone(browser: Browser) {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Hong_Kong',
    extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() },
  });
  return { context, page: await context.newPage() };
}

test("a stranger's unsubmitted application with the same ID locks nobody out", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const idNumber = randomHkid();
  // Someone types a real person's number first, and never submits.
  await logInAsNewUser(page);
  await confirmHkId(page, idNumber);
  await expect(page).toHaveURL(/\/userinfo\/address$/);

  // The holder of the ID (another phone, another number) is not stopped by that draft.
  const other = await otherPhone(browser);
  await logInAsNewUser(other.page);
  await confirmHkId(other.page, idNumber);
  await expect(other.page).toHaveURL(/\/userinfo\/address$/);
  await expect(other.page.getByRole('dialog')).toHaveCount(0);
  await other.context.close();
});

test('an ID of a submitted application opens the duplicate-account dialog; nothing typed is lost', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const idNumber = randomHkid();
  await logInAsNewUser(page);
  await confirmHkId(page, idNumber);
  await expect(page).toHaveURL(/\/userinfo\/address$/);
  // The first applicant goes through every later step and submits, through the real API
  // (e2e/support/flow.ts; it waits out the recording's minimum time): only a SUBMITTED
  // application holds its ID number.
  await bringToSignature(page, { identity: null });
  expect((await signAndSubmitThroughApi(page, 'CHAN TAI MAN')).status).toBe(1);
  expect((await applicationStatus(page)).status).toBe(1);

  // Someone else (another phone, another number) enters the same ID.
  const other = await otherPhone(browser);
  await logInAsNewUser(other.page);
  await confirmHkId(other.page, idNumber);
  const dialog = other.page.getByRole('dialog');
  await expect(dialog.getByText('账户已存在')).toBeVisible();
  await expect(dialog.getByText(/该证件已使用其他手机号码开户/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: /3000 8888|400-800-8888/ })).toBeVisible();
  await expect(other.page).toHaveURL(/\/userinfo\/id\/details$/);
  // what they typed is still there
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(other.page.getByLabel('证件号码', { exact: true })).toHaveValue(idNumber);
  await expect(other.page.getByLabel('英文姓氏', { exact: true })).toHaveValue('CHAN');
  await expect(other.page.getByLabel('英文名字', { exact: true })).toHaveValue('TAI MAN');
  await expect(other.page.getByLabel('出生日期', { exact: true })).toHaveValue('1990-01-01');

  await other.page.getByRole('button', { name: '提交', exact: true }).click();
  await other.page.getByRole('dialog').getByRole('button', { name: '换其他手机号重新登录' }).click();
  await expect(other.page).toHaveURL(/\/login$/);
  await expect(other.page.getByRole('button', { name: '快速开户' })).toBeVisible();
  await other.context.close();

  // The first applicant, whose application is submitted, opens the details to change them
  // (spec §2 state=submitted, 're-submit') and types another ID: this mobile already opened with
  // another ID (spec §4), the same dialog with its own words; nothing changes.
  await page.goto('/userinfo/id/details?state=submitted');
  await page.getByRole('button', { name: '修改证件号码' }).click();
  let otherId = randomHkid();
  while (otherId === idNumber) otherId = randomHkid();
  await page.getByLabel('证件号码', { exact: true }).fill(otherId);
  await page.getByRole('button', { name: '重新提交', exact: true }).click();
  const own = page.getByRole('dialog');
  await expect(own.getByText('账户已存在')).toBeVisible();
  await expect(own.getByText('该手机号码已使用其他证件开户，如有疑问请联系客服。')).toBeVisible();
  await expect(own.getByRole('link', { name: /3000 8888|400-800-8888/ })).toBeVisible();
  await own.getByRole('button', { name: '取消' }).click();
  await expect(page.getByLabel('证件号码', { exact: true })).toHaveValue(otherId);
  expect((await applicationStatus(page)).status).toBe(1);
});
