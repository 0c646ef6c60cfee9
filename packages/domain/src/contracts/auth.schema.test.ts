import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ERROR_MESSAGES } from '../i18n';
import {
  DecodeMobileRequestSchema,
  LoginFormSchema,
  LoginRequestSchema,
  SmsCodeRequestSchema,
} from './auth.schema';
import { firstPerField, issues } from './schema-test-utils';

const form = {
  region: 'CN',
  mobile: '138 1234 5678',
  imgCode: '',
  smsCode: '123456',
  isRead: true,
  captchaShown: false,
} as const;

describe('LoginFormSchema (spec §5 login; first error shown as a toast, order mobile → captcha → SMS code)', () => {
  it('accepts a filled CN form in its display format', () => {
    expect(issues(LoginFormSchema, form)).toEqual([]);
  });

  it('accepts an unread agreement (the reminder dialog handles it, not a field error)', () => {
    expect(issues(LoginFormSchema, { ...form, isRead: false })).toEqual([]);
  });

  it('reports every empty field in spec order when the captcha is shown', () => {
    expect(
      issues(LoginFormSchema, { ...form, mobile: '', imgCode: '', smsCode: '', captchaShown: true }),
    ).toEqual([
      ['mobile', 'mobile_required'],
      ['imgCode', 'captcha_required'],
      ['smsCode', 'sms_code_required'],
    ]);
  });

  it('does not ask for the captcha while it is hidden', () => {
    expect(issues(LoginFormSchema, { ...form, mobile: '', smsCode: '' })).toEqual([
      ['mobile', 'mobile_required'],
      ['smsCode', 'sms_code_required'],
    ]);
  });

  it.each([
    ['CN', '1381234567'],
    ['CN', '23812345678'],
    ['HK', '9123456'],
    ['GB', '12345'],
  ])('region %s refuses mobile %s with mobile_invalid', (region, mobile) => {
    expect(issues(LoginFormSchema, { ...form, region, mobile })).toEqual([['mobile', 'mobile_invalid']]);
  });

  it('checks the mobile against the selected region', () => {
    expect(issues(LoginFormSchema, { ...form, region: 'HK', mobile: '9123 4567' })).toEqual([]);
    expect(issues(LoginFormSchema, { ...form, region: 'HK', mobile: '138 1234 5678' })).toEqual([
      ['mobile', 'mobile_invalid'],
    ]);
  });

  it.each(['12345', '1234567', 'abcdef', '12 345'])('refuses SMS code %j (6 digits)', (smsCode) => {
    expect(issues(LoginFormSchema, { ...form, smsCode })).toEqual([['smsCode', 'sms_code_format']]);
  });

  it.each(['ab', 'ABCDE', 'AB-C'])('refuses a shown captcha %j (4 characters)', (imgCode) => {
    expect(issues(LoginFormSchema, { ...form, imgCode, captchaShown: true })).toEqual([
      ['imgCode', 'captcha_format'],
    ]);
  });

  it('accepts a 4-character captcha in any case, with spaces around it', () => {
    expect(issues(LoginFormSchema, { ...form, imgCode: ' aB3d ', captchaShown: true })).toEqual([]);
  });

  it('refuses a region that is not offered', () => {
    expect(issues(LoginFormSchema, { ...form, region: 'US' })).toEqual([['region', 'region_invalid']]);
  });
});

const login = { region: 'CN', mobile: '13812345678', code: '123456' };

describe('LoginRequestSchema (POST check_verify_code; spec §5 order mobile → SMS code)', () => {
  it('accepts a login and returns the mobile as digits only', () => {
    const r = z.safeParse(LoginRequestSchema, { ...login, mobile: '138 1234 5678', code: ' 123456 ' });
    expect(r.success && r.data).toMatchObject({ region: 'CN', mobile: '13812345678', code: '123456' });
  });

  it('accepts the optional extras of spec §3 and the agreement flag as a form string', () => {
    const r = z.safeParse(LoginRequestSchema, {
      ...login,
      isRead: '1',
      inviteCode: ' abc ',
      ext: 'x',
      childOpenAcctChannel: 'c',
      label: 'l',
      invite_code: 'i',
      invite_activity_id: 'a',
      flag: '-1',
      open_id: 'o',
    });
    expect(r.success && r.data).toMatchObject({ isRead: true, inviteCode: 'abc', flag: '-1' });
  });

  it('reports the mobile before the SMS code (the API shows the first)', () => {
    expect(firstPerField(LoginRequestSchema, { region: 'CN', mobile: '123', code: '' })).toEqual([
      ['mobile', 'mobile_invalid'],
      ['code', 'sms_code_required'],
    ]);
    expect(firstPerField(LoginRequestSchema, { region: 'CN', mobile: '123' })).toEqual([
      ['mobile', 'mobile_invalid'],
      ['code', 'sms_code_required'],
    ]);
    expect(firstPerField(LoginRequestSchema, { region: 'HK', mobile: '', code: '12' })).toEqual([
      ['mobile', 'mobile_required'],
      ['code', 'sms_code_format'],
    ]);
  });

  it('takes the image captcha the server asks for after wrong codes, in spec §5 order', () => {
    const r = z.safeParse(LoginRequestSchema, { ...login, image_code: ' ab3c ' });
    expect(r.success && r.data.image_code).toBe('AB3C');
    expect(z.safeParse(LoginRequestSchema, { ...login, image_code: '' }).success).toBe(true);
    expect(
      firstPerField(LoginRequestSchema, { region: 'CN', mobile: '123', image_code: 'A', code: '' }),
    ).toEqual([
      ['mobile', 'mobile_invalid'],
      ['image_code', 'captcha_format'],
      ['code', 'sms_code_required'],
    ]);
  });

  it('reports one message per field', () => {
    expect(issues(LoginRequestSchema, { ...login, code: '' })).toEqual([['code', 'sms_code_required']]);
    expect(issues(LoginRequestSchema, { ...login, code: '12a' })).toEqual([['code', 'sms_code_format']]);
  });

  it('reports a missing body field by field', () => {
    expect(firstPerField(LoginRequestSchema, {})).toEqual([
      ['region', 'region_invalid'],
      ['mobile', 'mobile_required'],
      ['code', 'sms_code_required'],
    ]);
  });

  it.each([
    ['CN', '91234567'],
    ['HK', '13812345678'],
    ['CN', '138abc12345678'],
  ])('region %s refuses mobile %s', (region, mobile) => {
    expect(issues(LoginRequestSchema, { ...login, region, mobile })).toEqual([['mobile', 'mobile_invalid']]);
  });

  it('refuses an overlong mobile before stripping it', () => {
    expect(firstPerField(LoginRequestSchema, { ...login, mobile: ' '.repeat(41) })).toEqual([
      ['mobile', 'mobile_invalid'],
    ]);
  });
});

describe('SmsCodeRequestSchema (POST request_verify_code: region, mobile, image_code)', () => {
  it('accepts a request without a captcha, or with an empty one', () => {
    expect(issues(SmsCodeRequestSchema, { region: 'HK', mobile: '91234567' })).toEqual([]);
    expect(issues(SmsCodeRequestSchema, { region: 'HK', mobile: '91234567', image_code: '' })).toEqual([]);
  });

  it('returns the mobile as digits only', () => {
    const r = z.safeParse(SmsCodeRequestSchema, { region: 'CN', mobile: '138 1234-5678' });
    expect(r.success && r.data.mobile).toBe('13812345678');
  });

  it('upper-cases and trims the captcha', () => {
    const r = z.safeParse(SmsCodeRequestSchema, { region: 'GB', mobile: '7700900123', image_code: ' ab3d ' });
    expect(r.success && r.data.image_code).toBe('AB3D');
  });

  it.each(['ABC', 'ABCDE', 'AB-D'])('refuses captcha %j with captcha_format', (image_code) => {
    expect(issues(SmsCodeRequestSchema, { region: 'HK', mobile: '91234567', image_code })).toEqual([
      ['image_code', 'captcha_format'],
    ]);
  });

  it('reports the mobile before the captcha (spec §5 order)', () => {
    expect(firstPerField(SmsCodeRequestSchema, { region: 'HK', mobile: '123', image_code: 'AB' })).toEqual([
      ['mobile', 'mobile_invalid'],
      ['image_code', 'captcha_format'],
    ]);
  });

  it('refuses a missing region and mobile', () => {
    expect(firstPerField(SmsCodeRequestSchema, {})).toEqual([
      ['region', 'region_invalid'],
      ['mobile', 'mobile_required'],
    ]);
  });
});

describe('DecodeMobileRequestSchema', () => {
  it('requires a mobile of at most 512 characters', () => {
    expect(issues(DecodeMobileRequestSchema, { mobile: 'abc' })).toEqual([]);
    expect(issues(DecodeMobileRequestSchema, { mobile: '' })).toEqual([['mobile', 'mobile_required']]);
    expect(issues(DecodeMobileRequestSchema, {})).toEqual([['mobile', 'mobile_required']]);
    expect(issues(DecodeMobileRequestSchema, { mobile: 'x'.repeat(513) })).toEqual([
      ['mobile', 'mobile_invalid'],
    ]);
  });
});

it('every message these contracts produce is a catalogue key', () => {
  const bad: [z.ZodMiniType, unknown][] = [
    [LoginFormSchema, { ...form, mobile: 'x', imgCode: '1', smsCode: 'x', captchaShown: true }],
    [
      LoginRequestSchema,
      { region: 5, mobile: 5, code: 5, isRead: 'maybe', inviteCode: 5, flag: 'x'.repeat(99) },
    ],
    [SmsCodeRequestSchema, { region: 'CN', mobile: [], image_code: 5 }],
    [DecodeMobileRequestSchema, { mobile: 5 }],
  ];
  for (const [schema, input] of bad)
    for (const [path, message] of issues(schema, input))
      expect(ERROR_MESSAGES['zh-CN'], `${path}: ${message}`).toHaveProperty([message]);
});
