import { describe, expect, it } from 'vitest';
import * as c from './constants';

// spec §9 business constants: a change here is a product change, so each value is pinned.
describe('business constants (spec §9)', () => {
  it.each([
    ['SMS countdown 60 s', c.SMS_COUNTDOWN_S, 60],
    ['SMS code 6 characters', c.SMS_CODE_LENGTH, 6],
    ['captcha width 88 px', c.CAPTCHA_WIDTH, 88],
    ['captcha height 29 px', c.CAPTCHA_HEIGHT, 29],
    ['captcha font size 13', c.CAPTCHA_FONT_SIZE, 13],
    ['captcha 4 characters', c.CAPTCHA_LENGTH, 4],
    ['login storage lifetime 86400 s', c.STORAGE_USER_TTL_S, 86400],
    ['session lifetime 86400 s', c.SESSION_TTL_S, 86400],
    ['default storage lifetime 7200 s', c.STORAGE_DEFAULT_TTL_S, 7200],
    ['session id 16 characters', c.SESSION_ID_LENGTH, 16],
    ['text maximum 200', c.TEXT_MAX, 200],
    ['first-visit flag 2300 ms', c.FIRST_VISIT_FLAG_MS, 2300],
    ['captcha warning toast 4 s (spec §8)', c.CAPTCHA_WARNING_TOAST_MS, 4000],
    ['margin age threshold 65', c.MARGIN_AGE_THRESHOLD, 65],
    ['image width 1000 px', c.IMAGE_MAX_WIDTH, 1000],
    ['image quality 0.8', c.IMAGE_QUALITY, 0.8],
    ['image upload maximum 6 MB', c.UPLOAD_MAX_BYTES, 6 * 1024 * 1024],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('strings: version tag hk9.0, open type, default caType sz, default language zh-CN, storage keys', () => {
    expect(c.API_VERSION_TAG).toBe('hk9.0');
    expect(c.OPEN_TYPE).toBe('NewAccount');
    expect(c.DEFAULT_CA_TYPE).toBe('sz');
    expect(c.DEFAULT_LANGUAGE).toBe('zh-CN');
    expect(c.LANGUAGES).toEqual(['zh-CN', 'zh-HK', 'en']);
    expect(`${c.STORAGE_PREFIX}${c.STORAGE_USER_KEY}`).toBe('hk_open_user');
    expect(c.SESSION_ID_KEY).toBe('H5_SESSION_ID');
  });

  it('the captcha alphabet has no look-alike characters and no repeats', () => {
    expect(c.CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z5S8B]/);
    expect(new Set(c.CAPTCHA_ALPHABET).size).toBe(c.CAPTCHA_ALPHABET.length);
    expect(c.CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/);
  });

  it('SMS limits are consistent: the interval equals the countdown, hourly ≤ daily', () => {
    expect(c.SMS_PER_MOBILE_INTERVAL_S).toBe(c.SMS_COUNTDOWN_S);
    expect(c.SMS_PER_MOBILE_PER_HOUR).toBeLessThanOrEqual(c.SMS_PER_MOBILE_PER_DAY);
    expect(c.SMS_FREE_REQUESTS_PER_HOUR).toBeLessThan(c.SMS_PER_MOBILE_PER_HOUR);
  });
});
