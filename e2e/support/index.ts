export {
  apiCall,
  completeIdentityStep,
  confirmStep,
  type IdentityForApi,
  tokenOf,
  uploadDocument,
} from './api';
export { captchaText, type DevSms, deviceIdOf, latestSmsCode, smsMessages } from './dev';
export { idImages, sampleIds } from './fixtures';
export { uniqueClientIp, uniqueCnMobile, uniqueHkMobile, uniqueMoMobile } from './mobiles';
export { expect, test } from './test';
