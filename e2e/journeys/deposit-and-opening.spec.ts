import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  apiCall,
  applicationStatus,
  approveThroughConsole,
  bringToSignature,
  consoleDesk,
  expect,
  expectNoA11yViolations,
  idImages,
  loginThroughApi,
  MAINLAND_TAX,
  mainlandBankAnswers,
  type StaffApi,
  sampleHkIdentity,
  sampleMainlandIdentity,
  signAndSubmitThroughApi,
  signInStaffApi,
  staffCode,
  test,
  uniqueClientIp,
  uniqueCnMobile,
  uniqueHkMobile,
} from '../support';

// Issue #15 "Done when", the browser journey: content staff publish today's IPO, a banner and the
// customer-service QR; a mainland applicant (+86 mobile, resident ID) in Simplified Chinese and a Hong Kong
// applicant in English are submitted, approved and make their identity deposit on the phone
// screens (receiving accounts, reference copied, voucher uploaded with its progress, "I have
// paid"); operations (desktop, console screens) import the receiving account's HSBC statement in
// which the first one's credit matches and the second one's comes from a third party; the first
// applicant sees "activated" on a fresh phone, operations open the account, and they see "opened"
// with the account number; the second is asked again and the console lists the credit as flagged
// for refund. The status page of a submitted application (IPOs, carousel, QR copy, download
// prompt) is checked in each language while the English applicant waits for the review.

/** spec §5: one SMS per mobile per 60 s; a fresh phone logs in again once it has passed. */
const SMS_INTERVAL_MS = 61_000;

/** Today in Hong Kong plus `days`, YYYY-MM-DD. */
function hongKongDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

function letters(n: number) {
  return Array.from({ length: n }, () => String.fromCharCode(65 + randomInt(26))).join('');
}

/** A phone: a browser profile of its own, with the clipboard granted (the copy buttons are read back). */
async function phone(browser: Browser, locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    timezoneId: 'Asia/Hong_Kong',
    permissions: ['clipboard-read', 'clipboard-write'],
    extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() },
  });
  return { context, page: await context.newPage() };
}

interface Applicant {
  page: Page;
  context: BrowserContext;
  mobile: string;
  region: 'HK' | 'CN';
  lang: 'zh-CN' | 'en';
  /** The English name on the ID, as the bank step's holder and the case's English part. */
  englishName: string;
  chineseName: string;
  /** The bank step's account as a statement writes the payer's account. */
  designatedAccount: string;
  /** The name the console's case and lists show ("陳大文 / CHAN TAI …"). */
  caseName: string;
  loggedInAt: number;
}

/** Logged in through the API, every step to the signature, signed and submitted (status 1). */
async function submittedApplicant(browser: Browser, lang: 'zh-CN' | 'en', region: 'HK' | 'CN') {
  const { context, page } = await phone(browser, lang);
  // a mainland resident ID holder (TIN from the ID) or an HKID holder, each a name of their own
  const identity =
    region === 'CN' ? sampleMainlandIdentity() : { ...sampleHkIdentity(), givenName: `TAI ${letters(6)}` };
  const englishName = `${identity.surname} ${identity.givenName}`;
  const mobile = region === 'CN' ? uniqueCnMobile() : uniqueHkMobile();
  await page.goto('/login');
  await loginThroughApi(page, mobile, { region });
  const loggedInAt = Date.now();
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id$/);
  // the designated account: a mainland debit card, or the sample's HSBC account (123456789001)
  const bank = region === 'CN' ? mainlandBankAnswers(mobile) : undefined;
  await bringToSignature(page, { identity, tax: region === 'CN' ? MAINLAND_TAX : undefined, bank });
  expect((await signAndSubmitThroughApi(page, englishName, lang)).status).toBe(1);
  const caseName = `${identity.chineseName} / ${englishName}`;
  const chineseName = identity.chineseName;
  const designatedAccount = bank?.card_number ?? '004-123456789001';
  return {
    designatedAccount,
    page,
    context,
    mobile,
    region,
    lang,
    englishName,
    chineseName,
    caseName,
    loggedInAt,
  } satisfies Applicant;
}

/** What the content editor publishes (unique per run: the journeys share one server). */
const content = (() => {
  const tag = letters(4);
  return {
    productCode: `9${String(randomInt(1000, 9999))}`,
    ipoName: { 'zh-CN': `港峰科技${tag}`, 'zh-HK': `港峰科技${tag}`, en: `Harbour Peak Tech ${tag}` },
    bannerTitle: `IPO week ${tag}`,
    chatAccount: `HarbourPeak_${tag}`,
  };
})();

/** A multipart call of the content console (payload as JSON and an image), answering `data`. */
async function sendContent<T>(staff: StaffApi, method: 'POST' | 'PUT', path: string, payload: unknown) {
  const res = await staff.raw.fetch(`/backoffice/api${path}`, {
    method,
    headers: { 'x-csrf-token': staff.csrfToken, lang: 'en' },
    multipart: {
      payload: JSON.stringify(payload),
      file: { name: 'image.jpg', mimeType: 'image/jpeg', buffer: await readFile(idImages.hkFront) },
    },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The status page's texts in each language (apps/web/src/locales/<lang>/status.json). */
const STATUS_PAGE = {
  'zh-CN': {
    title: '开户进度',
    state: '资料已提交，正在审核',
    ipos: '今日可认购新股',
    noLeverage: '无杠杆',
    carousel: '精选活动',
    service: '客户服务',
    chatAccount: `微信号：${content.chatAccount}`,
    copyChat: '复制微信号',
    copied: '复制成功，请打开微信搜索添加',
    download: '下载港峰证券 App',
    open: '立即打开',
    close: '关闭下载提示',
  },
  'zh-HK': {
    title: '開戶進度',
    state: '資料已提交，正在審核',
    ipos: '今日可認購新股',
    noLeverage: '無槓桿',
    carousel: '精選活動',
    service: '客戶服務',
    chatAccount: `微信號：${content.chatAccount}`,
    copyChat: '複製微信號',
    copied: '複製成功，請打開微信搜尋加入',
    download: '下載港峰證券 App',
    open: '立即打開',
    close: '關閉下載提示',
  },
  en: {
    title: 'Account opening progress',
    state: 'Submitted — your application is being reviewed',
    ipos: 'IPOs open for subscription today',
    noLeverage: 'No leverage',
    carousel: 'Featured',
    service: 'Customer service',
    chatAccount: `Chat account: ${content.chatAccount}`,
    copyChat: 'Copy chat account',
    copied: 'Copied. Open the messaging app and search for it',
    download: 'Get the Harbour Peak app',
    open: 'Open now',
    close: 'Close the download prompt',
  },
} as const;

/** The deposit screens' texts (apps/web/src/locales/<lang>/deposit.json). */
const DEPOSIT = {
  'zh-CN': {
    intro: '进行身份验证入金',
    toAccounts: '查看收款账户',
    accounts: '汇款信息',
    copyReference: '复制汇款参考编号',
    copied: '已复制',
    toUpload: '我已汇款：上传凭证',
    upload: '上传汇款凭证',
    choose: '选择截图或文件',
    progress: '上传进度',
    onFile: /^图片 · 凭证已于 .+ 上传$/,
    paid: '我已完成汇款',
    remitted: '我们正在核对您的入金',
    activated: '我们已收到您的入金',
    activatedLead: '您的账户已激活',
    opened: '您的账户已开通',
    openedNumber: '您的证券账号',
  },
  en: {
    intro: 'Make your identity deposit',
    toAccounts: 'See where to pay',
    accounts: 'Remittance information',
    copyReference: 'Copy Reference code',
    copied: 'Copied',
    toUpload: 'I have transferred: upload the voucher',
    upload: 'Upload remittance voucher',
    choose: 'Choose a screenshot or file',
    progress: 'Upload progress',
    onFile: /^Image · Voucher uploaded .+$/,
    paid: 'I have paid',
    remitted: 'We are checking your deposit',
    again: 'Please upload the voucher again',
    againReason:
      'The money did not come from your own designated bank account; it will be returned to the payer. Please transfer again from your designated account',
  },
} as const;

/**
 * The applicant's deposit on the phone screens: the status route to /remit, the receiving accounts,
 * the reference code copied (read back from the clipboard), the voucher uploaded with its progress
 * bar, "I have paid", /remitted. Answers the reference code.
 */
async function makeDeposit(a: Applicant): Promise<string> {
  const { page } = a;
  const L = DEPOSIT[a.lang];
  await page.goto('/usercenter');
  // spec §4: approved with a designated account on record goes to /remit
  await expect(page).toHaveURL(/\/remit$/);
  await expect(page.getByRole('heading', { level: 1, name: L.intro })).toBeVisible();
  await expect(page.getByText('HKD 10,000.00').first()).toBeVisible();
  await expectNoA11yViolations(page, `/remit (${a.lang})`);

  await page.getByRole('link', { name: L.toAccounts }).click();
  await expect(page).toHaveURL(/\/remitAccount$/);
  await expect(page.getByRole('heading', { level: 1, name: L.accounts })).toBeVisible();
  // the first receiving account (HSBC, HKD) with its number and FPS ID
  await expect(page.getByText('808-123456-838')).toBeVisible();
  await expect(page.getByText('HSBCHKHHHKH')).toBeVisible();
  await page.getByRole('button', { name: L.copyReference }).click();
  await expect(page.getByText(L.copied, { exact: true }).first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const info = await apiCall<{ reference: string }>(page, '/v9/OpenAccountHk/remittance_info');
  expect(copied).toBe(info.data.reference);
  expect(copied).toMatch(/^HP[0-9A-HJKMNP-TV-Z]{8}$/);
  await expectNoA11yViolations(page, `/remitAccount (${a.lang})`);

  await page.getByRole('link', { name: L.toUpload }).click();
  await expect(page).toHaveURL(/\/remitUpload$/);
  await expect(page.getByRole('heading', { level: 1, name: L.upload })).toBeVisible();
  await expect(page.getByRole('button', { name: L.paid })).toBeDisabled();
  // a slow network (the answer held back 1.5 s): the progress bar stays long enough to be seen
  await page.route('**/update_remittance**', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByLabel(L.choose).setInputFiles(idImages.hkBack);
  await expect(page.getByRole('progressbar', { name: L.progress })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: L.progress })).toHaveCount(0, { timeout: 20_000 });
  await page.unroute('**/update_remittance**');
  // the done state: the voucher on file (the server's answer), "I have paid" now possible
  await expect(page.getByText(L.onFile)).toBeVisible();
  await expect(page.getByRole('button', { name: L.paid })).toBeEnabled();
  await expectNoA11yViolations(page, `/remitUpload with a voucher (${a.lang})`);
  await page.getByRole('button', { name: L.paid }).click();
  await expect(page).toHaveURL(/\/remitted$/);
  await expect(page.getByRole('heading', { level: 1, name: L.remitted })).toBeVisible();
  await expectNoA11yViolations(page, `/remitted (${a.lang})`);
  return copied;
}

/** DD/MM/YYYY, the HSBC export's date format (statement.ts HSBC_HK_CSV). */
function hsbcDate(isoDay: string) {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}

test('deposits matched and flagged, activated and opened; the status page in three languages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(330_000);

  await test.step('content staff publish an IPO open today, a banner and the service QR', async () => {
    const editor = await signInStaffApi(baseURL!, 'content_editor', 'en');
    const ipo = await editor.send<{ openToday: boolean; minSubAmount: string }>('POST', '/content/ipos', {
      productCode: content.productCode,
      name: content.ipoName,
      popularity: 4,
      leverage: '0',
      minSubAmount: '3,030.25',
      currency: 'HKD',
      subscribeFrom: hongKongDay(-1),
      subscribeTo: hongKongDay(2),
      published: true,
      sort: 0,
    });
    expect(ipo.openToday).toBe(true);
    const banner = await sendContent<{ live: boolean }>(editor, 'POST', '/content/banners', {
      title: content.bannerTitle,
      type: 'ipoList',
      data: {},
      language: 'all',
      sort: 0,
      startsAt: null,
      endsAt: null,
      published: true,
    });
    expect(banner.live).toBe(true);
    const service = await editor.get<{
      phoneHk: string;
      phoneCn: string;
      hours: Record<string, string>;
      version: number;
    }>('/content/service');
    const saved = await sendContent<{ showQr: boolean }>(editor, 'PUT', '/content/service', {
      phoneHk: service.phoneHk,
      phoneCn: service.phoneCn,
      hours: service.hours,
      showQr: true,
      chatAccount: content.chatAccount,
      version: service.version,
    });
    expect(saved.showQr).toBe(true);
    await editor.dispose();
  });

  // both applicants at once (the recording's minimum time runs for each)
  const [cn, en] =
    await test.step('two applicants submit through the API (zh-CN mainland mobile, en HK)', () =>
      Promise.all([submittedApplicant(browser, 'zh-CN', 'CN'), submittedApplicant(browser, 'en', 'HK')]));

  await test.step('the status page of a submitted application, in each language', async () => {
    for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
      const L = STATUS_PAGE[lang];
      // a new tab each time: the download prompt, once closed, stays closed for the tab's visit
      const p = await en.context.newPage();
      await p.goto(`/usercenter?lang=${lang}`);
      await expect(p.getByRole('heading', { level: 1, name: L.title })).toBeVisible();
      await expect(p.getByRole('heading', { name: L.state })).toBeVisible();
      const ipos = p.getByRole('region', { name: L.ipos });
      const row = ipos.getByRole('button', { name: new RegExp(content.ipoName[lang]) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(content.productCode);
      await expect(row).toContainText('3,030.25');
      await expect(row).toContainText(L.noLeverage);
      const carousel = p.getByRole('region', { name: L.carousel });
      await expect(carousel.getByRole('img', { name: content.bannerTitle })).toBeVisible();
      const prompt = p.getByRole('complementary', { name: L.download });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByText(L.open)).toBeVisible();
      await expectNoA11yViolations(p, `status page (${lang})`);
      await prompt.getByRole('button', { name: L.close }).click();
      await expect(prompt).toHaveCount(0);
      const service = p.getByRole('region', { name: L.service });
      await expect(service.getByText(L.chatAccount)).toBeVisible();
      await service.getByRole('button', { name: L.copyChat }).click();
      // the toast a person sees (the same words are also in the announcer's hidden region)
      await expect(p.locator('.adm-toast-main').getByText(L.copied, { exact: true })).toBeVisible();
      expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(content.chatAccount);
      await p.close();
    }
  });

  // the second demo reviewer and approver: the review journey (backoffice-review.spec.ts), maybe
  // running at the same time, signs in the first ones, and an account takes each code once
  await test.step('the reviewer and the approver approve both through the console API', async () => {
    const reviewer = await signInStaffApi(baseURL!, 'reviewer', 'en', 'reviewer2.demo');
    const approver = await signInStaffApi(baseURL!, 'approver', 'en', 'approver2.demo');
    await approveThroughConsole(reviewer, approver, cn.caseName);
    await approveThroughConsole(reviewer, approver, en.caseName);
    await reviewer.dispose();
    await approver.dispose();
    expect((await applicationStatus(cn.page)).status).toBe(2);
    expect((await applicationStatus(en.page)).status).toBe(2);
  });

  const cnReference = await test.step('the zh-CN applicant makes the deposit on the phone', () =>
    makeDeposit(cn));
  const enReference = await test.step('the en applicant makes the deposit on the phone', () =>
    makeDeposit(en));

  const desk = await consoleDesk(browser, 'zh-CN');
  const ops = await desk.newPage();

  await test.step('operations import the HSBC statement: one matched, one flagged', async () => {
    await ops.goto('/backoffice/deposits/import');
    const account = await staffCode(ops.request, 'operations');
    await ops.getByLabel('用户名').fill(account.username);
    await ops.getByLabel('密码').fill(account.password);
    await ops.getByLabel('验证码').fill(account.code);
    await ops.getByRole('button', { name: '登录' }).click();
    await expect(ops.getByRole('heading', { level: 1, name: '导入银行结单' })).toBeVisible();

    const today = hsbcDate(hongKongDay());
    const csv = [
      'Account,808-123456-838',
      'Booking date,Credit amount,Debit amount,Currency,Counterparty name,Counterparty account,Customer reference,Bank reference',
      // the zh-CN applicant from the designated account (the bank step's mainland card), in their
      // own name as their Chinese characters (one of the name's forms the matcher reads)
      `${today},10000.00,,HKD,${cn.chineseName},${cn.designatedAccount},${cnReference},FT${letters(10)}`,
      `${today},,2500.00,HKD,,,Office rent,FT${letters(10)}`,
      // the en applicant's reference, paid by someone else from another account
      `${today},10000.00,,HKD,WONG SIU MING,012-987654321000,${enReference},FT${letters(10)}`,
      '',
    ].join('\n');
    await ops.getByLabel('收款账户').click();
    await ops.getByTitle(/808-123456-838/).click();
    await ops.getByLabel('结单文件').setInputFiles({
      name: `hsbc-${hongKongDay()}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await ops.getByRole('button', { name: '导入' }).click();
    // issue #22: the upload answers a background job at once; its progress is announced until done
    const result = ops.getByRole('region', { name: '导入结果' });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId('job-status')).toHaveText('已完成', { timeout: 60_000 });
    const count = (label: string) =>
      result
        .getByRole('row')
        .filter({ has: ops.getByText(label, { exact: true }) })
        .getByRole('cell');
    await expect(count('新入账')).toHaveText('2');
    await expect(count('自动配对')).toHaveText('1');
    await expect(count('已标记')).toHaveText('1');
    await expect(count('未配对')).toHaveText('0');
    await expectNoA11yViolations(ops, 'console import result');
  });

  await test.step('the zh-CN applicant, on a fresh phone, sees the deposit received (activated)', async () => {
    await cn.page.waitForTimeout(Math.max(0, cn.loggedInAt + SMS_INTERVAL_MS - Date.now()));
    await cn.context.close();
    const fresh = await phone(browser, 'zh-CN');
    cn.context = fresh.context;
    cn.page = fresh.page;
    await cn.page.goto('/login');
    await loginThroughApi(cn.page, cn.mobile, { region: 'CN' });
    await cn.page.goto('/usercenter');
    await expect(cn.page).toHaveURL(/\/remitted$/);
    await expect(cn.page.getByRole('heading', { level: 1, name: DEPOSIT['zh-CN'].activated })).toBeVisible();
    await expect(cn.page.getByText(DEPOSIT['zh-CN'].activatedLead)).toBeVisible();
    expect((await applicationStatus(cn.page)).status).toBe(3);
  });

  const accountNumber = await test.step('operations open the account in the console', async () => {
    await ops.goto('/backoffice/opening');
    await expect(ops.getByRole('heading', { level: 1, name: '待开户' })).toBeVisible();
    await ops.getByRole('button', { name: `为 ${cn.caseName} 开户` }).click();
    await ops.getByRole('button', { name: '确认开户' }).click();
    const opened = ops.getByText(/^账户号码：\d{9}$/);
    await expect(opened).toBeVisible();
    return (await opened.textContent())!.replace(/\D/g, '');
  });

  await test.step('the zh-CN applicant sees the account opened with its number', async () => {
    await cn.page.goto('/usercenter');
    await expect(cn.page).toHaveURL(/\/opened$/);
    await expect(cn.page.getByRole('heading', { level: 1, name: DEPOSIT['zh-CN'].opened })).toBeVisible();
    await expect(cn.page.getByText(DEPOSIT['zh-CN'].openedNumber)).toBeVisible();
    await expect(cn.page.getByText(accountNumber).first()).toBeVisible();
    await expectNoA11yViolations(cn.page, '/opened (zh-CN)');
  });

  await test.step('the en applicant is asked again; the console lists the credit flagged for refund', async () => {
    // the SMS "log in and pay again" brings the applicant back to the app: the status routes to
    // /remit, and the deposit's state on to the screen that says why (issue #22)
    await en.page.goto('/usercenter');
    await expect(en.page).toHaveURL(/\/remitUploadAgain$/);
    await expect(en.page.getByRole('heading', { name: DEPOSIT.en.again })).toBeVisible();
    await expect(en.page.getByText(DEPOSIT.en.againReason)).toBeVisible();
    await expectNoA11yViolations(en.page, '/remitUploadAgain (en)');

    await ops.goto('/backoffice/deposits/credits');
    await expect(ops.getByRole('heading', { level: 1, name: '入账配对' })).toBeVisible();
    await ops.getByRole('tab', { name: '已标记' }).click();
    const row = ops.getByRole('row').filter({ hasText: en.caseName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('WONG SIU MING');
    await expect(row).toContainText('HKD 10,000.00');
    await expect(row.getByRole('button', { name: '记录退款' })).toBeVisible();
  });

  await desk.close();
  await cn.context.close();
  await en.context.close();
});
