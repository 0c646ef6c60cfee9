import type { Language } from '../constants';

/**
 * The general holidays of Hong Kong (General Holidays Ordinance, Cap. 149, Schedule), the days the
 * broker's offices and the banks are closed. Every Sunday is a general holiday too and is not listed:
 * a festival on a Sunday moves to the day the Ordinance names, and that day is what the gazette lists.
 * Saturdays are ordinary days in the Ordinance, so a festival on a Saturday stays there (and is listed).
 */
export interface HongKongHoliday {
  /** YYYY-MM-DD, Hong Kong date. */
  date: string;
  /** The name as gazetted, in each product language. */
  name: Record<Language, string>;
}

/** The years the list below covers: a date outside it cannot be told to be a working day. */
export const HOLIDAY_LIST_COVERS = { from: '2026-01-01', to: '2027-12-31' } as const;

const h = (date: string, en: string, zhHK: string, zhCN: string): HongKongHoliday => ({
  date,
  name: { en, 'zh-HK': zhHK, 'zh-CN': zhCN },
});

/*
 * How the dates were worked out.
 *
 * Lunar dates (Chinese calendar, months counted in China Standard Time, UTC+8): the first day of a
 * month is the day of the new moon. New moons computed with Meeus, "Astronomical Algorithms" ch. 49
 * (ΔT ≈ 69 s), and checked against the published Chinese calendar; no leap month in either year (the
 * months between the winter solstices of 2025–2026 and 2026–2027 number 12 each).
 *   2026: 1st month 17 Feb (new moon 20:01), 4th month 17 May (04:01), 5th 15 Jun (10:54),
 *         8th 11 Sep (11:26), 9th 10 Oct (23:50).
 *   2027: 1st month 6 Feb (new moon 23:56, a few minutes before midnight: the published calendars
 *         agree on 6 Feb), 4th month 6 May (18:58), 5th 5 Jun (03:40), 8th 1 Sep (01:41),
 *         9th 30 Sep (10:36).
 * Ching Ming: the day the sun reaches 15° ecliptic longitude in Hong Kong time: 5 Apr 2026
 * (02:27), 5 Apr 2027 (08:14).
 * Easter Sunday (Gregorian computus): 5 Apr 2026, 28 Mar 2027.
 *
 * Sunday rules (Cap. 149 Schedule): a festival on a Sunday moves to the next day that is not itself
 * a general holiday; any of the first three days of the Lunar New Year on a Sunday adds the fourth
 * day; Christmas on a Saturday leaves "the first weekday after Christmas Day" on the Monday (Sunday
 * is not a weekday); the day following Mid-Autumn on a Sunday would move to the Festival itself
 * (not the case in 2026 or 2027).
 *
 * 2026 is as gazetted (government press release of 16 May 2025). 2027 is derived by the same rules;
 * it is gazetted around mid-2026 and must be compared with the gazette then.
 */
export const HK_PUBLIC_HOLIDAYS: readonly HongKongHoliday[] = [
  // ── 2026 ──
  h('2026-01-01', 'The first day of January', '一月一日', '一月一日'), // Thu
  // Lunar New Year: 1st–3rd days of the 1st month, Tue–Thu, none on a Sunday
  h('2026-02-17', "Lunar New Year's Day", '農曆年初一', '农历年初一'),
  h('2026-02-18', 'The second day of Lunar New Year', '農曆年初二', '农历年初二'),
  h('2026-02-19', 'The third day of Lunar New Year', '農曆年初三', '农历年初三'),
  // Easter Sunday 5 Apr: Good Friday 3 Apr, the day following 4 Apr (Sat)
  h('2026-04-03', 'Good Friday', '耶穌受難節', '耶稣受难节'),
  h('2026-04-04', 'The day following Good Friday', '耶穌受難節翌日', '耶稣受难节翌日'),
  // Ching Ming 5 Apr is a Sunday (and Easter Sunday): its substitute takes Monday 6 Apr,
  h('2026-04-06', 'The day following Ching Ming Festival', '清明節翌日', '清明节翌日'),
  // so Easter Monday (also 6 Apr) moves to the next day that is not a holiday, Tue 7 Apr
  h('2026-04-07', 'The day following Easter Monday', '復活節星期一翌日', '复活节星期一翌日'),
  h('2026-05-01', 'Labour Day', '勞動節', '劳动节'), // Fri
  // 8th day of the 4th month (from 17 May) = Sun 24 May → Mon 25 May
  h('2026-05-25', 'The day following the Birthday of the Buddha', '佛誕翌日', '佛诞翌日'),
  // 5th day of the 5th month (from 15 Jun) = Fri 19 Jun
  h('2026-06-19', 'Tuen Ng Festival', '端午節', '端午节'),
  h(
    '2026-07-01',
    'Hong Kong Special Administrative Region Establishment Day',
    '香港特別行政區成立紀念日',
    '香港特别行政区成立纪念日',
  ), // Wed
  // 15th day of the 8th month (from 11 Sep) = Fri 25 Sep; the day following is Sat 26 Sep
  h('2026-09-26', 'The day following the Chinese Mid-Autumn Festival', '中秋節翌日', '中秋节翌日'),
  h('2026-10-01', 'National Day', '國慶日', '国庆日'), // Thu
  // 9th day of the 9th month (from 10 Oct) = Sun 18 Oct → Mon 19 Oct
  h('2026-10-19', 'The day following Chung Yeung Festival', '重陽節翌日', '重阳节翌日'),
  h('2026-12-25', 'Christmas Day', '聖誕節', '圣诞节'), // Fri
  // Sat 26 Dec is a weekday in the Ordinance's sense
  h('2026-12-26', 'The first weekday after Christmas Day', '聖誕節後第一個周日', '圣诞节后第一个周日'),

  // ── 2027 ──
  h('2027-01-01', 'The first day of January', '一月一日', '一月一日'), // Fri
  // Lunar New Year: 1st day Sat 6 Feb, 2nd day Sun 7 Feb (not listed: a Sunday), 3rd day Mon 8 Feb;
  // the 2nd day on a Sunday adds the 4th day, Tue 9 Feb
  h('2027-02-06', "Lunar New Year's Day", '農曆年初一', '农历年初一'),
  h('2027-02-08', 'The third day of Lunar New Year', '農曆年初三', '农历年初三'),
  h('2027-02-09', 'The fourth day of Lunar New Year', '農曆年初四', '农历年初四'),
  // Easter Sunday 28 Mar: Good Friday 26 Mar, the day following 27 Mar (Sat), Easter Monday 29 Mar
  h('2027-03-26', 'Good Friday', '耶穌受難節', '耶稣受难节'),
  h('2027-03-27', 'The day following Good Friday', '耶穌受難節翌日', '耶稣受难节翌日'),
  h('2027-03-29', 'Easter Monday', '復活節星期一', '复活节星期一'),
  // Ching Ming Mon 5 Apr
  h('2027-04-05', 'Ching Ming Festival', '清明節', '清明节'),
  h('2027-05-01', 'Labour Day', '勞動節', '劳动节'), // Sat
  // 8th day of the 4th month (from 6 May) = Thu 13 May
  h('2027-05-13', 'The Birthday of the Buddha', '佛誕', '佛诞'),
  // 5th day of the 5th month (from 5 Jun) = Wed 9 Jun
  h('2027-06-09', 'Tuen Ng Festival', '端午節', '端午节'),
  h(
    '2027-07-01',
    'Hong Kong Special Administrative Region Establishment Day',
    '香港特別行政區成立紀念日',
    '香港特别行政区成立纪念日',
  ), // Thu
  // 15th day of the 8th month (from 1 Sep) = Wed 15 Sep; the day following is Thu 16 Sep
  h('2027-09-16', 'The day following the Chinese Mid-Autumn Festival', '中秋節翌日', '中秋节翌日'),
  h('2027-10-01', 'National Day', '國慶日', '国庆日'), // Fri
  // 9th day of the 9th month (from 30 Sep) = Fri 8 Oct
  h('2027-10-08', 'Chung Yeung Festival', '重陽節', '重阳节'),
  // Christmas Sat 25 Dec; Sun 26 Dec is not a weekday, so the first weekday after is Mon 27 Dec
  h('2027-12-25', 'Christmas Day', '聖誕節', '圣诞节'),
  h('2027-12-27', 'The first weekday after Christmas Day', '聖誕節後第一個周日', '圣诞节后第一个周日'),
];

const BY_DATE = new Map(HK_PUBLIC_HOLIDAYS.map((d) => [d.date, d]));

/** Whether a date (YYYY-MM-DD) is within the years the list covers. */
export function checkIsInHolidayList(isoDate: string): boolean {
  return isoDate >= HOLIDAY_LIST_COVERS.from && isoDate <= HOLIDAY_LIST_COVERS.to;
}

/** Whether a date (YYYY-MM-DD) is a listed general holiday (Sundays excepted: see above). */
export function checkIsHongKongHoliday(isoDate: string): boolean {
  return BY_DATE.has(isoDate);
}

/** The holiday on that date, for saying why a day cannot be picked; undefined on other days. */
export function hongKongHolidayOn(isoDate: string): HongKongHoliday | undefined {
  return BY_DATE.get(isoDate);
}
