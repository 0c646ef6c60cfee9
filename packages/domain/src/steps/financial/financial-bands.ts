// Financial profile (spec §3: annual income band, net asset band, income sources, asset classes;
// issue #6 step 5). The spec names the fields, not the bands; these are ours, defined once here.

/**
 * A band of HKD amounts in cents, both ends included; `maxCents: null` is open above. Bands in a list
 * are contiguous: each starts one cent above the one before ends. Dollar labels read as a Hong Kong
 * broker's form does ("100,000 – 300,000", "300,001 – 600,000"): a boundary amount belongs to the
 * lower band, except the first boundary, which opens the second band ("below 100,000").
 */
export type MoneyBand = { id: string; minCents: number; maxCents: number | null };

const HKD = 100; // cents per dollar

/** Annual income in HKD. */
export const ANNUAL_INCOME_BANDS = [
  { id: 'income_under_100k', minCents: 0, maxCents: 100_000 * HKD - 1 },
  { id: 'income_100k_to_300k', minCents: 100_000 * HKD, maxCents: 300_000 * HKD },
  { id: 'income_300k_to_600k', minCents: 300_000 * HKD + 1, maxCents: 600_000 * HKD },
  { id: 'income_600k_to_1m', minCents: 600_000 * HKD + 1, maxCents: 1_000_000 * HKD },
  { id: 'income_1m_to_3m', minCents: 1_000_000 * HKD + 1, maxCents: 3_000_000 * HKD },
  { id: 'income_over_3m', minCents: 3_000_000 * HKD + 1, maxCents: null },
] as const satisfies readonly MoneyBand[];
export type AnnualIncomeBandId = (typeof ANNUAL_INCOME_BANDS)[number]['id'];
export const ANNUAL_INCOME_BAND_IDS = ANNUAL_INCOME_BANDS.map((b) => b.id) as readonly AnnualIncomeBandId[];

/** Net assets in HKD. */
export const NET_ASSET_BANDS = [
  { id: 'net_assets_under_500k', minCents: 0, maxCents: 500_000 * HKD - 1 },
  { id: 'net_assets_500k_to_1m', minCents: 500_000 * HKD, maxCents: 1_000_000 * HKD },
  { id: 'net_assets_1m_to_3m', minCents: 1_000_000 * HKD + 1, maxCents: 3_000_000 * HKD },
  { id: 'net_assets_3m_to_5m', minCents: 3_000_000 * HKD + 1, maxCents: 5_000_000 * HKD },
  { id: 'net_assets_5m_to_10m', minCents: 5_000_000 * HKD + 1, maxCents: 10_000_000 * HKD },
  { id: 'net_assets_over_10m', minCents: 10_000_000 * HKD + 1, maxCents: null },
] as const satisfies readonly MoneyBand[];
export type NetAssetBandId = (typeof NET_ASSET_BANDS)[number]['id'];
export const NET_ASSET_BAND_IDS = NET_ASSET_BANDS.map((b) => b.id) as readonly NetAssetBandId[];

/** spec §3 income sources (several may be chosen). */
export const INCOME_SOURCES = [
  'salary',
  'self_employed_income',
  'investment_return',
  'savings',
  'pension',
] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** spec §3 asset classes (several may be chosen). */
export const ASSET_CLASSES = ['cash', 'property', 'fund', 'stock'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/**
 * The band an amount (HKD cents) falls in, or undefined when none holds it: a negative amount, a
 * fraction of a cent, or a list with a gap. The form collects a band; this is for a figure the
 * person or a document gives.
 */
export function bandOf<B extends MoneyBand>(amountCents: number, bands: readonly B[]): B | undefined {
  if (!Number.isSafeInteger(amountCents)) return undefined;
  return bands.find((b) => amountCents >= b.minCents && (b.maxCents === null || amountCents <= b.maxCents));
}
