import * as z from 'zod/mini';
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH } from '../constants';
import { checkMobile, normalizeMobile } from '../phone';
import { PHONE_REGION_CODES } from '../regions';
import { envelope, formBoolean, optionalText } from './common.schema';

const region = z.enum(PHONE_REGION_CODES, { error: 'region_invalid' });
const mobileDigits = z.pipe(
  z.string({ error: 'mobile_required' }).check(z.maxLength(40, 'mobile_invalid')),
  z.transform(normalizeMobile),
);

const refineMobile = z.superRefine((v: { region: string; mobile: string }, ctx) => {
  const problem = checkMobile(v.region, v.mobile);
  if (problem) ctx.addIssue({ code: 'custom', path: ['mobile'], message: problem, input: v.mobile });
});

const captchaText = z
  .string({ error: 'captcha_required' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, 'captcha_required'),
    z.regex(new RegExp(`^[A-Z0-9]{${CAPTCHA_LENGTH}}$`), 'captcha_format'),
  );

// POST /services/image_code (spec §7 getImgCode: width 88, height 29, font_size 13, length 4)
export const ImageCodeRequestSchema = z.object({
  width: z.optional(z.coerce.number()),
  height: z.optional(z.coerce.number()),
  font_size: z.optional(z.coerce.number()),
  length: z.optional(z.coerce.number()),
});
/** data: a `data:image/png;base64,…` URL of the 88x29 captcha. */
export const ImageCodeResponseSchema = envelope(z.string().check(z.startsWith('data:image/png;base64,')));

// POST /V9/OpenAccountHk/request_verify_code
export const SmsCodeRequestSchema = z
  .object({ region, mobile: mobileDigits, image_code: z.optional(z.union([z.literal(''), captchaText])) })
  .check(refineMobile);
export type SmsCodeRequest = z.input<typeof SmsCodeRequestSchema>;
export const SmsCodeResponseSchema = envelope(z.object({ interval: z.number() }));

// POST /V9/OpenAccountHk/check_verify_code (spec §3 login input and optional extras)
export const LoginRequestSchema = z
  .object({
    region,
    mobile: mobileDigits,
    code: z
      .string({ error: 'sms_code_required' })
      .check(
        z.trim(),
        z.minLength(1, 'sms_code_required'),
        z.regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'sms_code_format'),
      ),
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
  .check(refineMobile);
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
    mobile: z.string(),
    imgCode: z.string(),
    smsCode: z.string(),
    isRead: z.boolean(),
    captchaShown: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message, input: v });
      const problem = checkMobile(v.region, v.mobile);
      if (problem) add('mobile', problem);
      if (v.captchaShown && !v.imgCode.trim()) add('imgCode', 'captcha_required');
      if (!v.smsCode.trim()) add('smsCode', 'sms_code_required');
      else if (!/^\d{6}$/.test(v.smsCode.trim())) add('smsCode', 'sms_code_format');
    }),
  );
export type LoginForm = z.infer<typeof LoginFormSchema>;

// POST /v1/Services/decode_mobile
export const DecodeMobileRequestSchema = z.object({
  mobile: z
    .string({ error: 'mobile_required' })
    .check(z.minLength(1, 'mobile_required'), z.maxLength(512, 'mobile_invalid')),
});
export const DecodeMobileResponseSchema = envelope(z.object({ mobile: z.string(), region: z.string() }));
