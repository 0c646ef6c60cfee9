import type { Language } from './constants';

// spec §3: the regions offered for the phone number, in this order.
export const PHONE_REGIONS = [
  { code: 'CN', dial: '86', names: { 'zh-CN': '中国大陆', 'zh-HK': '中國內地', en: 'Mainland China' } },
  { code: 'HK', dial: '852', names: { 'zh-CN': '中国香港', 'zh-HK': '中國香港', en: 'Hong Kong, China' } },
  { code: 'MY', dial: '60', names: { 'zh-CN': '马来西亚', 'zh-HK': '馬來西亞', en: 'Malaysia' } },
  { code: 'VN', dial: '84', names: { 'zh-CN': '越南', 'zh-HK': '越南', en: 'Vietnam' } },
  { code: 'MO', dial: '853', names: { 'zh-CN': '中国澳门', 'zh-HK': '中國澳門', en: 'Macao, China' } },
  { code: 'DE', dial: '49', names: { 'zh-CN': '德国', 'zh-HK': '德國', en: 'Germany' } },
  { code: 'DK', dial: '45', names: { 'zh-CN': '丹麦', 'zh-HK': '丹麥', en: 'Denmark' } },
  { code: 'FR', dial: '33', names: { 'zh-CN': '法国', 'zh-HK': '法國', en: 'France' } },
  { code: 'PH', dial: '63', names: { 'zh-CN': '菲律宾', 'zh-HK': '菲律賓', en: 'Philippines' } },
  { code: 'CA', dial: '1', names: { 'zh-CN': '加拿大', 'zh-HK': '加拿大', en: 'Canada' } },
  { code: 'JP', dial: '81', names: { 'zh-CN': '日本', 'zh-HK': '日本', en: 'Japan' } },
  { code: 'TW', dial: '886', names: { 'zh-CN': '中国台湾', 'zh-HK': '中國台灣', en: 'Taiwan, China' } },
  { code: 'TH', dial: '66', names: { 'zh-CN': '泰国', 'zh-HK': '泰國', en: 'Thailand' } },
  { code: 'NZ', dial: '64', names: { 'zh-CN': '新西兰', 'zh-HK': '新西蘭', en: 'New Zealand' } },
  { code: 'IT', dial: '39', names: { 'zh-CN': '意大利', 'zh-HK': '意大利', en: 'Italy' } },
  { code: 'GB', dial: '44', names: { 'zh-CN': '英国', 'zh-HK': '英國', en: 'United Kingdom' } },
] as const satisfies readonly { code: string; dial: string; names: Record<Language, string> }[];

export type PhoneRegion = (typeof PHONE_REGIONS)[number]['code'];
export const PHONE_REGION_CODES = PHONE_REGIONS.map((r) => r.code) as unknown as readonly [
  PhoneRegion,
  ...PhoneRegion[],
];
export const DEFAULT_PHONE_REGION: PhoneRegion = 'HK';

export function findPhoneRegion(code: string) {
  return PHONE_REGIONS.find((r) => r.code === code);
}

/** spec §5: CN and HK ask for the captcha only when the server demands it; others always. */
export function checkIsCaptchaAlwaysRequired(region: string): boolean {
  return region !== 'CN' && region !== 'HK';
}
