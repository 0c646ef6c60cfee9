export { captchaText, type DevSms, latestSmsCode, smsMessages } from './dev';
export { idImages, sampleIds } from './fixtures';
export { uniqueClientIp, uniqueCnMobile, uniqueHkMobile, uniqueMoMobile } from './mobiles';
export { expect, test } from './test';
