// The messages an applicant receives when the review decides (issue #14, docs/backoffice.md
// "Notifications"): a text message always, an email when the application verified an address, in
// the applicant's language. The words are in locales/<lang>/notices.json (namespace `notices`);
// the server fills in the customer-service numbers and sends them through its outbox.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';
import en from '../locales/en/notices.json';
import zhCN from '../locales/zh-CN/notices.json';
import zhHK from '../locales/zh-HK/notices.json';

/**
 * What happened: returned for changes (1 → -1), approved (1 → 2), declined (1 → -2); issue #15:
 * the account opened (3 → 5, with its number; docs/opening.md).
 */
export const NOTICE_TEMPLATES = [
  'refused',
  'approved',
  'declined',
  'opened',
  // issue #15, operations (docs/deposit.md "Operations"): the identity deposit matched (2 → 3); a
  // clearer voucher asked for; a third-party or short payment going back to its payer
  'activated',
  'voucher_requested',
  'third_party_refund',
] as const;
export type NoticeTemplate = (typeof NOTICE_TEMPLATES)[number];

export const NOTICE_CHANNELS = ['sms', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** The pieces of one template: the text message, the email's subject and its body. */
export const NOTICE_PARTS = ['sms', 'email_subject', 'email_text'] as const;
export type NoticePart = (typeof NOTICE_PARTS)[number];

export const noticeKey = (template: NoticeTemplate, part: NoticePart) => `notice_${template}_${part}`;

/** Every key the catalogue must hold, in every language. */
export const NOTICE_KEYS: readonly string[] = [
  ...NOTICE_TEMPLATES.flatMap((t) => NOTICE_PARTS.map((p) => noticeKey(t, p))),
  // issue #15: what an opened account may do, said in the `opened` notice ({{account_terms}})
  'notice_opened_terms_full',
  'notice_opened_terms_sell_only',
];

export const NOTICE_TEXTS: Record<Language, Record<string, string>> = { 'zh-CN': zhCN, 'zh-HK': zhHK, en };

/** What the texts may name: the customer-service lines (mainland and Hong Kong). */
export interface NoticeValues {
  tel: string;
  tel_hk: string;
  /** issue #15, the `opened` notice: the securities account number. */
  account_number?: string;
  /** issue #15, the `opened` notice: no HKIDR consent, so no BCAN: the account may only sell. */
  sell_only?: boolean;
}

/** A language the applicant chose, or the default one when what is stored is not one of ours. */
export function noticeLanguage(value: unknown): Language {
  return LANGUAGES.find((l) => l === value) ?? DEFAULT_LANGUAGE;
}

/** The text message and the email of `template` in `lang`, placeholders filled in. */
export function composeNotice(
  lang: Language,
  template: NoticeTemplate,
  values: NoticeValues,
): { sms: string; subject: string; text: string } {
  const fill = (part: NoticePart) => {
    const key = noticeKey(template, part);
    const text = NOTICE_TEXTS[lang][key] ?? NOTICE_TEXTS[DEFAULT_LANGUAGE][key] ?? '';
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (name === 'account_terms') {
        const terms = values.sell_only ? 'notice_opened_terms_sell_only' : 'notice_opened_terms_full';
        return NOTICE_TEXTS[lang][terms] ?? NOTICE_TEXTS[DEFAULT_LANGUAGE][terms] ?? '';
      }
      const value = values[name as Exclude<keyof NoticeValues, 'sell_only'>];
      return typeof value === 'string' ? value : '';
    });
  };
  return { sms: fill('sms'), subject: fill('email_subject'), text: fill('email_text') };
}
