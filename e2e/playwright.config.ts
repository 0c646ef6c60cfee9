import { defineConfig } from '@playwright/test';

/** Debian's Chromium; never a downloaded browser (stack notes). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps trying to reach the internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.tmp/e2e-results',
  // Journeys are independent (own mobile, own client address): spread them over both workers.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
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
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium-mobile', use: { browserName: 'chromium' } }],
});
