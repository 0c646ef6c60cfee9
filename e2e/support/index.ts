export { expectNoA11yViolations } from './a11y';
export {
  apiCall,
  completeAddressStep,
  completeIdentityStep,
  confirmStep,
  type IdentityForApi,
  tokenOf,
  uploadDocument,
} from './api';
export { type ConsoleLang, consoleDesk, consoleTexts, fillPlaceholders } from './console';
export {
  captchaText,
  type DevMail,
  type DevSms,
  deviceIdOf,
  latestMailCode,
  latestSmsCode,
  mailMessages,
  smsMessages,
} from './dev';
export { idImages, randomHkid, sampleIds } from './fixtures';
export {
  applicationStatus,
  bringToSignature,
  confirmPersonal,
  confirmStepsBefore,
  sampleAnswers,
  sampleHkIdentity,
  signAndSubmitThroughApi,
  signThroughApi,
} from './flow';
export { describeFocus, expectFocusInside, tabTo } from './keyboard';
export { MAINLAND_TAX, mainlandBankAnswers, randomMainlandId, sampleMainlandIdentity } from './mainland';
export { uniqueClientIp, uniqueCnMobile, uniqueHkMobile, uniqueMoMobile } from './mobiles';
export { loginThroughApi } from './session';
export { approveThroughConsole, type StaffApi, signInStaffApi, staffCode } from './staff';
export { expect, test } from './test';
