import { describe, expect, it } from 'vitest';
import { LoginFormSchema } from './contracts/auth.schema';
import { firstPerField } from './contracts/schema-test-utils';
import { checkLoginForm, type LoginFormValues } from './login-form';

// The web form checks with checkLoginForm (no schema library on the first load of /login,
// decision 015); it must say what LoginFormSchema says, field by field.
const regions = ['CN', 'HK', 'GB', 'US'];
const mobiles = [
  '',
  '138 1234 5678',
  '13812345678',
  '9123 4567',
  '5123',
  '07700 900123',
  'abc',
  '1\u0000',
  '\u202e91234567',
];
const imgCodes = ['', '  ', 'aB3d', ' aB3d ', 'AB3', 'AB3DE', '\u200bAB3D', 'AB\u00003D'];
const smsCodes = ['', ' ', '123456', ' 123456 ', '12345', '1234567', 'abcdef', '12345\u0007'];

describe('checkLoginForm says what LoginFormSchema says', () => {
  it('for every combination of region, mobile, captcha and SMS code, captcha shown or not', () => {
    let compared = 0;
    for (const region of regions)
      for (const mobile of mobiles)
        for (const imgCode of imgCodes)
          for (const smsCode of smsCodes)
            for (const captchaShown of [false, true]) {
              const v: LoginFormValues = { region, mobile, imgCode, smsCode, isRead: false, captchaShown };
              expect(checkLoginForm(v), JSON.stringify(v)).toEqual(
                Object.fromEntries(firstPerField(LoginFormSchema, v)),
              );
              compared++;
            }
    expect(compared).toBe(regions.length * mobiles.length * imgCodes.length * smsCodes.length * 2);
  });
});
