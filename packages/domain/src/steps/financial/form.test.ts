// The financial form (issue #6 step 5): what its schema keeps and refuses.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { StepFormContext } from '../../flow/step-forms';
import { ANNUAL_INCOME_BAND_IDS, NET_ASSET_BAND_IDS } from './financial-bands';
import { financialForm } from './form';

const ctx = (): StepFormContext => ({
  today: '2026-05-15',
  facts: { markets: [], answers: {} },
  documentCounts: {},
});

describe('financial form', () => {
  it('a band of each list, several sources and classes, and words for "other"', () => {
    const good = {
      annual_income: ANNUAL_INCOME_BAND_IDS[0],
      net_assets: NET_ASSET_BAND_IDS.at(-1),
      income_sources: ['pension', 'savings'],
      asset_classes: ['property'],
      funds_source: 'other',
      funds_source_other: 'Sale of a family business',
    };
    expect(z.parse(financialForm.schema(ctx()), good)).toEqual(good);
    expect(z.safeParse(financialForm.schema(ctx()), { ...good, funds_source_other: '' }).success).toBe(false);
    expect(
      z.safeParse(financialForm.schema(ctx()), { ...good, net_assets: ANNUAL_INCOME_BAND_IDS[1] }).success,
    ).toBe(false);
  });
});
