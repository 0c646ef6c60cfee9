// The financial step's form on the generic step call (issue #6 step 5): income and net-asset
// bands, income sources, asset classes and the source of the funds (./financial-bands.ts).
import * as z from 'zod/mini';
import { formList } from '../../contracts/common.schema';
import { draftText, typedText } from '../../text';
import type { StepForm } from '../step-form';
import { ANNUAL_INCOME_BAND_IDS, ASSET_CLASSES, INCOME_SOURCES, NET_ASSET_BAND_IDS } from './financial-bands';

const distinct = (v: readonly unknown[]) => new Set(v).size === v.length;
const choices = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
  formList(z.enum(values, { error: key })).check(z.minLength(1, key), z.refine(distinct, key));

/** Where the money for this account comes from (spec §3 names the field; these are the usual answers). */
export const FUNDS_SOURCES = [
  'salary',
  'business_income',
  'savings',
  'investment_return',
  'pension',
  'inheritance_or_gift',
  'sale_of_property',
  'other',
] as const;

/** spec §3: income and net-asset bands (HKD), income sources, asset classes, source of the funds. */
export const financialForm: StepForm = {
  draft: z.partial(
    z.object({
      annual_income: z.enum(ANNUAL_INCOME_BAND_IDS as unknown as [string, ...string[]]),
      net_assets: z.enum(NET_ASSET_BAND_IDS as unknown as [string, ...string[]]),
      income_sources: z.array(z.enum(INCOME_SOURCES)),
      asset_classes: z.array(z.enum(ASSET_CLASSES)),
      funds_source: z.enum(FUNDS_SOURCES),
      funds_source_other: draftText(200),
    }),
  ),
  schema: () =>
    z
      .object({
        annual_income: z.enum(ANNUAL_INCOME_BAND_IDS as unknown as [string, ...string[]], {
          error: 'annual_income_required',
        }),
        net_assets: z.enum(NET_ASSET_BAND_IDS as unknown as [string, ...string[]], {
          error: 'net_assets_required',
        }),
        income_sources: choices(INCOME_SOURCES, 'income_sources_required'),
        asset_classes: choices(ASSET_CLASSES, 'asset_classes_required'),
        funds_source: z.enum(FUNDS_SOURCES, { error: 'funds_source_required' }),
        funds_source_other: z.optional(typedText({ max: 200, tooLongKey: 'funds_source_other_required' })),
      })
      .check(
        z.superRefine((v, ctx) => {
          if (v.funds_source === 'other' && !v.funds_source_other)
            ctx.addIssue({
              code: 'custom',
              path: ['funds_source_other'],
              message: 'funds_source_other_required',
              input: v,
            });
        }),
      ),
};
