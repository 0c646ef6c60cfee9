// Contracts of the content calls (issue #15, docs/content.md): the staff console's (under
// /backoffice/api/content, permission content.edit, CSRF, `version` compare-and-set) and the
// applicant's (spec §7 ipoAbs, ipoNewList, /trade/ipo/lists, /v9/ServiceQr/info). The applicant's
// answers carry no personal data and nothing in minor units or as a stored code.
import * as z from 'zod/mini';
import { textRule, typedText } from '../text';
import {
  BANNER_DATA_KEYS,
  BANNER_DATA_MAX,
  BANNER_LANGUAGES,
  BANNER_TYPES,
  IPO_CURRENCIES,
  IPO_POPULARITY_MAX,
  LEVERAGE_RE,
  parseMoneyToMinor,
} from './rules';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dateField = z
  .string({ error: 'content_date_invalid' })
  .check(z.regex(DATE_RE, 'content_date_invalid'), z.refine(isRealDate, 'content_date_invalid'));
/** An instant with its offset (the console sends ISO strings), or null for "no limit". */
const instantField = z.nullable(
  z.string({ error: 'content_time_invalid' }).check(
    z.maxLength(40, 'content_time_invalid'),
    z.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
      'content_time_invalid',
    ),
    z.refine((s) => !Number.isNaN(Date.parse(s)), 'content_time_invalid'),
  ),
);
const sortField = z
  .number({ error: 'content_sort_invalid' })
  .check(
    z.int('content_sort_invalid'),
    z.minimum(0, 'content_sort_invalid'),
    z.maximum(9999, 'content_sort_invalid'),
  );
const versionField = z.number({ error: 'invalid_value' }).check(z.int(), z.minimum(0));
const localisedText = (max: number) =>
  z.object({
    'zh-CN': typedText({ max, requiredKey: 'content_text_required', tooLongKey: 'content_text_too_long' }),
    'zh-HK': typedText({ max, requiredKey: 'content_text_required', tooLongKey: 'content_text_too_long' }),
    en: typedText({ max, requiredKey: 'content_text_required', tooLongKey: 'content_text_too_long' }),
  });

// ---------------------------------------------------------------- IPOs (staff)

const ipoFields = {
  productCode: z
    .string({ error: 'content_product_code_invalid' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9.]{1,12}$/, 'content_product_code_invalid')),
  name: localisedText(80),
  popularity: z
    .number({ error: 'content_popularity_invalid' })
    .check(
      z.int('content_popularity_invalid'),
      z.minimum(0, 'content_popularity_invalid'),
      z.maximum(IPO_POPULARITY_MAX, 'content_popularity_invalid'),
    ),
  leverage: z
    .string({ error: 'content_leverage_invalid' })
    .check(z.trim(), z.regex(LEVERAGE_RE, 'content_leverage_invalid')),
  /** Money as typed ("3,030.25"), in `currency`: the server keeps minor units. */
  minSubAmount: z
    .string({ error: 'content_amount_invalid' })
    .check(z.maxLength(24, 'content_amount_invalid')),
  currency: z.enum(IPO_CURRENCIES, { error: 'content_currency_invalid' }),
  subscribeFrom: dateField,
  subscribeTo: dateField,
  published: z.boolean({ error: 'invalid_value' }),
  sort: sortField,
};

const ipoChecks = z.superRefine(
  (
    v: {
      minSubAmount: string;
      currency: (typeof IPO_CURRENCIES)[number];
      subscribeFrom: string;
      subscribeTo: string;
    },
    ctx,
  ) => {
    if (parseMoneyToMinor(v.minSubAmount, v.currency) === null)
      ctx.addIssue({
        code: 'custom',
        message: 'content_amount_invalid',
        path: ['minSubAmount'],
        input: v.minSubAmount,
      });
    if (v.subscribeTo < v.subscribeFrom)
      ctx.addIssue({
        code: 'custom',
        message: 'content_dates_order',
        path: ['subscribeTo'],
        input: v.subscribeTo,
      });
  },
);

/** POST /backoffice/api/content/ipos */
export const IpoCreateSchema = z.object(ipoFields).check(ipoChecks);
export type IpoCreate = z.infer<typeof IpoCreateSchema>;
/** PUT /backoffice/api/content/ipos/:id: the whole IPO, with the version it was read at. */
export const IpoUpdateSchema = z.object({ ...ipoFields, version: versionField }).check(ipoChecks);
export type IpoUpdate = z.infer<typeof IpoUpdateSchema>;
/** DELETE /backoffice/api/content/ipos/:id?version= (and banners): soft delete. */
export const ContentDeleteQuerySchema = z.object({
  version: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647)),
});

export const IpoViewSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  name: z.object({ 'zh-CN': z.string(), 'zh-HK': z.string(), en: z.string() }),
  popularity: z.number(),
  leverage: z.string(),
  /** As the form shows it ("3030.25"), in `currency`. */
  minSubAmount: z.string(),
  /** The amount in the staff member's language, digits and currency words. */
  minSubAmountText: z.string(),
  currency: z.enum(IPO_CURRENCIES),
  subscribeFrom: z.string(),
  subscribeTo: z.string(),
  published: z.boolean(),
  sort: z.number(),
  /** Open for subscription today in Hong Kong. */
  openToday: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type IpoView = z.infer<typeof IpoViewSchema>;
export const IpoListSchema = z.object({ ipos: z.array(IpoViewSchema) });

// ---------------------------------------------------------------- banners (staff)

const bannerFields = {
  title: typedText({ max: 80, requiredKey: 'content_title_required', tooLongKey: 'content_text_too_long' }),
  type: z.enum(BANNER_TYPES, { error: 'content_banner_type_invalid' }),
  /** What the type needs (rules.ts BANNER_REQUIRED_DATA), checked by `bannerDataProblems`. */
  data: z.partialRecord(
    z.enum(BANNER_DATA_KEYS, { error: 'content_banner_data_not_for_type' }),
    z
      .string({ error: 'invalid_value' })
      .check(...textRule(), z.maxLength(BANNER_DATA_MAX, 'content_text_too_long')),
  ),
  language: z.enum(BANNER_LANGUAGES, { error: 'content_language_invalid' }),
  sort: sortField,
  startsAt: instantField,
  endsAt: instantField,
  published: z.boolean({ error: 'invalid_value' }),
};
const bannerChecks = z.superRefine((v: { startsAt: string | null; endsAt: string | null }, ctx) => {
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
    ctx.addIssue({ code: 'custom', message: 'content_schedule_order', path: ['endsAt'], input: v.endsAt });
});

/**
 * POST /backoffice/api/content/banners (multipart: `payload`, this object as JSON, then `file`, the
 * image) and PUT …/banners/:id (the same, `file` optional: without it the image stays).
 */
export const BannerCreateSchema = z.object(bannerFields).check(bannerChecks);
export type BannerCreate = z.infer<typeof BannerCreateSchema>;
export const BannerUpdateSchema = z.object({ ...bannerFields, version: versionField }).check(bannerChecks);
export type BannerUpdate = z.infer<typeof BannerUpdateSchema>;

export const BannerViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(BANNER_TYPES),
  data: z.record(z.string(), z.string()),
  language: z.enum(BANNER_LANGUAGES),
  sort: z.number(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  published: z.boolean(),
  /** Shown to applicants now (published, in its schedule). */
  live: z.boolean(),
  image: z.object({ url: z.string(), width: z.number(), height: z.number(), sha256: z.string() }),
  version: z.number(),
  updatedAt: z.string(),
});
export type BannerView = z.infer<typeof BannerViewSchema>;
export const BannerListSchema = z.object({ banners: z.array(BannerViewSchema) });

// ---------------------------------------------------------------- customer service (staff)

const phoneField = z
  .string({ error: 'content_phone_invalid' })
  .check(z.trim(), z.regex(/^\+?\d[\d ()-]{5,28}\d$/, 'content_phone_invalid'));

/**
 * PUT /backoffice/api/content/service (multipart: `payload`, this object as JSON, and `file`, a
 * new QR image, optional). The QR block needs an image and a chat account.
 */
export const ServiceUpdateSchema = z.object({
  phoneHk: phoneField,
  phoneCn: phoneField,
  hours: localisedText(120),
  showQr: z.boolean({ error: 'invalid_value' }),
  /** A messaging-app account (WeChat: letters, digits, _ and -), or null. */
  chatAccount: z.nullable(
    z
      .string({ error: 'content_chat_account_invalid' })
      .check(z.trim(), z.regex(/^[A-Za-z][A-Za-z0-9_-]{4,39}$/, 'content_chat_account_invalid')),
  ),
  /** Drop the stored QR image (refused while the QR block is shown). */
  removeQr: z.optional(z.boolean({ error: 'invalid_value' })),
  version: versionField,
});
export type ServiceUpdate = z.infer<typeof ServiceUpdateSchema>;

export const ServiceViewSchema = z.object({
  phoneHk: z.string(),
  phoneCn: z.string(),
  hours: z.object({ 'zh-CN': z.string(), 'zh-HK': z.string(), en: z.string() }),
  showQr: z.boolean(),
  chatAccount: z.nullable(z.string()),
  qrImageUrl: z.nullable(z.string()),
  version: z.number(),
  updatedAt: z.string(),
});
export type ServiceView = z.infer<typeof ServiceViewSchema>;

// ---------------------------------------------------------------- the applicant's calls

/** spec §3 IPO item, as the applicant reads it (POST /v9/OpenAccountHk/ipoNewList, /trade/ipo/lists). */
export const IpoItemSchema = z.object({
  name: z.string(),
  /** 0 to 5. */
  ipo_popularity: z.number(),
  /** spec §3: "0" means none. */
  leverage: z.string(),
  product_code: z.string(),
  /** The amount in digits in the request's language ("3,030.25"), major units. */
  min_sub_amount: z.string(),
  /** The currency's name in the request's language ("港元"). */
  ccy_name: z.string(),
});
export type IpoItem = z.infer<typeof IpoItemSchema>;
export const IpoItemListSchema = z.array(IpoItemSchema);

/** spec §3 banner item (POST /v9/OpenAccountHk/ipoAbs): live, published, for the language, in order. */
export const BannerItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(BANNER_TYPES),
  data: z.record(z.string(), z.string()),
  /** The image: a public, cacheable URL by content hash. */
  logo: z.string(),
  width: z.number(),
  height: z.number(),
});
export type BannerItem = z.infer<typeof BannerItemSchema>;
export const BannerItemListSchema = z.array(BannerItemSchema);

/** spec §3 service QR response (POST /v9/ServiceQr/info), plus what the status page needs. */
export const ServiceQrInfoSchema = z.object({
  /** The QR image's URL, '' when there is none. */
  service_qr_code: z.string(),
  /** The chat account to copy, '' when there is none. */
  wechat_number: z.string(),
  /** 1: the QR block; 0: the phone block (spec §2). */
  is_show_open_cs_qrcode: z.number(),
  tel: z.string(),
  tel_hk: z.string(),
  service_hours: z.string(),
});
export type ServiceQrInfo = z.infer<typeof ServiceQrInfoSchema>;
