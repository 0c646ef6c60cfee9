import { type Language, SMS_CODE_TTL_S, translateError } from '@hk/domain';

/** The login SMS in the user's language: names the broker, the code and its 5-minute validity. */
export function composeLoginSms(lang: Language, code: string): string {
  return translateError(lang, 'sms_login_code_body')
    .replaceAll('{{code}}', code)
    .replaceAll('{{minutes}}', String(SMS_CODE_TTL_S / 60));
}
