// The login form's own checks (spec §5 login; the order mobile → captcha → SMS code) without a
// schema library, so that the first load of /login needs none (decision 015). They say what
// `LoginFormSchema` says, message for message; a domain test holds the two together.
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH } from './constants';
import { checkMobile } from './phone';
import { PHONE_REGION_CODES } from './regions';
import { checkText, normalizeText } from './text-rule';

export type LoginFormField = 'region' | 'mobile' | 'imgCode' | 'smsCode';

/** The web client's login form (spec §3 login input). */
export interface LoginFormValues {
  region: string;
  mobile: string;
  imgCode: string;
  smsCode: string;
  isRead: boolean;
  captchaShown: boolean;
}

const CAPTCHA_RE = new RegExp(`^[A-Z0-9]{${CAPTCHA_LENGTH}}$`);
const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/**
 * The first problem of each field (an `errors` key), none when the form may be sent. A field's own
 * problem (a typed text the rule refuses) comes before the checks across fields, and a region
 * outside the list stops those checks, as in the schema.
 */
export function checkLoginForm(v: LoginFormValues): Partial<Record<LoginFormField, string>> {
  const own: Partial<Record<LoginFormField, string>> = {};
  if (!(PHONE_REGION_CODES as readonly string[]).includes(v.region)) own.region = 'region_invalid';
  for (const field of ['mobile', 'imgCode', 'smsCode'] as const) {
    const problem = checkText(normalizeText(v[field]));
    if (problem) own[field] = problem;
  }
  if (own.region) return own;

  const out: Partial<Record<LoginFormField, string>> = {};
  const mobile = checkMobile(v.region, v.mobile);
  if (mobile) out.mobile = mobile;
  const imgCode = v.imgCode.trim().toUpperCase();
  if (v.captchaShown && !imgCode) out.imgCode = 'captcha_required';
  else if (v.captchaShown && !CAPTCHA_RE.test(imgCode)) out.imgCode = 'captcha_format';
  const smsCode = v.smsCode.trim();
  if (!smsCode) out.smsCode = 'sms_code_required';
  else if (!SMS_CODE_RE.test(smsCode)) out.smsCode = 'sms_code_format';
  return { ...out, ...own };
}

/**
 * What check_verify_code answers in `status` (issue #2 §3). Here, not in progress.ts: the login form
 * reads it, and a module it imports comes whole with /login's first load (decision 029).
 */
export const LoginUserStatus = { NEW: 0, IN_PROGRESS: 1, SUBMITTED: 2 } as const;
export type LoginUserStatus = (typeof LoginUserStatus)[keyof typeof LoginUserStatus];
