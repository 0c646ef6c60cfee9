import type { Language } from '@hk/domain';
import type { MoneyBand } from '@hk/domain/steps/financial/financial-bands';
import type { TFunction } from 'i18next';

const LOCALE: Record<Language, string> = { 'zh-CN': 'zh-CN', 'zh-HK': 'zh-HK', en: 'en-HK' };

/**
 * A band's label in the person's language, from the band itself (steps/financial/financial-bands.ts): the first
 * band reads "below 100,000", the last "above 3,000,000", the others "300,001 – 600,000" (whole
 * Hong Kong dollars).
 */
export function bandLabel(band: MoneyBand, index: number, t: TFunction, lang: Language): string {
  const format = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 0 });
  // whole dollars: a band starting one cent above 300,000 starts at 300,001
  const from = (cents: number) => format.format(Math.ceil(cents / 100));
  const to = (cents: number) => format.format(Math.floor(cents / 100));
  if (band.maxCents === null) return t('financial:band_above', { amount: to(band.minCents - 1) });
  if (index === 0) return t('financial:band_below', { amount: from(band.maxCents + 1) });
  return t('financial:band_range', { from: from(band.minCents), to: to(band.maxCents) });
}
