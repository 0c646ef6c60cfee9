import { describe, expect, it } from 'vitest';
import {
  ANNUAL_INCOME_BAND_IDS,
  ANNUAL_INCOME_BANDS,
  ASSET_CLASSES,
  bandOf,
  INCOME_SOURCES,
  type MoneyBand,
  NET_ASSET_BAND_IDS,
  NET_ASSET_BANDS,
} from './financial-bands';

const HKD = 100;

/** Contiguous from 0, each band starting one cent after the one before ends, open only at the top. */
function gapsAndOverlaps(bands: readonly MoneyBand[]): string[] {
  const faults: string[] = [];
  if (bands[0]?.minCents !== 0) faults.push('does not start at 0');
  bands.forEach((b, i) => {
    if (!Number.isSafeInteger(b.minCents)) faults.push(`${b.id}: min not whole cents`);
    if (b.maxCents !== null && !Number.isSafeInteger(b.maxCents)) faults.push(`${b.id}: max not whole cents`);
    if (b.maxCents !== null && b.maxCents < b.minCents) faults.push(`${b.id}: empty`);
    if (b.maxCents === null && i !== bands.length - 1) faults.push(`${b.id}: open but not last`);
    const next = bands[i + 1];
    if (next && b.maxCents !== null && next.minCents !== b.maxCents + 1)
      faults.push(`${b.id} → ${next.id}: ${next.minCents - b.maxCents - 1} cents apart`);
  });
  if (bands.at(-1)?.maxCents !== null) faults.push('closed at the top');
  return faults;
}

describe('the contiguity check itself finds gaps and overlaps', () => {
  it('finds a gap, an overlap, an open band in the middle and a closed top', () => {
    expect(
      gapsAndOverlaps([
        { id: 'a', minCents: 0, maxCents: 99 },
        { id: 'b', minCents: 101, maxCents: 200 },
        { id: 'c', minCents: 150, maxCents: null },
        { id: 'd', minCents: 300, maxCents: 400 },
      ]),
    ).toEqual([
      'a → b: 1 cents apart',
      'b → c: -51 cents apart',
      'c: open but not last',
      'closed at the top',
    ]);
  });
});

describe.each([
  ['ANNUAL_INCOME_BANDS', ANNUAL_INCOME_BANDS, ANNUAL_INCOME_BAND_IDS],
  ['NET_ASSET_BANDS', NET_ASSET_BANDS, NET_ASSET_BAND_IDS],
] as const)('%s', (_name, bands, ids) => {
  it('are contiguous with no gap or overlap, from 0 and open at the top', () => {
    expect(gapsAndOverlaps(bands)).toEqual([]);
  });
  it('have distinct snake_case ids, listed in the same order', () => {
    expect(new Set(ids).size).toBe(bands.length);
    expect(ids).toEqual(bands.map((b) => b.id));
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });
  it('every cent from 0 to past the top band falls in exactly one band', () => {
    const probes = bands.flatMap((b) => [
      b.minCents,
      b.minCents + 1,
      ...(b.maxCents === null ? [b.minCents * 10] : [b.maxCents - 1, b.maxCents, b.maxCents + 1]),
    ]);
    for (const cents of probes) {
      expect(
        bands.filter((b) => cents >= b.minCents && (b.maxCents === null || cents <= b.maxCents)),
        String(cents),
      ).toHaveLength(1);
    }
  });
});

describe('annual income bands (HKD)', () => {
  it.each([
    [0, 'income_under_100k'],
    [99_999 * HKD + 99, 'income_under_100k'],
    [100_000 * HKD, 'income_100k_to_300k'],
    [300_000 * HKD, 'income_100k_to_300k'],
    [300_000 * HKD + 1, 'income_300k_to_600k'],
    [300_001 * HKD, 'income_300k_to_600k'],
    [600_000 * HKD, 'income_300k_to_600k'],
    [600_001 * HKD, 'income_600k_to_1m'],
    [1_000_000 * HKD, 'income_600k_to_1m'],
    [1_000_001 * HKD, 'income_1m_to_3m'],
    [3_000_000 * HKD, 'income_1m_to_3m'],
    [3_000_000 * HKD + 1, 'income_over_3m'],
    [1_000_000_000 * HKD, 'income_over_3m'],
  ])('%d cents → %s', (cents, id) => {
    expect(bandOf(cents, ANNUAL_INCOME_BANDS)?.id).toBe(id);
  });
});

describe('net asset bands (HKD)', () => {
  it.each([
    [0, 'net_assets_under_500k'],
    [500_000 * HKD - 1, 'net_assets_under_500k'],
    [500_000 * HKD, 'net_assets_500k_to_1m'],
    [1_000_000 * HKD, 'net_assets_500k_to_1m'],
    [1_000_000 * HKD + 1, 'net_assets_1m_to_3m'],
    [3_000_000 * HKD, 'net_assets_1m_to_3m'],
    [3_000_001 * HKD, 'net_assets_3m_to_5m'],
    [5_000_000 * HKD, 'net_assets_3m_to_5m'],
    [5_000_001 * HKD, 'net_assets_5m_to_10m'],
    [10_000_000 * HKD, 'net_assets_5m_to_10m'],
    [10_000_000 * HKD + 1, 'net_assets_over_10m'],
  ])('%d cents → %s', (cents, id) => {
    expect(bandOf(cents, NET_ASSET_BANDS)?.id).toBe(id);
  });
});

describe('bandOf: bad input', () => {
  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])(
    '%d is in no band',
    (cents) => {
      expect(bandOf(cents, ANNUAL_INCOME_BANDS)).toBeUndefined();
    },
  );
  it('an amount in a gap of a faulty list is in no band', () => {
    const gappy = [
      { id: 'a', minCents: 0, maxCents: 99 },
      { id: 'b', minCents: 200, maxCents: null },
    ];
    expect(bandOf(150, gappy)).toBeUndefined();
    expect(bandOf(200, gappy)?.id).toBe('b');
  });
});

describe('spec §3 enumerations', () => {
  it('income sources', () => {
    expect(INCOME_SOURCES).toEqual([
      'salary',
      'self_employed_income',
      'investment_return',
      'savings',
      'pension',
    ]);
  });
  it('asset classes', () => {
    expect(ASSET_CLASSES).toEqual(['cash', 'property', 'fund', 'stock']);
  });
});
