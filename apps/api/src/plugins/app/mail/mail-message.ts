import type { Language } from '@hk/domain';
import { MAIL_CODE_TTL_S } from '@hk/domain/flow/mail-check';

interface CodeMailText {
  subject: string;
  /** `{{code}}` and `{{minutes}}` are filled in. */
  text: string;
}

/** The email-verification mail of the personal step, in the three product languages. */
export const EMAIL_CODE_MAIL: Record<Language, CodeMailText> = {
  'zh-CN': {
    subject: '【港峰证券】邮箱验证码',
    text: [
      '您好，',
      '',
      '您正在港峰证券开户，验证此电子邮箱。您的验证码为：{{code}}',
      '验证码{{minutes}}分钟内有效，请勿泄露给他人。',
      '',
      '如非本人操作，请忽略本邮件。',
      '',
      '港峰证券',
    ].join('\n'),
  },
  'zh-HK': {
    subject: '【港峰證券】電郵驗證碼',
    text: [
      '您好，',
      '',
      '您正在港峰證券開戶，驗證此電郵地址。您的驗證碼為：{{code}}',
      '驗證碼{{minutes}}分鐘內有效，請勿向他人透露。',
      '',
      '如非本人操作，請忽略本電郵。',
      '',
      '港峰證券',
    ].join('\n'),
  },
  en: {
    subject: '[Harbour Peak Securities] Your email verification code',
    text: [
      'Hello,',
      '',
      'You are opening an account with Harbour Peak Securities and verifying this email address. Your code is: {{code}}',
      'It is valid for {{minutes}} minutes. Do not share it with anyone.',
      '',
      'If this was not you, please ignore this email.',
      '',
      'Harbour Peak Securities',
    ].join('\n'),
  },
};

/** The verification mail to `to`, in the user's language. */
export function composeEmailCodeMail(lang: Language, to: string, code: string) {
  const fill = (s: string) =>
    s.replaceAll('{{code}}', code).replaceAll('{{minutes}}', String(MAIL_CODE_TTL_S / 60));
  const t = EMAIL_CODE_MAIL[lang];
  return { to, subject: fill(t.subject), text: fill(t.text), code };
}
