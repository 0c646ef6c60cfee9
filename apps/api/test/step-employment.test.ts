import { ErrorCode, translateError } from '@hk/domain';
import { describe, expect } from 'vitest';
import { post } from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  applicantBornOn,
  CASH_HK,
  confirmDirectly,
  confirmStepsBefore,
  EMPLOYED,
  saveStep,
  snapshotOf,
  stepInfo,
} from './step-profile-helpers';

const pgUrl = await findPostgres();

describe.each(DB_KINDS)('the employment step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  /** An applicant whose steps before employment are confirmed (account type through the real call). */
  async function ready(securities: 'cash' | 'margin' = 'cash') {
    const user = await applicantBornOn(t);
    await confirmStepsBefore(t, user, 'employment', { account_type: { ...CASH_HK, securities } });
    return user;
  }

  run('each bad input at its field, in the language asked; nothing written; never a 5xx', async () => {
    const user = await ready();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...EMPLOYED, status: 'pilot' }, 'status', 'employment_status_required'],
      [{ status: undefined }, 'status', 'employment_status_required'],
      [{ ...EMPLOYED, company_name: '   ' }, 'company_name', 'company_name_required'],
      [{ ...EMPLOYED, company_name: 'x'.repeat(201) }, 'company_name', 'company_name_required'],
      [{ ...EMPLOYED, industry: 'mining' }, 'industry', 'industry_required'],
      [{ ...EMPLOYED, position: 'p'.repeat(101) }, 'position', 'position_required'],
      [{ ...EMPLOYED, job_level: 'ceo' }, 'job_level', 'job_level_required'],
      [{ ...EMPLOYED, department: 'd'.repeat(101) }, 'department', 'department_too_long'],
      [{ ...EMPLOYED, years_of_service: 61 }, 'years_of_service', 'years_of_service_invalid'],
      [{ ...EMPLOYED, years_of_service: -1 }, 'years_of_service', 'years_of_service_invalid'],
      [{ ...EMPLOYED, years_of_service: 'seven' }, 'years_of_service', 'years_of_service_invalid'],
      [{ ...EMPLOYED, status: 'self_employed', position: undefined }, 'position', 'position_required'],
    ];
    const before = await snapshotOf(t, user);
    for (const lang of ['zh-CN', 'en'] as const)
      for (const [answers, field, key] of cases) {
        const { json } = await saveStep(t, user, 'employment', { confirm: true, answers }, lang);
        expect(json.status, `${field} ${key}`).toBe(ErrorCode.VALIDATION_FAILED);
        expect(json.data.fields[field], `${field} ${key}`).toBe(translateError(lang, key));
      }
    // a draft is parsed too: an industry that is not one is refused there as well
    const draft = await saveStep(t, user, 'employment', {
      answers: { status: 'employed', industry: 'mining' },
    });
    expect(draft.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(draft.json.data.fields)).toEqual(['industry']);
    expect(await snapshotOf(t, user)).toEqual(before);
    const saved = await saveStep(t, user, 'employment', {
      confirm: true,
      answers: { ...EMPLOYED, years_of_service: '7' },
    });
    expect(saved.json.data).toMatchObject({ confirmed: true, next_step: 'financial', reopened: [] });
    expect((await stepInfo(t, user, 'employment')).answers).toEqual(EMPLOYED);
  });

  run('the retired, homemakers and the unemployed skip the job: nothing of it is kept', async () => {
    const user = await ready();
    for (const status of ['retired', 'housewife', 'unemployed', 'student']) {
      const { json } = await saveStep(t, user, 'employment', {
        confirm: true,
        answers: { ...EMPLOYED, status },
      });
      expect(json.status, status).toBe(0);
      expect((await stepInfo(t, user, 'employment')).answers, status).toEqual({ status });
    }
  });

  run(
    'a change to student after margin was confirmed reopens the account type with why, and the flow goes back there',
    async () => {
      const user = await ready('margin');
      const employed = await saveStep(t, user, 'employment', { confirm: true, answers: EMPLOYED });
      expect(employed.json.data).toMatchObject({ reopened: [], next_step: 'financial' });
      const student = await saveStep(t, user, 'employment', {
        confirm: true,
        answers: { status: 'student' },
        step_version: employed.json.data.version,
      });
      expect(student.json.data).toMatchObject({
        confirmed: true,
        next_step: 'account_type',
        reopened: [{ step: 'account_type', reason: 'margin_not_for_students' }],
      });
      const accountType = await stepInfo(t, user, 'account_type');
      expect(accountType).toMatchObject({ confirmed_at: null, reopened_reason: 'margin_not_for_students' });
      const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(status.json.data.next_step).toBe('account_type');
      // margin again is refused with the reason; cash goes through and the flow moves on
      const margin = await saveStep(t, user, 'account_type', {
        confirm: true,
        answers: { ...CASH_HK, securities: 'margin' },
      });
      expect(margin.json.data.fields.securities).toBe(translateError('en', 'margin_not_for_students'));
      const cash = await saveStep(t, user, 'account_type', { confirm: true, answers: CASH_HK });
      expect(cash.json.data).toMatchObject({ confirmed: true, next_step: 'financial' });
      // a cash account is not reopened by a student's employment
      const again = await saveStep(t, user, 'employment', { confirm: true, answers: EMPLOYED });
      const back = await saveStep(t, user, 'employment', { confirm: true, answers: { status: 'student' } });
      expect(again.json.status).toBe(0);
      expect(back.json.data.reopened).toEqual([]);
    },
  );

  run('a stale step_version is refused (2007) and overwrites nothing', async () => {
    const user = await ready();
    const first = await saveStep(t, user, 'employment', { confirm: true, answers: EMPLOYED });
    const second = await saveStep(t, user, 'employment', {
      confirm: true,
      answers: { status: 'retired' },
      step_version: first.json.data.version,
    });
    expect(second.json.status).toBe(0);
    const before = await snapshotOf(t, user);
    const stale = await saveStep(t, user, 'employment', {
      confirm: true,
      answers: EMPLOYED,
      step_version: first.json.data.version,
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await snapshotOf(t, user)).toEqual(before);
    expect((await stepInfo(t, user, 'employment')).answers).toEqual({ status: 'retired' });
  });

  run(
    'each applicant saves and reads only their own employment; it needs the account type first',
    async () => {
      const early = await applicantBornOn(t);
      await confirmDirectly(t, early, ['address', 'personal']);
      expect((await saveStep(t, early, 'employment', { confirm: true, answers: EMPLOYED })).json.status).toBe(
        ErrorCode.STEP_NOT_READY,
      );
      const a = await ready();
      const b = await ready();
      expect((await saveStep(t, a, 'employment', { confirm: true, answers: EMPLOYED })).json.status).toBe(0);
      // an id of someone else's application in the body changes nothing: the session decides
      const sneaky = await saveStep(t, b, 'employment', {
        confirm: true,
        answers: { status: 'retired' },
        user_id: a.userId,
        application_id: a.userId,
      });
      expect(sneaky.json.status).toBe(0);
      expect((await stepInfo(t, a, 'employment')).answers).toEqual(EMPLOYED);
      expect((await stepInfo(t, b, 'employment')).answers).toEqual({ status: 'retired' });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/v9/OpenAccountHk/step/employment',
        payload: { answers: EMPLOYED, confirm: true },
      });
      expect(anonymous.statusCode).toBeLessThan(500);
      expect(anonymous.json().status).not.toBe(0);
    },
  );
});
