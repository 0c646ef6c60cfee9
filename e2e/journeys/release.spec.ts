import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type RunningServer, startServer } from '../../scripts/lib/server.mjs';
import { apiCall, confirmStepsBefore, expect, loginThroughApi, test, uniqueHkMobile } from '../support';
import { copyWebBuild, releaseWithChangedChunk } from '../support/release';

// Issue #24, decision 025: a release while a phone is mid-flow. The phone holds the previous
// version's page; the server is restarted with a build whose tax step changed (its JS and CSS have
// new names, the old ones are gone). Going on from the financial step, the phone asks for the tax
// step's old CSS ("Unable to preload CSS for …"), reloads once into the new version, and finishes
// the tax step; what it typed before the release is kept. This journey runs its own server (it is
// restarted), on a copy of the build.
test('a release while a phone is mid-flow: the next step loads from the new version, nothing typed is lost', async ({
  browser,
  clientIp,
}) => {
  test.setTimeout(420_000);
  const work = mkdtempSync(path.join(tmpdir(), 'hk-e2e-release-'));
  const dist = copyWebBuild(path.join(work, 'dist'));
  const port = await freePort();
  let starts = 0;
  const start = () =>
    startServer({
      name: `e2e-release-${++starts}`,
      port,
      dataDir: path.join(work, 'data'),
      env: { TRUST_PROXY: '1', WEB_DIST_DIR: dist },
      // a second server beside the suite's: on a busy 2-core machine its start is slow
      readyWithinS: 150,
    });
  let server: RunningServer | undefined = await start();
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp },
  });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    let loads = 0;
    page.on('load', () => {
      loads++;
    });

    await page.goto('/login');
    await loginThroughApi(page, uniqueHkMobile());
    // the application is made by the app's own /accountType
    await page.goto('/accountType');
    await expect(page).toHaveURL(/\/userinfo\/id/);
    await confirmStepsBefore(page, 'financial', {
      email: `release${Date.now()}@example.com`,
      answers: {
        account_type: { securities: 'cash', markets: ['HK'], futures: false },
        employment: { status: 'retired' },
      },
    });

    await test.step('mid-flow on the previous version: the financial step half typed', async () => {
      await page.goto('/userinfo');
      await expect(page).toHaveURL(/\/userinfo\/financial$/);
      await page.getByLabel('年收入（港元）', { exact: true }).selectOption({ label: '100,000 以下' });
      const saved = page.waitForResponse(
        (r) =>
          r.url().includes('/v9/OpenAccountHk/step/financial') &&
          (r.request().postData() ?? '').includes('"confirm":false') &&
          (r.request().postData() ?? '').includes('net_assets_under_500k'),
      );
      await page.getByLabel('资产净值（港元）', { exact: true }).selectOption({ label: '500,000 以下' });
      await saved;
    });

    let gone: string[] = [];
    await test.step('the release: the server restarted with a changed tax step', async () => {
      await server!.stop();
      server = undefined;
      gone = releaseWithChangedChunk(dist, 'tax-page-');
      expect(gone.some((f) => f.endsWith('.css'))).toBe(true);
      server = await start();
    });
    const loadsBefore = loads;

    await test.step('the phone goes on: one reload into the new version, the tax step finished', async () => {
      await expect(page.getByLabel('年收入（港元）', { exact: true })).toHaveValue('income_under_100k');
      await page.getByRole('checkbox', { name: '储蓄' }).check();
      await page.getByRole('checkbox', { name: '现金及存款' }).check();
      await page.getByLabel('本账户资金来源', { exact: true }).selectOption({ label: '储蓄' });
      await page.getByRole('button', { name: '下一步' }).click();
      await expect(page).toHaveURL(/\/userinfo\/tax$/);
      await expect(page.getByRole('group', { name: '您是否在美国出生？', exact: true })).toBeVisible({
        timeout: 20_000,
      });
      expect(loads - loadsBefore).toBe(1);
      await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
      await expect(page.getByText('页面暂时无法显示')).toHaveCount(0);
      for (const question of [
        '您是否美国公民（包括双重国籍）？',
        '您是否持有美国永久居民卡（绿卡）？',
        '您是否在美国出生？',
      ])
        await page
          .getByRole('group', { name: question, exact: true })
          .getByRole('radio', { name: '否' })
          .check();
      await page.getByRole('button', { name: '下一步' }).click();
      await expect(page).toHaveURL(/\/userinfo\/declarations$/);
    });

    await test.step('what was typed before the release is kept', async () => {
      const { data } = await apiCall<{ answers: Record<string, unknown>; confirmed_at: string | null }>(
        page,
        '/v9/OpenAccountHk/step_info/financial',
        {},
      );
      expect(data.confirmed_at).not.toBeNull();
      expect(data.answers).toMatchObject({
        annual_income: 'income_under_100k',
        net_assets: 'net_assets_under_500k',
      });
      expect(pageErrors.filter((m) => !/dynamically imported module|Unable to preload CSS/.test(m))).toEqual(
        [],
      );
    });
  } finally {
    await context.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
