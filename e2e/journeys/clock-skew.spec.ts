import { expect, latestSmsCode, test, uniqueHkMobile } from '../support';

// Issue #5 §4.6: the server refuses a `_t` more than 5 minutes from its clock (1004). A phone whose
// clock is 10 minutes off learns the server's time from the `Date` header, retries once, and the
// person logs in with the SMS code as anyone else would.

const TEN_MINUTES = 10 * 60_000;

test.describe('A phone whose clock is 10 minutes off, English', () => {
  test.use({ locale: 'en-GB' });

  for (const [label, skew] of [
    ['behind', -TEN_MINUTES],
    ['ahead', TEN_MINUTES],
  ] as const) {
    test(`logs in with the SMS code when its clock is ${label}`, async ({ page }) => {
      // The page's clock (Date, timers) starts 10 minutes off and then runs normally.
      await page.clock.install({ time: Date.now() + skew });

      // Every signed call's `_t` (POST body or GET query string) and the envelope status it got.
      const answers: Promise<{ path: string; status: number; t: number } | null>[] = [];
      page.on('response', (response) => {
        const request = response.request();
        const params =
          request.method() === 'POST'
            ? new URLSearchParams(request.postData() ?? '')
            : new URL(request.url()).searchParams;
        const t = Number(params.get('_t'));
        if (!t) return;
        answers.push(
          response
            .json()
            .then((body: { status?: number }) =>
              typeof body?.status === 'number'
                ? { path: new URL(response.url()).pathname, status: body.status, t }
                : null,
            )
            .catch(() => null),
        );
      });

      const mobile = uniqueHkMobile();
      await page.goto('/login');
      const pageClock = await page.evaluate(() => Date.now());
      expect(Math.abs(pageClock - (Date.now() + skew))).toBeLessThan(60_000);

      await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
      await page.getByRole('button', { name: /^Get code$/ }).click();
      const code = await latestSmsCode(page.request, mobile);
      await page.getByLabel('SMS code', { exact: true }).fill(code);
      await page.getByLabel('I have read and agree to the account-opening documents').check();
      await page.getByRole('button', { name: 'Quick account opening' }).click();
      // Logged in as a new user: /accountType created the application and went on to /userinfo.
      await expect(page).toHaveURL(/\/userinfo(\/|$)/);

      // The phone's clock was really refused (1004), only ever for a `_t` taken from it; every
      // retry and every later call carried the server's time and was accepted.
      const seen = (await Promise.all(answers)).filter((a) => a !== null);
      const stale = seen.filter((a) => a.status === 1004);
      expect(stale.length).toBeGreaterThanOrEqual(1);
      for (const a of stale) expect(Math.abs(a.t - Date.now())).toBeGreaterThan(5 * 60_000);
      const accepted = seen.filter((a) => a.status !== 1004);
      const acceptedPaths = accepted.filter((a) => a.status === 0).map((a) => a.path);
      expect(acceptedPaths).toContain('/V9/OpenAccountHk/request_verify_code');
      expect(acceptedPaths).toContain('/V9/OpenAccountHk/check_verify_code');
      expect(acceptedPaths).toContain('/V9/OpenAccountHk/loginCreate');
      for (const a of accepted) expect(Math.abs(a.t - Date.now()), a.path).toBeLessThan(60_000);
    });
  }
});
