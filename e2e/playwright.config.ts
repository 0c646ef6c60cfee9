import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.tmp/e2e-results',
  // Journeys are independent (own mobile, own client address, a staff code of their own:
  // support/staff.ts). Four workers on the 2-core machine: much of a journey is waiting on the
  // product's own clocks (the SMS resend interval, the risk disclosure's minimum listening time, the
  // authenticator's 30-second step), not on the CPU. Measured with every journey, the console pages
  // in three languages included (backoffice-pages.spec.ts): 16.8 min with 4 workers on a machine
  // at load 13-23, against 20.1 min with 2 workers, quiet, without the console pages.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 4),
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
