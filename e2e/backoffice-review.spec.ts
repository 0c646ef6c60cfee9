import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiCall,
  applicationStatus,
  bringToSignature,
  expect,
  expectNoA11yViolations,
  idImages,
  loginThroughApi,
  sampleHkIdentity,
  signAndSubmitThroughApi,
  signThroughApi,
  smsMessages,
  staffCode,
  test,
  uniqueHkMobile,
} from './support';

// Issue #14 "Done when": an applicant (zh-CN) submits through the real API; a reviewer (English,
// desktop) signs in with password and authenticator code, finds the case in the queue, assigns it
// to herself, returns the ID photo as blurry with a comment (the other items approved through the
// console's API), and returns the case: the applicant's status becomes -1. The console at 320 CSS
// px (400 % zoom of a 1280 px window, WCAG 1.4.10): the menu is a button, only tables scroll
// sideways. The applicant reads the reason in Chinese, retakes the photo, re-submits; the
// reviewer sees what changed, approves it and recommends approval, and cannot approve herself; an
// approver (zh-HK) approves with a fresh authenticator code; the applicant, logged in on a fresh
// phone, sees the approved state, and was told of both decisions by SMS in Chinese.

/** The console's own calls, with the page's session cookie and its CSRF token (a test helper). */
async function consoleApi(staff: Page) {
  const session = await staff.request.get('/backoffice/api/session');
  const { data } = (await session.json()) as { data: { csrfToken: string } };
  const headers = { 'x-csrf-token': data.csrfToken, lang: 'en' };
  return {
    view: async (caseId: string) => {
      const res = await staff.request.get(`/backoffice/api/cases/${caseId}`, { headers });
      return ((await res.json()) as { data: CaseViewLite }).data;
    },
    put: (path: string, body: unknown) =>
      staff.request.put(`/backoffice/api${path}`, { data: body, headers }),
    post: (path: string, body: unknown) =>
      staff.request.post(`/backoffice/api${path}`, { data: body, headers }),
  };
}

/** Approves every undecided item of a case but those named, through the console's calls. */
async function approveUndecided(
  api: Awaited<ReturnType<typeof consoleApi>>,
  caseId: string,
  except: string[] = [],
) {
  let lite = await api.view(caseId);
  for (const item of lite.items.filter((i) => i.decision === null && !except.includes(i.title))) {
    const res = await api.put(`/cases/${caseId}/items/${item.key}`, {
      version: lite.case.version,
      verdict: 'approved',
      reasons: [],
      applicantComment: null,
      internalNote: null,
    });
    expect(res.status(), await res.text()).toBe(200);
    lite = ((await res.json()) as { data: CaseViewLite }).data;
  }
}
interface CaseViewLite {
  case: { version: number };
  items: { key: string; title: string; decision: { verdict: string } | null }[];
}

async function signInToConsole(page: Page, role: string, labels = CONSOLE_EN) {
  await page.goto('/backoffice/review-queue');
  const account = await staffCode(page.request, role);
  await page.getByLabel(labels.username).fill(account.username);
  await page.getByLabel(labels.password).fill(account.password);
  await page.getByLabel(labels.totp).fill(account.code);
  await page.getByRole('button', { name: labels.signIn }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.queue })).toBeVisible();
  return account;
}
const CONSOLE_EN = {
  username: 'Username',
  password: 'Password',
  totp: 'Authenticator code',
  signIn: 'Sign in',
  queue: 'Review queue',
};
const CONSOLE_HK = {
  username: '用戶名稱',
  password: '密碼',
  totp: '驗證碼',
  signIn: '登入',
  queue: '審核隊列',
};

/** Nothing on the page is wider than the window, except inside a table's own scrolling box. */
async function overflowingOutsideTables(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('#root *'))) {
      if (el.closest('.ant-table-content, .ant-table-body, .ant-table-wrapper')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && getComputedStyle(el).visibility !== 'hidden')
        wide.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  });
}

test('returned as blurry, retaken, re-submitted, recommended by the reviewer, approved by another', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  // the applicant: a name of its own, so the reviewer finds this case among others of the run
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const identity = { ...sampleHkIdentity(), givenName: `TAI ${letters}` };
  const applicantName = `${identity.surname} ${identity.givenName}`;
  await page.goto('/login');
  const mobile = uniqueHkMobile();
  await loginThroughApi(page, mobile);
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id$/);
  await bringToSignature(page, { identity });
  expect((await signAndSubmitThroughApi(page, applicantName, 'zh-CN')).status).toBe(1);

  const desk = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    timezoneId: 'Asia/Hong_Kong',
  });
  const staff = await desk.newPage();
  await signInToConsole(staff, 'reviewer');

  await test.step('the queue: unassigned, newest first, kept in the address', async () => {
    await staff.getByLabel('Assignee').click();
    // antd draws its options as items named by their title (its role=option copies are off screen)
    await staff.getByTitle('Nobody (unassigned)', { exact: true }).click();
    await expect(staff).toHaveURL(/assignee=none/);
    await staff.getByLabel('Sort by').click();
    await staff.getByTitle('Newest first', { exact: true }).click();
    await expect(staff).toHaveURL(/sort=-submitted/);
    const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: applicantName }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('First review')).toBeVisible();
    await expectNoA11yViolations(staff, 'console review queue with a case');
    await row.getByRole('link', { name: applicantName }).click();
  });

  await expect(staff.getByRole('heading', { level: 1, name: applicantName })).toBeVisible();
  await expect(staff).toHaveURL(/\/backoffice\/cases\/[0-9a-f-]+$/);
  const actions = staff.getByRole('region', { name: 'Case actions' });
  // a reviewer of an unassigned case: only "assign to me", no approval of any kind
  await expect(actions.getByRole('button')).toHaveText(['Assign to me']);
  await actions.getByRole('button', { name: 'Assign to me' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The case is assigned to you' })).toHaveCount(1);

  await test.step('the ID photo is shown inline from the documents route, and returned as blurry', async () => {
    const photo = staff.getByRole('article', { name: 'ID front' });
    const image = photo.getByRole('img', { name: 'ID front' });
    await expect(image).toBeVisible();
    // the browser really decoded the bytes the server sent (sandboxed, nosniff)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const form = photo.getByRole('form');
    await form.getByLabel('Return for revision').check();
    // by keyboard: the reasons' select filters by the reason's text as one types
    await form.getByLabel('Reasons for revision').fill('blurry');
    await expect(staff.getByTitle('The image is blurry and cannot be read', { exact: true })).toBeVisible();
    await staff.keyboard.press('Enter');
    await staff.keyboard.press('Escape');
    await form
      .getByLabel('Comment for the applicant')
      .fill('Please retake the photo of the front in good light.');
    await form.getByLabel('Internal note').fill('Glare over the date of birth.');
    await form.getByRole('button', { name: 'Save decision' }).click();
    // the decision as recorded: verdict, reason's text and the comment, beside the form kept filled
    const recorded = photo.getByRole('definition');
    await expect(recorded.filter({ hasText: 'Returned for revision' })).toBeVisible();
    await expect(recorded.filter({ hasText: 'The image is blurry and cannot be read' })).toBeVisible();
    await expect(
      recorded.filter({ hasText: 'Please retake the photo of the front in good light.' }),
    ).toBeVisible();
  });

  await expectNoA11yViolations(staff, 'console case view');
  // every other item approved through the console's own calls (a test helper: the screens for one
  // item are above), then the page shows the case as it is now
  const firstCaseId = staff.url().split('/').pop()!;
  await approveUndecided(await consoleApi(staff), firstCaseId, ['ID front']);
  await staff.reload();
  await actions.getByRole('button', { name: 'Return to the applicant' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'returned to the applicant' })).toHaveCount(1);
  await expect(staff.getByRole('cell', { name: 'Returned to the applicant', exact: true })).toBeVisible();
  await expect(actions.getByRole('button')).toHaveCount(0);
  await expect(staff.getByText(/^Returned to the applicant: .*ID front/)).toBeVisible();

  // the applicant's application is back in edit mode (spec §4: -1)
  expect((await applicationStatus(page)).status).toBe(-1);

  await test.step('at 320 CSS px the menu is a button and only tables scroll sideways', async () => {
    const caseUrl = staff.url();
    await staff.setViewportSize({ width: 320, height: 640 });
    await staff.goto(caseUrl);
    await expect(staff.getByRole('heading', { level: 1, name: applicantName })).toBeVisible();
    await expect(staff.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    expect(await overflowingOutsideTables(staff)).toEqual({ scrollWidth: 320, width: 320, wide: [] });
    await staff.getByRole('button', { name: 'Menu' }).click();
    await staff.getByRole('navigation', { name: 'Main menu' }).getByText('Review queue').click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    expect((await overflowingOutsideTables(staff)).wide).toEqual([]);
  });
  await staff.setViewportSize({ width: 1280, height: 900 });

  await test.step('the applicant (zh-CN) reads what was returned and why, in Chinese', async () => {
    await page.goto('/usercenter');
    await expect(page).toHaveURL(/\/userinfo\?state=refused/);
    await expect(page.getByRole('heading', { level: 1, name: '请修改您的开户资料' })).toBeVisible();
    const idStep = page.getByRole('listitem', { name: '身份证明' });
    await expect(idStep).toContainText('身份证件正面');
    await expect(idStep).toContainText('图片模糊，无法看清');
    await expect(idStep).toContainText('Please retake the photo of the front in good light.');
    await expect(page.getByText('Glare over the date of birth.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '提交修改' })).toBeDisabled();
    await expectNoA11yViolations(page, 'returned for changes');
    await idStep.getByRole('link', { name: '修改身份证明' }).click();
  });

  await test.step('retakes the ID front where the reason is shown, confirms, re-submits', async () => {
    await expect(page).toHaveURL(/\/userinfo\/id\/photos\?state=refused/);
    await expect(page.getByRole('note')).toContainText('图片模糊，无法看清');
    const mark = page.getByText('请重新拍摄这张照片：图片模糊，无法看清', { exact: false });
    await expect(mark).toBeVisible();
    await page.getByLabel('从相册选择证件正面').setInputFiles(idImages.hkFront);
    await expect(mark).toHaveCount(0);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/userinfo\/id\/details\?state=refused/);
    await expect(page.getByRole('heading', { level: 1, name: '确认证件信息' })).toBeVisible();
    await page.getByRole('button', { name: '提交修改' }).click();
    await expect(page).toHaveURL(/\/userinfo\?state=refused/);
    await expect(page.getByRole('listitem', { name: '身份证明' })).toContainText('已完成');
    // a change after signing asks for the signature again (the registry reopens it)
    const open = await apiCall<{ steps: { step: string; confirmed: boolean }[] }>(
      page,
      '/v9/OpenAccountHk/returned',
    );
    expect(open.data.steps.filter((s) => !s.confirmed).map((s) => s.step)).toEqual(['signature']);
    await signThroughApi(page, applicantName, 'zh-CN');
    await page.reload();
    await page.getByRole('button', { name: '提交修改' }).click();
    await expect(page).toHaveURL(/\/userinfo\/review\?state=refused/);
    // the list stays on screen while the review's chunk loads: wait for the review itself
    await expect(page.getByRole('heading', { level: 1, name: '核对并提交' })).toBeVisible();
    await page.getByRole('button', { name: '提交修改' }).click();
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByRole('heading', { name: '资料已提交，正在审核' })).toBeVisible();
  });

  let secondCaseUrl = '';
  await test.step('the reviewer sees what changed, approves it, recommends; she cannot approve', async () => {
    await staff.goto('/backoffice/review-queue?sort=-submitted');
    const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: applicantName }) });
    await expect(row.getByText('Re-submission')).toBeVisible();
    await row.getByRole('link', { name: applicantName }).click();
    await expect(staff.getByRole('heading', { level: 1, name: applicantName })).toBeVisible();
    secondCaseUrl = staff.url();
    const secondCaseId = secondCaseUrl.split('/').pop()!;
    // what the applicant changed waits for a decision (the new photo, and the signature made
    // again); everything approved before and unchanged kept its approval
    const console2 = await consoleApi(staff);
    const pending = (await console2.view(secondCaseId)).items.filter((i) => i.decision === null);
    expect(pending.map((i) => i.title)).toContain('ID front');
    expect(pending.length).toBeLessThan(5);
    const photo = staff.getByRole('article', { name: 'ID front' });
    await expect(photo.getByText('Changed since last review')).toBeVisible();
    await photo.getByRole('form').getByLabel('Approve').check();
    await photo.getByRole('form').getByRole('button', { name: 'Save decision' }).click();
    await expect(photo.getByRole('definition').filter({ hasText: 'Approved' })).toBeVisible();
    await approveUndecided(console2, secondCaseId);
    await staff.reload();
    await expect(actions.getByRole('button', { name: 'Recommend approval' })).toBeVisible();
    await actions.getByRole('button', { name: 'Recommend approval' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Approval recommended' })).toHaveCount(1);
    await expect(actions.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    // and the server refuses her approval outright, whatever the screen shows
    const refused = await console2.post(`/cases/${secondCaseId}/approve`, {
      version: 0,
      totp: '000000',
    });
    expect(refused.status()).toBe(403);
  });
  await desk.close();

  await test.step('an approver (zh-HK) approves with a fresh authenticator code', async () => {
    const hk = await browser.newContext({
      locale: 'zh-HK',
      viewport: { width: 1280, height: 900 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
      timezoneId: 'Asia/Hong_Kong',
    });
    const approver = await hk.newPage();
    const used = await signInToConsole(approver, 'approver', CONSOLE_HK);
    await approver.goto(secondCaseUrl);
    await expect(approver.getByRole('heading', { level: 1, name: applicantName })).toBeVisible();
    await expect(approver.getByText('已建議批准').first()).toBeVisible();
    const hkActions = approver.getByRole('region', { name: '申請操作' });
    await hkActions.getByRole('button', { name: '批准' }).click();
    const dialog = approver.getByRole('dialog');
    // the sign-in code works once: wait for the authenticator's next one
    let fresh = await staffCode(approver.request, 'approver');
    while (fresh.code === used.code) {
      await new Promise((r) => setTimeout(r, (fresh.validForSeconds + 1) * 1000));
      fresh = await staffCode(approver.request, 'approver');
    }
    await dialog.getByLabel('驗證碼').fill(fresh.code);
    await dialog.getByRole('button', { name: '批准' }).click();
    await expect(approver.getByRole('status').filter({ hasText: '申請已批准' })).toHaveCount(1);
    await hk.close();
  });

  await test.step('the applicant, on a fresh phone, is asked for the identity deposit; both decisions came by SMS', async () => {
    const phone = await browser.newContext();
    const fresh = await phone.newPage();
    await fresh.goto('/login');
    await loginThroughApi(fresh, mobile);
    await fresh.goto('/usercenter');
    // approved, with a designated account: the identity deposit is next (spec §4, issue #15)
    await expect(fresh).toHaveURL(/\/remit$/);
    await expect(fresh.getByRole('heading', { level: 1, name: '进行身份验证入金' })).toBeVisible();
    await expect(fresh.getByText('您的开户申请已审核通过', { exact: false })).toBeVisible();
    await expectNoA11yViolations(fresh, 'identity deposit, approved');
    await expect
      .poll(async () => (await smsMessages(fresh.request, mobile)).map((m) => m.body).join('\n'), {
        timeout: 30_000,
      })
      .toContain('您的开户申请已获批准');
    const bodies = (await smsMessages(fresh.request, mobile)).map((m) => m.body).join('\n');
    expect(bodies).toContain('您的开户申请需要补充或修改资料');
    await phone.close();
  });
});
