import type { APIRequestContext, Page } from '@playwright/test';

/** One message of GET /dev/sms (outside production only), newest first. */
export interface DevSms {
  to: string;
  body: string;
  code: string;
  sent_at: string;
}

interface Envelope<T> {
  status: number;
  data: T;
  info: string;
}

async function getEnvelope<T>(request: APIRequestContext, url: string): Promise<Envelope<T>> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`GET ${url.split('?')[0]} answered HTTP ${response.status()}`);
  const body = (await response.json()) as Envelope<T>;
  if (body.status !== 0)
    throw new Error(`GET ${url.split('?')[0]} answered status ${body.status}: ${body.info}`);
  return body;
}

/** Waits briefly for a condition the server reaches right after the browser's request. */
async function poll<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** All SMS messages sent to `mobile` (digits only, no region prefix), newest first. */
export async function smsMessages(request: APIRequestContext, mobile: string): Promise<DevSms[]> {
  const body = await getEnvelope<DevSms[]>(request, `/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  return body.data;
}

/**
 * The code of the newest SMS with a code sent to `mobile` (notices carry none). Pass `after` (the previous code) to wait for a
 * new one once the journey asked for another.
 */
export async function latestSmsCode(
  request: APIRequestContext,
  mobile: string,
  opts: { after?: string; timeoutMs?: number } = {},
): Promise<string> {
  return poll(
    async () => {
      // notices (approved, activated, …) go to the same mobile without a code: the newest code
      const newest = (await smsMessages(request, mobile)).find((m) => m.code);
      return newest && newest.code !== opts.after ? newest.code : undefined;
    },
    `an SMS to the test mobile`,
    opts.timeoutMs,
  );
}

/** One message of GET /dev/mail (console mailer outside production), newest first. */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  code: string;
  sent_at: string;
}

/** All messages the console mailer sent to `email`, newest first. */
export async function mailMessages(request: APIRequestContext, email: string): Promise<DevMail[]> {
  const body = await getEnvelope<DevMail[]>(request, `/dev/mail?email=${encodeURIComponent(email)}`);
  return body.data;
}

/**
 * The code of the newest email sent to `email` (the personal step's `mailCheck`). Pass `after`
 * (the previous code) to wait for a new one.
 */
export async function latestMailCode(
  request: APIRequestContext,
  email: string,
  opts: { after?: string; timeoutMs?: number } = {},
): Promise<string> {
  return poll(
    async () => {
      const [newest] = await mailMessages(request, email);
      return newest && newest.code !== opts.after ? newest.code : undefined;
    },
    'an email to the test address',
    opts.timeoutMs,
  );
}

/**
 * The text of the current image captcha of a device (the browser's `H5_SESSION_ID`); waits until
 * the device has one. Pass `after` (the previous text) to wait for a refreshed captcha.
 */
export async function captchaText(
  request: APIRequestContext,
  deviceId: string,
  opts: { after?: string; timeoutMs?: number } = {},
): Promise<string> {
  return poll(
    async () => {
      const body = await getEnvelope<{ text: string | null }>(
        request,
        `/dev/captcha?device=${encodeURIComponent(deviceId)}`,
      );
      return body.data.text && body.data.text !== opts.after ? body.data.text : undefined;
    },
    'a captcha for the device',
    opts.timeoutMs,
  );
}

/**
 * The page's device id (`H5_SESSION_ID`: the cookie, else localStorage), which the app sends as
 * `Device-Id` and the captcha is bound to. Call it after the app has loaded.
 */
export async function deviceIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const cookie = document.cookie.match(/(?:^|; )H5_SESSION_ID=([A-Za-z0-9]{16})/)?.[1];
    return cookie ?? localStorage.getItem('H5_SESSION_ID');
  });
  if (!id) throw new Error('the page has no H5_SESSION_ID yet');
  return id;
}
