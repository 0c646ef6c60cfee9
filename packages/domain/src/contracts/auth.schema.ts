import * as z from 'zod/mini';
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH } from '../constants';
import { checkMobile, normalizeMobile } from '../phone';
import { PHONE_REGION_CODES } from '../regions';
import { textRule } from '../text';
import { envelope, formBoolean, optionalText } from './common.schema';

const region = z.enum(PHONE_REGION_CODES, { error: 'region_invalid' });
// The mobile, captcha and SMS code rules run in one object check so that their messages come in the
// spec §5 order (mobile, captcha, SMS code): the API answers with the first. Field level: types only.
const mobileText = z.string({ error: 'mobile_required' }).check(...textRule({ normalize: false }));
const CAPTCHA_RE = new RegExp(`^[A-Z0-9]{${CAPTCHA_LENGTH}}$`);
const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** null when the region or the mobile has the wrong type: that is already reported on its field. */
function mobileProblem(region: unknown, raw: unknown) {
  if (typeof raw !== 'string' || !(PHONE_REGION_CODES as readonly unknown[]).includes(region)) return null;
  return raw.length > 40 ? 'mobile_invalid' : checkMobile(region as string, raw);
}

/** Run the ordered checks even when a field has the wrong type, so that every field is reported. */
const evenWithTypeErrors = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The output carries the mobile as digits only (spec §5: spaces are stripped). */
function withDigitsOnlyMobile<T extends { mobile: string }>(v: T): T {
  return { ...v, mobile: normalizeMobile(v.mobile) };
}

// POST /services/image_code (spec §7 getImgCode: width 88, height 29, font_size 13, length 4)
export const ImageCodeRequestSchema = z.object({
  width: z.optional(z.coerce.number({ error: 'invalid_value' })),
  height: z.optional(z.coerce.number({ error: 'invalid_value' })),
  font_size: z.optional(z.coerce.number({ error: 'invalid_value' })),
  length: z.optional(z.coerce.number({ error: 'invalid_value' })),
});
/** data: a `data:image/png;base64,…` URL of the 88x29 captcha. */
export const ImageCodeResponseSchema = envelope(z.string().check(z.startsWith('data:image/png;base64,')));

const POW_SOLUTION_RE = /^\d{1,10}$/;

// POST /V9/OpenAccountHk/request_verify_code
export const SmsCodeRequestSchema = z
  .object({
    region,
    mobile: mobileText,
    image_code: z.optional(z.string({ error: 'captcha_format' }).check(...textRule(), z.toUpperCase())),
    // in place of image_code: the solved challenge of POST /services/pow_challenge
    pow_solution: z.optional(z.string({ error: 'captcha_format' }).check(...textRule())),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message, input: v });
      const problem = mobileProblem(v.region, v.mobile);
      if (problem) add('mobile', problem);
      // empty: the server decides whether this mobile or IP must pass the captcha (spec §5)
      if (typeof v.image_code === 'string' && v.image_code && !CAPTCHA_RE.test(v.image_code))
        add('image_code', 'captcha_format');
      if (typeof v.pow_solution === 'string' && v.pow_solution && !POW_SOLUTION_RE.test(v.pow_solution))
        add('pow_solution', 'captcha_format');
    }, evenWithTypeErrors),
    z.overwrite(withDigitsOnlyMobile),
  );
export type SmsCodeRequest = z.input<typeof SmsCodeRequestSchema>;
export const SmsCodeResponseSchema = envelope(z.object({ interval: z.number() }));

// POST /V9/OpenAccountHk/check_verify_code (spec §3 login input and optional extras)
export const LoginRequestSchema = z
  .object({
    region,
    mobile: mobileText,
    code: z._default(z.string({ error: 'sms_code_required' }).check(...textRule()), ''),
    // after LOGIN_FREE_WRONG_CODES wrong codes for the mobile the server asks for it (8001)
    image_code: z.optional(z.string({ error: 'captcha_format' }).check(...textRule(), z.toUpperCase())),
    // in its place (issue #16): the solved challenge of POST /services/pow_challenge
    pow_solution: z.optional(z.string({ error: 'captcha_format' }).check(...textRule())),
    isRead: z.optional(formBoolean),
    inviteCode: optionalText(64),
    ext: optionalText(200),
    childOpenAcctChannel: optionalText(64),
    label: optionalText(64),
    invite_code: optionalText(64),
    invite_activity_id: optionalText(64),
    flag: optionalText(16),
    open_id: optionalText(128),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message, input: v });
      const problem = mobileProblem(v.region, v.mobile);
      if (problem) add('mobile', problem);
      if (typeof v.image_code === 'string' && v.image_code && !CAPTCHA_RE.test(v.image_code))
        add('image_code', 'captcha_format');
      if (typeof v.pow_solution === 'string' && v.pow_solution && !POW_SOLUTION_RE.test(v.pow_solution))
        add('pow_solution', 'captcha_format');
      if (typeof v.code !== 'string') return;
      if (!v.code) add('code', 'sms_code_required');
      else if (!SMS_CODE_RE.test(v.code)) add('code', 'sms_code_format');
    }, evenWithTypeErrors),
    z.overwrite(withDigitsOnlyMobile),
  );
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginDataSchema = z.object({
  uid: z.string(),
  token: z.string(),
  /** 0 new user → /accountType; 1 application in progress, 2 submitted → /usercenter */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  region: z.string(),
  mobile_masked: z.string(),
  expires_in: z.number(),
});
export type LoginData = z.infer<typeof LoginDataSchema>;
export const LoginResponseSchema = envelope(LoginDataSchema);

// POST /V9/OpenAccountHk/logout
export const LogoutResponseSchema = envelope(z.object({}));

/**
 * Login form of the web client (spec §3 login input, §5 validation order: mobile, captcha, SMS
 * code; the agreement is handled by the reminder dialog).
 */
export const LoginFormSchema = z
  .object({
    region,
    mobile: mobileText,
    imgCode: z.string().check(...textRule({ normalize: false })),
    smsCode: z.string().check(...textRule({ normalize: false })),
    isRead: z.boolean(),
    captchaShown: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message, input: v });
      const problem = checkMobile(v.region, v.mobile);
      if (problem) add('mobile', problem);
      const imgCode = v.imgCode.trim().toUpperCase();
      if (v.captchaShown && !imgCode) add('imgCode', 'captcha_required');
      else if (v.captchaShown && !CAPTCHA_RE.test(imgCode)) add('imgCode', 'captcha_format');
      if (!v.smsCode.trim()) add('smsCode', 'sms_code_required');
      else if (!SMS_CODE_RE.test(v.smsCode.trim())) add('smsCode', 'sms_code_format');
    }),
  );
export type LoginForm = z.infer<typeof LoginFormSchema>;

// POST /v1/Services/decode_mobile
export const DecodeMobileRequestSchema = z.object({
  mobile: z
    .string({ error: 'mobile_required' })
    .check(...textRule(), z.minLength(1, 'mobile_required'), z.maxLength(512, 'mobile_invalid')),
});
export const DecodeMobileResponseSchema = envelope(z.object({ mobile: z.string(), region: z.string() }));

// POST /v1/Services/decode_mobile_common (spec §7): the link as a partner passed it on, with the
// entry link's other parameters (spec §7 decodeDzh: ext, childOpenAcctChannel, source) accepted and
// not needed to decode.
export const DecodeMobileCommonRequestSchema = z.object({
  mobile: DecodeMobileRequestSchema.shape.mobile,
  ext: optionalText(200),
  childOpenAcctChannel: optionalText(64),
});
