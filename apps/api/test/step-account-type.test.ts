import { ErrorCode, hongKongToday, translateError } from '@hk/domain';
import { ASSET_PROOF_TYPES } from '@hk/domain/steps/account-type/account-rules';
import { describe, expect } from 'vitest';
import { images, upload } from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  applicantBornOn,
  CASH_HK,
  confirmDirectly,
  saveStep,
  snapshotOf,
  stepInfo,
  yearsBefore,
} from './step-profile-helpers';

const pgUrl = await findPostgres();

// What step-forms.test.ts already covers (each bad choice, a student refused margin, the 65+ amount
// and age of the proof, a stale version, drafts) is not repeated: this suite adds the proof's type
// and images, the age counted on today in Hong Kong, futures against the investment step's answer,
// another user's documents, and that a refusal writes nothing.
describe.each(DB_KINDS)('the account type step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);
  const today = () => hongKongToday(t.clock.now);
  const MARGIN = { ...CASH_HK, securities: 'margin', markets: ['HK', 'US'] };

  async function senior() {
    const user = await applicantBornOn(t, yearsBefore(today(), 70));
    await confirmDirectly(t, user, ['address']);
    return user;
  }

  run(
    '65+ margin: each bad input of the proof at its field, in the language asked, nothing written',
    async () => {
      const user = await senior();
      expect((await upload(t, user.token, 'asset_proof', await images.jpeg())).json.status).toBe(0);
      const good = {
        ...MARGIN,
        asset_proof_type: 'securities_statement',
        asset_proof_amount_cents: 80_000_000,
        asset_proof_issued_on: today(),
      };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...good, asset_proof_type: 'lottery_ticket' }, 'asset_proof_type', 'asset_proof_type_required'],
        [{ ...good, asset_proof_type: undefined }, 'asset_proof_type', 'asset_proof_type_required'],
        [
          { ...good, asset_proof_amount_cents: undefined },
          'asset_proof_amount_cents',
          'asset_proof_amount_invalid',
        ],
        [
          { ...good, asset_proof_amount_cents: '600000.50' },
          'asset_proof_amount_cents',
          'asset_proof_amount_invalid',
        ],
        [
          { ...good, asset_proof_amount_cents: 50_000_000 },
          'asset_proof_amount_cents',
          'asset_proof_too_low',
        ],
        [{ ...good, asset_proof_issued_on: undefined }, 'asset_proof_issued_on', 'asset_proof_date_required'],
        [
          { ...good, asset_proof_issued_on: yearsBefore(today(), 1) },
          'asset_proof_issued_on',
          'asset_proof_too_old',
        ],
        [
          { ...good, asset_proof_issued_on: yearsBefore(today(), 0, 1) },
          'asset_proof_issued_on',
          'asset_proof_in_future',
        ],
      ];
      const before = await snapshotOf(t, user);
      for (const lang of ['zh-HK', 'en'] as const)
        for (const [answers, field, key] of cases) {
          const { json } = await saveStep(t, user, 'account_type', { confirm: true, answers }, lang);
          expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
          expect(json.data.fields[field], `${field} ${key}`).toBe(translateError(lang, key));
        }
      expect(await snapshotOf(t, user)).toEqual(before);
      for (const type of ASSET_PROOF_TYPES) {
        const ok = await saveStep(t, user, 'account_type', {
          confirm: true,
          answers: { ...good, asset_proof_type: type },
        });
        expect(ok.json.status, type).toBe(0);
      }
      expect((await stepInfo(t, user, 'account_type')).answers).toEqual({
        ...good,
        asset_proof_type: 'tax_demand_note',
      });
    },
  );

  run('65 is counted on today in Hong Kong, from the ID step\u2019s birth date', async () => {
    // 65 today: margin needs the proof
    const sixtyFive = await applicantBornOn(t, yearsBefore(today(), 65));
    // the screen reads the same birth date from the identity step's info
    expect((await stepInfo(t, sixtyFive, 'identity')).answers.birth_date).toBe(yearsBefore(today(), 65));
    await confirmDirectly(t, sixtyFive, ['address']);
    const refused = await saveStep(t, sixtyFive, 'account_type', { confirm: true, answers: MARGIN });
    expect(refused.json.data.fields).toEqual({
      asset_proof: translateError('en', 'margin_needs_asset_proof'),
    });
    // 65 tomorrow: not yet
    const sixtyFour = await applicantBornOn(t, yearsBefore(today(), 65, 1));
    await confirmDirectly(t, sixtyFour, ['address']);
    expect(
      (await saveStep(t, sixtyFour, 'account_type', { confirm: true, answers: MARGIN })).json.status,
    ).toBe(0);
    // a proof sent by someone who needs none is not kept
    const kept = await saveStep(t, sixtyFour, 'account_type', {
      confirm: true,
      answers: { ...MARGIN, asset_proof_type: 'bank_statement', asset_proof_amount_cents: 1 },
    });
    expect(kept.json.status).toBe(0);
    expect((await stepInfo(t, sixtyFour, 'account_type')).answers).toEqual(MARGIN);
  });

  run(
    'the proof\u2019s images are the applicant\u2019s own asset_proof documents; cash needs none',
    async () => {
      const other = await senior();
      expect((await upload(t, other.token, 'asset_proof', await images.jpeg())).json.status).toBe(0);
      const user = await senior();
      const answers = {
        ...MARGIN,
        asset_proof_type: 'bank_statement',
        asset_proof_amount_cents: 50_000_001,
        asset_proof_issued_on: today(),
      };
      // another user's image does not count, nor one of another kind
      const none = await saveStep(t, user, 'account_type', { confirm: true, answers });
      expect(none.json.data.fields).toEqual({
        asset_proof: translateError('en', 'margin_needs_asset_proof'),
      });
      expect((await upload(t, user.token, 'employer_consent', await images.jpeg())).json.status).toBe(0);
      const wrongKind = await saveStep(t, user, 'account_type', { confirm: true, answers });
      expect(wrongKind.json.data.fields.asset_proof).toBe(translateError('en', 'margin_needs_asset_proof'));
      // 1 to 3 images: a fourth is refused at upload
      for (let i = 0; i < 3; i++)
        expect((await upload(t, user.token, 'asset_proof', await images.jpeg())).json.status).toBe(0);
      expect((await upload(t, user.token, 'asset_proof', await images.jpeg())).json.status).toBe(
        ErrorCode.UPLOAD_COUNT_EXCEEDED,
      );
      const saved = await saveStep(t, user, 'account_type', { confirm: true, answers });
      expect(saved.json.data).toMatchObject({ confirmed: true, next_step: 'personal' });
      // the other way out: cash, and the proof's answers go
      const cash = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, asset_proof_type: 'bank_statement' },
        step_version: saved.json.data.version,
      });
      expect(cash.json.status).toBe(0);
      expect((await stepInfo(t, user, 'account_type')).answers).toEqual(CASH_HK);
      expect((await stepInfo(t, other, 'account_type')).documents.map((d) => d.kind)).toEqual([
        'asset_proof',
      ]);
    },
  );

  run(
    'futures: refused once the investment step says there is no derivatives knowledge, allowed with it',
    async () => {
      const user = await applicantBornOn(t);
      await confirmDirectly(t, user, ['address']);
      const futures = { ...CASH_HK, futures: true };
      // not answered yet: nothing to refuse (saving the investment step later re-runs the rule)
      expect((await saveStep(t, user, 'account_type', { confirm: true, answers: futures })).json.status).toBe(
        0,
      );
      await confirmDirectly(t, user, ['investment'], { derivatives_knowledge: [] });
      const before = await snapshotOf(t, user);
      const refused = await saveStep(t, user, 'account_type', { confirm: true, answers: futures }, 'zh-CN');
      expect(refused.json.data.fields).toEqual({
        futures: translateError('zh-CN', 'futures_needs_derivatives_knowledge'),
      });
      expect(await snapshotOf(t, user)).toEqual(before);
      expect((await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK })).json.status).toBe(
        0,
      );
      await confirmDirectly(t, user, ['investment'], { derivatives_knowledge: ['training'] });
      expect((await saveStep(t, user, 'account_type', { confirm: true, answers: futures })).json.status).toBe(
        0,
      );
      expect(
        (
          await import('./application-helpers').then((m) =>
            m.post(t, '/v9/OpenAccountHk/info', {}, { token: user.token }),
          )
        ).json.data.is_future_account.value,
      ).toBe('1');
    },
  );
});
