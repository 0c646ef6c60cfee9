import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Every console page in three languages (backoffice-pages.spec.ts, issue #22) costs about 10
  // minutes of the two workers' time (measured in the CI run of 1ae7f6a: 1.7 + 3.3 + 2.4 + 2.6 min;
  // all four passed there): with it the whole run goes well over CI's 30 minutes. It runs when asked:
  // `E2E_CONSOLE_PAGES=1 npm run test:e2e` (or naming the file).
  testIgnore:
    process.env.E2E_CONSOLE_PAGES || process.argv.some((a) => a.includes('backoffice-pages'))
      ? []
      : ['**/backoffice-pages.spec.ts'],
  outputDir: '../.tmp/e2e-results',
  // Journeys are independent (own mobile, own client address): spread them over both workers.
  fullyParallel: true,
  workers: 2,
  // CI: a journey that fails is tried once more, on the 2-core machine's load (it has met a timeout
  // there it never met alone); one that passes only then is printed as flaky at the end of the
  // run (scripts/test-e2e.mjs), to be mended, not forgotten. Locally: no second try.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test-e2e.mjs asks for a JSON report too, to print what failed after the server's log
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    // spec: mobile first; the phone of the product's screenshots
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    locale: 'zh-CN',
    timezoneId: 'Asia/Hong_Kong',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // issue #7: the front camera is Chromium's fake device (a moving test pattern), granted without
    // a prompt; the risk-disclosure recording plays without a tap first
    permissions: ['camera', 'microphone'],
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium-mobile', use: { browserName: 'chromium' } }],
});
