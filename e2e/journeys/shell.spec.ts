import type { Page } from '@playwright/test';
import {
  apiCall,
  completeAddressStep,
  completeIdentityStep,
  confirmStep,
  expect,
  idImages,
  loginThroughApi,
  randomHkid,
  sampleIds,
  test,
  uniqueHkMobile,
} from '../support';

// Issue #17: the login screen, the shell and the calls as the spec says them (items 1, 2, 4, 5, 6).
// Each journey starts from a state reached through the real API (support/session.ts, support/api.ts).

/** spec §2's table: the progress button's label by percentage (English catalogue). */
function labelFor(percent: number): string {
  if (percent <= 10) return 'Continue uploading ID';
  if (percent <= 30) return 'Continue: account type';
  if (percent <= 50) return 'Continue: personal information';
  if (percent <= 60) return 'Continue: risk disclosure';
  if (percent <= 90) return 'Continue: bank card verification';
  return 'Final step: signature';
}

/** The logged-in login screen: reached inside the app (an entry on /login with a token goes on). */
async function openLoginInApp(page: Page) {
  // After a reload the stored session's landing (/usercenter, /userinfo) redirects on to the step
  // under way once its status answers: wait for it, or its redirect may land after this one.
  await page.waitForURL(/\/userinfo\/[^/?]+/);
  await page.evaluate(() => {
    window.history.pushState(null, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('Recent login')).toBeVisible();
}

async function infoProgress(page: Page): Promise<number> {
  const { data } = await apiCall<{ info_progress: number }>(page, '/v9/OpenAccountHk/status');
  return data.info_progress;
}

test.describe('Login screen and shell, English', () => {
  test.use({ locale: 'en-GB' });

  test('item 1: the progress button reads spec §2’s label for the status’s info_progress', async ({
    page,
  }) => {
    await page.goto('/login');
    await loginThroughApi(page, uniqueHkMobile());
    // the app's own account initialisation (loginCreate), then the ID step
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id/);

    const expectLabel = async (percent: number, completed: number) => {
      expect(await infoProgress(page)).toBe(percent);
      await openLoginInApp(page);
      await expect(page.getByRole('button', { name: labelFor(percent), exact: true })).toBeVisible();
      await expect(page.getByText(`Completed ${completed}%`)).toBeVisible();
    };
    // the ID stage under way: up to 10
    await expectLabel(10, 0);

    await completeIdentityStep(page, {
      location: 'HK',
      front: idImages.hkFront,
      back: idImages.hkBack,
      chineseName: sampleIds.hk.nameZh,
      surname: sampleIds.hk.surname,
      givenName: sampleIds.hk.givenName,
      idNumber: randomHkid(),
      gender: 'M',
      birthDate: sampleIds.hk.birthDate,
    });
    await completeAddressStep(page, idImages.hkFront);
    // the ID stage done, the account type under way: 30
    await page.reload();
    await expectLabel(30, 10);

    await confirmStep(page, 'account_type', { securities: 'cash', markets: ['HK'], futures: false });
    await page.reload();
    await expectLabel(50, 30);
    await page.getByRole('button', { name: 'Continue: personal information' }).click();
    await expect(page).toHaveURL(/\/userinfo\/personal/);
  });

  test('item 2: status 1 on a general call logs out and returns to /login', async ({ page }) => {
    await page.goto('/login');
    await loginThroughApi(page, uniqueHkMobile());
    await page.route('**/v9/OpenAccountHk/status', (route) =>
      route.fulfill({ json: { status: 1, data: null, info: 'session ended' } }),
    );
    await page.goto('/usercenter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Quick account opening' })).toBeVisible();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('hk_open_user') ?? 'null')?.value?.token ?? '',
    );
    expect(token).toBe('');
  });

  test('item 5: a logged-out first load calls getIpInfo and getCA, and stores caType', async ({ page }) => {
    const ipInfo = page.waitForResponse((r) => r.url().includes('/app/index/getIpInfo'));
    const ca = page.waitForResponse((r) => r.url().includes('/v9/OpenAccountHk/getCA'));
    await page.goto('/login?caType=gd');
    expect(await (await ipInfo).json()).toMatchObject({ status: 0, data: { tel: expect.any(String) } });
    expect(await (await ca).json()).toMatchObject({ status: 0, data: 'gd' });
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('hk_caType') ?? 'null')))
      .toMatchObject({ value: 'gd', expires: expect.any(Number) });
  });

  test('item 6: with debug in the query, an uncaught error and a rejected promise show an alert', async ({
    page,
  }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto('/login?debug=1');
    await expect(page.getByRole('button', { name: 'Quick account opening' })).toBeVisible();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown by the journey');
      });
      void Promise.reject(new Error('rejected by the journey'));
    });
    await expect
      .poll(() => alerts.sort())
      .toEqual(['Error: rejected by the journey', 'Error: thrown by the journey']);
    expect(logged.join('\n')).toContain('thrown by the journey');

    // without debug (a new tab: the entry link's debug lasts for its visit): logged, never an alert
    const plain = await page.context().newPage();
    const plainAlerts: string[] = [];
    const plainLogged: string[] = [];
    plain.on('dialog', (dialog) => {
      plainAlerts.push(dialog.message());
      void dialog.accept();
    });
    plain.on('console', (m) => {
      if (m.type() === 'error') plainLogged.push(m.text());
    });
    await plain.goto('/login');
    await expect(plain.getByRole('button', { name: 'Quick account opening' })).toBeVisible();
    await plain.evaluate(() => {
      setTimeout(() => {
        throw new Error('quietly thrown');
      });
    });
    await expect.poll(() => plainLogged.join('\n')).toContain('quietly thrown');
    expect(plainAlerts).toEqual([]);
  });
});

// item 4: every toast but the loading one goes at a tap (spec §4); an error toast otherwise stays 3 s
for (const [locale, submit, message] of [
  ['zh-CN', '快速开户', '手机号码不能为空'],
  ['zh-HK', '快速開戶', '手機號碼不能為空'],
  ['en-GB', 'Quick account opening', 'Phone number cannot be empty'],
] as const) {
  test.describe(`Toasts, ${locale}`, () => {
    test.use({ locale });

    test('item 4: an error toast is dismissed by a tap', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: submit }).click();
      const toast = page.locator('.adm-toast-main', { hasText: message });
      await expect(toast).toBeVisible();
      await toast.click();
      // well inside the 3 s it would otherwise stay
      await expect(toast).toBeHidden({ timeout: 1000 });
    });
  });
}
