import { describe, expect, it } from 'vitest';
import { checkIsIsoDate } from '../id-documents';
import {
  checkIsHongKongHoliday,
  checkIsInHolidayList,
  HK_PUBLIC_HOLIDAYS,
  HOLIDAY_LIST_COVERS,
  hongKongHolidayOn,
} from './hong-kong-holidays';

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
const dates = HK_PUBLIC_HOLIDAYS.map((d) => d.date);

/** Anonymous Gregorian computus (Meeus ch. 8), independent of the list. */
function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const hh = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - hh - k) % 7;
  const m = Math.floor((a + 11 * hh + 22 * l) / 451);
  const month = Math.floor((hh + l - 7 * m + 114) / 31);
  const day = ((hh + l - 7 * m + 114) % 31) + 1;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const addDays = (isoDate: string, n: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('HK_PUBLIC_HOLIDAYS', () => {
  it('has the 17 general holidays of each covered year (besides Sundays)', () => {
    expect(dates.filter((d) => d.startsWith('2026-'))).toHaveLength(17);
    expect(dates.filter((d) => d.startsWith('2027-'))).toHaveLength(17);
    expect(dates.every(checkIsInHolidayList)).toBe(true);
  });

  it('is sorted, without duplicates, of real dates', () => {
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates.every(checkIsIsoDate)).toBe(true);
  });

  it('lists no Sunday: a festival on a Sunday is listed on its substitute day', () => {
    expect(dates.filter((d) => weekday(d) === 0)).toEqual([]);
  });

  it('has a name in every language', () => {
    for (const d of HK_PUBLIC_HOLIDAYS) {
      expect(d.name.en, d.date).toMatch(/\w/);
      expect(d.name['zh-HK'], d.date).toMatch(/[\u4e00-\u9fff]/);
      expect(d.name['zh-CN'], d.date).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('has the 2026 list as gazetted', () => {
    expect(dates.filter((d) => d.startsWith('2026-'))).toEqual([
      '2026-01-01',
      '2026-02-17',
      '2026-02-18',
      '2026-02-19',
      '2026-04-03',
      '2026-04-04',
      '2026-04-06',
      '2026-04-07',
      '2026-05-01',
      '2026-05-25',
      '2026-06-19',
      '2026-07-01',
      '2026-09-26',
      '2026-10-01',
      '2026-10-19',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('has the 2027 list as derived (to compare with the gazette when it is published)', () => {
    expect(dates.filter((d) => d.startsWith('2027-'))).toEqual([
      '2027-01-01',
      '2027-02-06',
      '2027-02-08',
      '2027-02-09',
      '2027-03-26',
      '2027-03-27',
      '2027-03-29',
      '2027-04-05',
      '2027-05-01',
      '2027-05-13',
      '2027-06-09',
      '2027-07-01',
      '2027-09-16',
      '2027-10-01',
      '2027-10-08',
      '2027-12-25',
      '2027-12-27',
    ]);
  });

  it('has Good Friday and the day following on the computus Easter, every year', () => {
    for (const y of [2026, 2027]) {
      const easter = easterSunday(y);
      expect(hongKongHolidayOn(addDays(easter, -2))?.name.en).toBe('Good Friday');
      expect(hongKongHolidayOn(addDays(easter, -1))?.name.en).toBe('The day following Good Friday');
    }
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('moves Ching Ming 2026 (a Sunday, also Easter) to Monday and Easter Monday to Tuesday', () => {
    expect(weekday('2026-04-05')).toBe(0);
    expect(checkIsHongKongHoliday('2026-04-05')).toBe(false);
    expect(hongKongHolidayOn('2026-04-06')?.name.en).toBe('The day following Ching Ming Festival');
    expect(hongKongHolidayOn('2026-04-07')?.name.en).toBe('The day following Easter Monday');
    expect(hongKongHolidayOn('2027-04-05')?.name.en).toBe('Ching Ming Festival');
    expect(hongKongHolidayOn('2027-03-29')?.name.en).toBe('Easter Monday');
  });

  it('adds the fourth day of Lunar New Year 2027, whose second day is a Sunday', () => {
    expect(weekday('2027-02-07')).toBe(0);
    expect(checkIsHongKongHoliday('2027-02-06')).toBe(true);
    expect(checkIsHongKongHoliday('2027-02-07')).toBe(false);
    expect(hongKongHolidayOn('2027-02-09')?.name['zh-HK']).toBe('農曆年初四');
  });

  it('substitutes the Sunday festivals of 2026 (Buddha, Chung Yeung) on the Monday', () => {
    expect(weekday('2026-05-24')).toBe(0);
    expect(hongKongHolidayOn('2026-05-25')?.name['zh-HK']).toBe('佛誕翌日');
    expect(weekday('2026-10-18')).toBe(0);
    expect(hongKongHolidayOn('2026-10-19')?.name['zh-HK']).toBe('重陽節翌日');
  });

  it('keeps the first weekday after Christmas on a Saturday (2026) and skips the Sunday (2027)', () => {
    expect(weekday('2026-12-26')).toBe(6);
    expect(checkIsHongKongHoliday('2026-12-26')).toBe(true);
    expect(checkIsHongKongHoliday('2027-12-26')).toBe(false);
    expect(hongKongHolidayOn('2027-12-27')?.name.en).toBe('The first weekday after Christmas Day');
  });

  it('has the lunar festivals of 2027 on their days', () => {
    expect(hongKongHolidayOn('2027-05-13')?.name.en).toBe('The Birthday of the Buddha');
    expect(hongKongHolidayOn('2027-06-09')?.name.en).toBe('Tuen Ng Festival');
    expect(hongKongHolidayOn('2027-09-16')?.name.en).toBe(
      'The day following the Chinese Mid-Autumn Festival',
    );
    expect(hongKongHolidayOn('2027-10-08')?.name.en).toBe('Chung Yeung Festival');
  });
});

describe('checkIsHongKongHoliday', () => {
  it('is false on ordinary days, the day before a holiday and an unlisted Saturday', () => {
    expect(checkIsHongKongHoliday('2026-12-01')).toBe(false);
    expect(checkIsHongKongHoliday('2026-02-16')).toBe(false);
    expect(checkIsHongKongHoliday('2026-09-25')).toBe(false); // Mid-Autumn itself: the day following is the holiday
    expect(checkIsHongKongHoliday('2026-03-07')).toBe(false);
  });
  it('is false outside the list and for malformed input', () => {
    expect(checkIsHongKongHoliday('2028-01-01')).toBe(false);
    expect(checkIsHongKongHoliday('2026-1-1')).toBe(false);
    expect(checkIsHongKongHoliday('')).toBe(false);
  });
});

describe('HOLIDAY_LIST_COVERS', () => {
  it('covers 2026 and 2027 exactly', () => {
    expect(HOLIDAY_LIST_COVERS).toEqual({ from: '2026-01-01', to: '2027-12-31' });
    expect(checkIsInHolidayList('2026-01-01')).toBe(true);
    expect(checkIsInHolidayList('2027-12-31')).toBe(true);
    expect(checkIsInHolidayList('2025-12-31')).toBe(false);
    expect(checkIsInHolidayList('2028-01-01')).toBe(false);
  });
});
