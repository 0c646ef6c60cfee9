import { test as base, expect } from '@playwright/test';
import { uniqueClientIp } from './mobiles';

/**
 * The journeys' `test`: every test gets its own client address (X-Forwarded-For, honoured because
 * the e2e server runs with TRUST_PROXY=1) for its browser pages and its `request` helper alike, so
 * per-IP limits and captcha rules start fresh in each test. Set the language per test with
 * `test.use({ locale: 'en' })` (zh-CN is the default).
 */
export const test = base.extend<{ clientIp: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  clientIp: async ({}, use) => {
    await use(uniqueClientIp());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientIp });
  },
});

export { expect };
