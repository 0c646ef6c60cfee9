import { ErrorCode, translateError } from '@hk/domain';
import { ANNUAL_INCOME_BAND_IDS, NET_ASSET_BAND_IDS } from '@hk/domain/steps/financial/financial-bands';
import { describe, expect } from 'vitest';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  applicantBornOn,
  CASH_HK,
  confirmStepsBefore,
  EMPLOYED,
  saveStep,
  snapshotOf,
  stepInfo,
} from './step-profile-helpers';

const pgUrl = await findPostgres();

const GOOD = {
  annual_income: ANNUAL_INCOME_BAND_IDS[3],
  net_assets: NET_ASSET_BAND_IDS[2],
  income_sources: ['salary', 'investment_return'],
  asset_classes: ['cash', 'stock', 'fund'],
  funds_source: 'savings',
};

describe.each(DB_KINDS)('the financial step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  async function ready() {
    const user = await applicantBornOn(t);
    await confirmStepsBefore(t, user, 'financial', { account_type: CASH_HK, employment: EMPLOYED });
    return user;
  }

  run('each bad input at its field, in the language asked; nothing written', async () => {
    const user = await ready();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...GOOD, annual_income: 'income_over_9m' }, 'annual_income', 'annual_income_required'],
      [{ ...GOOD, net_assets: NET_ASSET_BAND_IDS.length }, 'net_assets', 'net_assets_required'],
      [{ ...GOOD, income_sources: undefined }, 'income_sources', 'income_sources_required'],
      [{ ...GOOD, income_sources: ['lottery'] }, 'income_sources', 'income_sources_required'],
      [{ ...GOOD, asset_classes: [] }, 'asset_classes', 'asset_classes_required'],
      [{ ...GOOD, asset_classes: ['cash', 'cash'] }, 'asset_classes', 'asset_classes_required'],
      [{ ...GOOD, funds_source: 'lottery' }, 'funds_source', 'funds_source_required'],
      [
        { ...GOOD, funds_source: 'other', funds_source_other: 'x'.repeat(201) },
        'funds_source_other',
        'funds_source_other_required',
      ],
      [
        { ...GOOD, funds_source: 'other', funds_source_other: '   ' },
        'funds_source_other',
        'funds_source_other_required',
      ],
    ];
    const before = await snapshotOf(t, user);
    for (const lang of ['zh-HK', 'en'] as const)
      for (const [answers, field, key] of cases) {
        const { json } = await saveStep(t, user, 'financial', { confirm: true, answers }, lang);
        expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], `${field} ${key}`).toBe(translateError(lang, key));
      }
    expect(await snapshotOf(t, user)).toEqual(before);
    const saved = await saveStep(t, user, 'financial', { confirm: true, answers: GOOD });
    expect(saved.json.data).toMatchObject({ confirmed: true, next_step: 'tax', reopened: [] });
    expect((await stepInfo(t, user, 'financial')).answers).toEqual(GOOD);
  });

  run('a draft keeps what is chosen so far; confirming drops what the form no longer sends', async () => {
    const user = await ready();
    const draft = await saveStep(t, user, 'financial', {
      answers: {
        annual_income: GOOD.annual_income,
        funds_source: 'other',
        funds_source_other: 'Sale of a boat',
      },
    });
    expect(draft.json.data).toMatchObject({ confirmed: false, next_step: 'financial' });
    expect((await stepInfo(t, user, 'financial')).answers).toEqual({
      annual_income: GOOD.annual_income,
      funds_source: 'other',
      funds_source_other: 'Sale of a boat',
    });
    const confirmed = await saveStep(t, user, 'financial', {
      confirm: true,
      answers: GOOD,
      step_version: draft.json.data.version,
    });
    expect(confirmed.json.status).toBe(0);
    expect((await stepInfo(t, user, 'financial')).answers).toEqual(GOOD);
  });

  run('a stale step_version is refused (2007) and overwrites nothing', async () => {
    const user = await ready();
    const first = await saveStep(t, user, 'financial', { confirm: true, answers: GOOD });
    const changed = { ...GOOD, income_sources: ['pension'] };
    expect(
      (
        await saveStep(t, user, 'financial', {
          confirm: true,
          answers: changed,
          step_version: first.json.data.version,
        })
      ).json.status,
    ).toBe(0);
    const before = await snapshotOf(t, user);
    const stale = await saveStep(t, user, 'financial', {
      confirm: true,
      answers: GOOD,
      step_version: first.json.data.version,
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshotOf(t, user)).toEqual(before);
    expect((await stepInfo(t, user, 'financial')).answers).toEqual(changed);
  });

  run('needs the employment step first; each applicant reads only their own', async () => {
    const early = await applicantBornOn(t);
    await confirmStepsBefore(t, early, 'employment', { account_type: CASH_HK });
    expect((await saveStep(t, early, 'financial', { confirm: true, answers: GOOD })).json.status).toBe(
      ErrorCode.STEP_NOT_READY,
    );
    const a = await ready();
    const b = await ready();
    expect((await saveStep(t, a, 'financial', { confirm: true, answers: GOOD })).json.status).toBe(0);
    expect(await stepInfo(t, b, 'financial')).toMatchObject({ version: 0, answers: {} });
    expect((await stepInfo(t, a, 'financial')).answers).toEqual(GOOD);
  });
});
