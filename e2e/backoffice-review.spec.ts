import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  applicationStatus,
  bringToSignature,
  expect,
  expectNoA11yViolations,
  loginThroughApi,
  sampleHkIdentity,
  signAndSubmitThroughApi,
  test,
  uniqueHkMobile,
} from './support';

// Issue #14 "Done when", its first half: an applicant submits through the real API; a reviewer
// (English, desktop) signs in with password and authenticator code, finds the case in the queue,
// assigns it to herself, returns the ID photo as blurry with a comment, and returns the case to
// the applicant, whose status becomes -1. Then the same console at 320 CSS px (400 % zoom of a
// 1280 px window, WCAG 1.4.10): the menu is a button and nothing but the tables scrolls sideways.

interface StaffCodes {
  password: string;
  accounts: { username: string; role: string; code: string; validForSeconds: number }[];
}

async function staffCode(request: APIRequestContext, role: string) {
  const read = async () => {
    const res = await request.get('/dev/staff-codes');
    expect(res.ok()).toBe(true);
    const { data } = (await res.json()) as { data: StaffCodes };
    return { password: data.password, ...data.accounts.find((a) => a.role === role)! };
  };
  // a code about to expire could lapse between typing and sending: wait for the next one
  let account = await read();
  if (account.validForSeconds < 5) {
    await new Promise((r) => setTimeout(r, (account.validForSeconds + 1) * 1000));
    account = await read();
  }
  return account;
}

async function signInToConsole(page: Page, role: string) {
  await page.goto('/backoffice/review-queue');
  const account = await staffCode(page.request, role);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Authenticator code').fill(account.code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
}

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

test('a reviewer returns the ID photo of a submitted application as blurry, with a comment', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // the applicant: a name of its own, so the reviewer finds this case among others of the run
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const identity = { ...sampleHkIdentity(), givenName: `TAI ${letters}` };
  const applicantName = `${identity.surname} ${identity.givenName}`;
  await page.goto('/login');
  await loginThroughApi(page, uniqueHkMobile());
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id$/);
  await bringToSignature(page, { identity });
  expect((await signAndSubmitThroughApi(page, applicantName)).status).toBe(1);

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
  await desk.close();
});
