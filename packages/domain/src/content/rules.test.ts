import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { BannerCreateSchema, IpoCreateSchema, ServiceUpdateSchema } from './contracts';
import {
  BANNER_TYPES,
  bannerDataProblems,
  checkHasLeverage,
  checkIsBannerLive,
  checkIsIpoOpenOn,
  cleanBannerData,
  formatMoney,
  minorToMoneyInput,
  parseMoneyToMinor,
} from './rules';

describe('banner data per type', () => {
  it('each type refuses missing required data and accepts complete data', () => {
    const complete = {
      openWebView: { url: 'https://example.com/ipo', title: 'IPO' },
      stock_detail: { symbol: '00700', exchange: 'SEHK', market: 'HK' },
      stock_ipo: { symbol: '02599', exchange: 'SEHK', market: 'HK', name: 'New Co' },
      miniProgram: { userName: 'gh_12345', path: 'pages/ipo/index' },
      ipoList: {},
    } as const;
    for (const type of BANNER_TYPES) {
      expect(bannerDataProblems(type, { ...complete[type] }), type).toEqual({});
    }
    expect(bannerDataProblems('openWebView', {})).toEqual({ 'data.url': 'content_banner_data_required' });
    expect(bannerDataProblems('stock_detail', { symbol: '00700' })).toEqual({
      'data.exchange': 'content_banner_data_required',
      'data.market': 'content_banner_data_required',
    });
    expect(bannerDataProblems('miniProgram', { userName: 'gh_1', path: ' ' })).toEqual({
      'data.path': 'content_banner_data_required',
    });
  });

  it('refuses data that does not belong to the type, and bad values', () => {
    expect(bannerDataProblems('ipoList', { url: 'https://x.com' })).toEqual({
      'data.url': 'content_banner_data_not_for_type',
    });
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://u:p@x.com',
      '/x',
    ]) {
      expect(bannerDataProblems('openWebView', { url }), url).toEqual({
        'data.url': 'content_banner_url_invalid',
      });
    }
    expect(bannerDataProblems('stock_detail', { symbol: '00700', exchange: 'SEHK', market: 'XX' })).toEqual({
      'data.market': 'content_banner_market_invalid',
    });
    expect(bannerDataProblems('stock_detail', { symbol: '<b>', exchange: 'SEHK', market: 'HK' })).toEqual({
      'data.symbol': 'content_banner_symbol_invalid',
    });
    expect(bannerDataProblems('openWebView', { url: 'https://x.com', share: 'yes' })).toEqual({
      'data.share': 'content_banner_share_invalid',
    });
  });

  it('keeps only the keys of the type, trimmed, without blanks', () => {
    expect(cleanBannerData('openWebView', { url: ' https://x.com ', title: '', symbol: '1' })).toEqual({
      url: 'https://x.com',
    });
  });
});

describe('live banners', () => {
  const now = new Date('2026-11-28T04:00:00Z');
  const b = { published: true, deletedAt: null, language: 'all', startsAt: null, endsAt: null };
  it('published, for the language or all, inside the schedule (end exclusive)', () => {
    expect(checkIsBannerLive(b, 'en', now)).toBe(true);
    expect(checkIsBannerLive({ ...b, published: false }, 'en', now)).toBe(false);
    expect(checkIsBannerLive({ ...b, deletedAt: '2026-11-01T00:00:00Z' }, 'en', now)).toBe(false);
    expect(checkIsBannerLive({ ...b, language: 'zh-HK' }, 'en', now)).toBe(false);
    expect(checkIsBannerLive({ ...b, language: 'zh-HK' }, 'zh-HK', now)).toBe(true);
    expect(checkIsBannerLive({ ...b, startsAt: '2026-11-28T04:00:00Z' }, 'en', now)).toBe(true);
    expect(checkIsBannerLive({ ...b, startsAt: '2026-11-28T04:00:01Z' }, 'en', now)).toBe(false);
    expect(checkIsBannerLive({ ...b, endsAt: '2026-11-28T04:00:00Z' }, 'en', now)).toBe(false);
    expect(checkIsBannerLive({ ...b, endsAt: '2026-11-28T04:00:01Z' }, 'en', now)).toBe(true);
  });
});

describe('IPOs open today in Hong Kong', () => {
  const ipo = { subscribeFrom: '2026-11-28', subscribeTo: '2026-12-02' };
  it('counts the Hong Kong date, not UTC', () => {
    // 2026-11-27 16:30 UTC is already 28 November 00:30 in Hong Kong
    expect(checkIsIpoOpenOn(ipo, new Date('2026-11-27T16:30:00Z'))).toBe(true);
    expect(checkIsIpoOpenOn(ipo, new Date('2026-11-27T15:59:59Z'))).toBe(false);
    // the last day counts until midnight in Hong Kong
    expect(checkIsIpoOpenOn(ipo, new Date('2026-12-02T15:59:59Z'))).toBe(true);
    expect(checkIsIpoOpenOn(ipo, new Date('2026-12-02T16:00:00Z'))).toBe(false);
  });
  it('leverage "0" is none', () => {
    expect(checkHasLeverage('0')).toBe(false);
    expect(checkHasLeverage('')).toBe(false);
    expect(checkHasLeverage('20')).toBe(true);
    expect(checkHasLeverage('2.5')).toBe(true);
  });
});

describe('money', () => {
  it('parses what a person types into minor units', () => {
    expect(parseMoneyToMinor('3,030.25', 'HKD')).toBe(303025);
    expect(parseMoneyToMinor('3030', 'HKD')).toBe(303000);
    expect(parseMoneyToMinor('1 000.5', 'USD')).toBe(100050);
    expect(parseMoneyToMinor('0', 'CNY')).toBe(0);
    for (const bad of ['', '-1', '1.234', '1,23', 'abc', '1e5', '3,030.25.1', '99999999999']) {
      expect(parseMoneyToMinor(bad, 'HKD'), bad).toBeNull();
    }
  });
  it('round-trips for the form and formats with the currency in words', () => {
    expect(minorToMoneyInput(303025, 'HKD')).toBe('3030.25');
    expect(minorToMoneyInput(303000, 'HKD')).toBe('3030');
    expect(minorToMoneyInput(5, 'HKD')).toBe('0.05');
    expect(formatMoney(303025, 'HKD', 'en')).toBe('3,030.25 Hong Kong dollars');
    expect(formatMoney(303000, 'HKD', 'zh-CN')).toBe('3,030 港元');
    expect(formatMoney(100000, 'CNY', 'zh-HK')).toBe('1,000 人民幣');
  });
});

describe('contracts', () => {
  const ipo = {
    productCode: '02599',
    name: { 'zh-CN': '新股', 'zh-HK': '新股', en: 'New Co' },
    popularity: 3,
    leverage: '20',
    minSubAmount: '3,030.25',
    currency: 'HKD',
    subscribeFrom: '2026-11-28',
    subscribeTo: '2026-12-02',
    published: true,
    sort: 1,
  };
  const issues = (schema: z.ZodMiniType, v: unknown) => {
    const r = z.safeParse(schema, v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };
  it('an IPO: dates in order, money, leverage, names in three languages', () => {
    expect(issues(IpoCreateSchema, ipo)).toEqual({});
    expect(issues(IpoCreateSchema, { ...ipo, subscribeTo: '2026-11-27' })).toEqual({
      subscribeTo: 'content_dates_order',
    });
    expect(issues(IpoCreateSchema, { ...ipo, subscribeFrom: '2026-02-30' })).toMatchObject({
      subscribeFrom: 'content_date_invalid',
    });
    expect(issues(IpoCreateSchema, { ...ipo, minSubAmount: '12.345' })).toEqual({
      minSubAmount: 'content_amount_invalid',
    });
    expect(issues(IpoCreateSchema, { ...ipo, leverage: '-1' })).toEqual({
      leverage: 'content_leverage_invalid',
    });
    expect(issues(IpoCreateSchema, { ...ipo, name: { ...ipo.name, en: ' ' } })).toEqual({
      name: 'content_text_required',
    });
    expect(issues(IpoCreateSchema, { ...ipo, currency: 'EUR' })).toEqual({
      currency: 'content_currency_invalid',
    });
  });
  it('a banner: schedule in order, known data keys, text rule', () => {
    const banner = {
      title: 'Hot IPO',
      type: 'ipoList',
      data: {},
      language: 'all',
      sort: 0,
      startsAt: '2026-11-28T00:00:00+08:00',
      endsAt: '2026-12-28T00:00:00+08:00',
      published: true,
    };
    expect(issues(BannerCreateSchema, banner)).toEqual({});
    expect(issues(BannerCreateSchema, { ...banner, endsAt: banner.startsAt })).toEqual({
      endsAt: 'content_schedule_order',
    });
    expect(issues(BannerCreateSchema, { ...banner, startsAt: 'tomorrow' })).toEqual({
      startsAt: 'content_time_invalid',
    });
    expect(issues(BannerCreateSchema, { ...banner, data: { evil: 'x' } })).toMatchObject({
      data: expect.any(String),
    });
    expect(issues(BannerCreateSchema, { ...banner, title: 'a\u0000b' })).toMatchObject({
      title: expect.any(String),
    });
    expect(issues(BannerCreateSchema, { ...banner, type: 'popup' })).toEqual({
      type: 'content_banner_type_invalid',
    });
  });
  it('customer service: phones and chat account', () => {
    const service = {
      phoneHk: '+852 2888 0000',
      phoneCn: '+86 400 888 0000',
      hours: { 'zh-CN': '周一至周五', 'zh-HK': '星期一至五', en: 'Mon–Fri' },
      showQr: false,
      chatAccount: null,
      version: 0,
    };
    expect(issues(ServiceUpdateSchema, service)).toEqual({});
    expect(issues(ServiceUpdateSchema, { ...service, phoneHk: 'call us' })).toEqual({
      phoneHk: 'content_phone_invalid',
    });
    expect(issues(ServiceUpdateSchema, { ...service, chatAccount: '1abc' })).toEqual({
      chatAccount: 'content_chat_account_invalid',
    });
    expect(issues(ServiceUpdateSchema, { ...service, chatAccount: 'hp_service' })).toEqual({});
  });
});
