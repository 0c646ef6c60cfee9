import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { latestSmsCode } from './dev';

const SIGN_SECRET = process.env.SIGN_SECRET ?? 'hk-open-account-h5';

/** A form-encoded call without a session, signed over the mobile as the web app signs it (spec §7). */
async function postSignedByMobile(page: Page, path: string, mobile: string, fields: Record<string, string>) {
  const t = String(Date.now());
  const form = {
    ...fields,
    mobile,
    broker: 'HPS',
    version: 'hk9.0',
    open_type: 'NewAccount',
    _t: t,
    _sign: createHash('sha256').update(`${mobile}:${t}:${SIGN_SECRET}`).digest('hex'),
  };
  const response = await page.request.post(path, { form });
  const json = (await response.json()) as { status: number; data: unknown; info: string };
  if (json.status !== 0) throw new Error(`${path} answered ${json.status}: ${json.info}`);
  return json.data;
}

/**
 * Logs a mobile (Hong Kong unless `region` says CN) in through the real SMS login (code read from the dev route) and stores the
 * session in the page as the web app does (hk_open_user, spec §3), without going through the form:
 * journeys about what a logged-in person sees start here. The page must be on the app's origin.
 */
export async function loginThroughApi(
  page: Page,
  mobile: string,
  opts: { region?: 'HK' | 'CN'; after?: string } = {},
): Promise<string> {
  const region = opts.region ?? 'HK';
  await postSignedByMobile(page, '/V9/OpenAccountHk/request_verify_code', mobile, { region });
  const code = await latestSmsCode(page.request, mobile, { after: opts.after });
  const data = (await postSignedByMobile(page, '/V9/OpenAccountHk/check_verify_code', mobile, {
    region,
    code,
    isRead: '1',
  })) as { uid: string; token: string; mobile_masked: string };
  await page.evaluate(
    (s) => {
      const value = {
        uid: s.uid,
        region: s.region,
        mobile: s.mobile_masked,
        token: s.token,
        caType: 'sz',
        isCodeCN: false,
      };
      localStorage.setItem('hk_open_user', JSON.stringify({ value, expires: Date.now() + 86_400_000 }));
    },
    { ...data, region },
  );
  return data.token;
}
