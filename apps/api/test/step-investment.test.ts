import { ErrorCode, translateError } from '@hk/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationSteps, applications } from '../src/db/schema';
import { post, type TestUser } from './application-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import {
  ALL_UNDER_A_YEAR,
  appoint,
  appointmentStatus,
  bookingState,
  confirmStepsBefore,
  createApplicant,
  SOME_YEARS,
  saveInvestment,
  TUESDAY_9AM_HK,
} from './investment-helpers';

const pgUrl = await findPostgres();

const GOOD = {
  purposes: ['capital_appreciation', 'dividend_yield'],
  experience: SOME_YEARS,
  derivatives_knowledge: [] as string[],
};

async function investmentRow(t: TestApp, user: TestUser) {
  const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
  const [row] = await t.app.ctx.db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'investment')));
  return row ?? null;
}

describe.each(DB_KINDS)('the investment step (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl, (app) => {
    app.clock.now = new Date(TUESDAY_9AM_HK);
  });

  async function readyApplicant() {
    const user = await createApplicant(t);
    await confirmStepsBefore(t, user, 'investment');
    return user;
  }

  run('each bad input is refused at its field, in the language asked, and nothing is written', async () => {
    const user = await readyApplicant();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...GOOD, purposes: [] }, 'purposes', 'investment_purpose_required'],
      [{ ...GOOD, purposes: 'hedging' }, 'purposes', 'investment_purpose_required'],
      [{ ...GOOD, purposes: ['speculation'] }, 'purposes', 'investment_purpose_invalid'],
      [{ ...GOOD, purposes: ['hedging', 'hedging'] }, 'purposes', 'investment_purpose_invalid'],
      [{ ...GOOD, experience: undefined }, 'experience', 'experience_required'],
      [{ ...GOOD, experience: { securities: 'gt5' } }, 'experience', 'experience_required'],
      [{ ...GOOD, experience: { ...SOME_YEARS, bond: '10' } }, 'experience', 'experience_required'],
      [{ ...GOOD, experience: 'none' }, 'experience', 'experience_required'],
      [
        { ...GOOD, derivatives_knowledge: undefined },
        'derivatives_knowledge',
        'derivatives_knowledge_required',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['self_study'] },
        'derivatives_knowledge',
        'derivatives_knowledge_invalid',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['training'] },
        'derivatives_training',
        'derivatives_training_required',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['work_experience'], derivatives_work: 'x'.repeat(201) },
        'derivatives_work',
        'derivatives_work_required',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['transactions'] },
        'derivatives_transactions',
        'derivatives_transactions_required',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['transactions'], derivatives_transactions: 4 },
        'derivatives_transactions',
        'derivatives_transactions_too_few',
      ],
      [
        { ...GOOD, derivatives_knowledge: ['transactions'], derivatives_transactions: 'lots' },
        'derivatives_transactions',
        'derivatives_transactions_required',
      ],
    ];
    const langs = ['zh-HK', 'en', 'zh-CN'] as const;
    for (const [i, [answers, field, key]] of refusals.entries()) {
      const lang = langs[i % langs.length]!;
      const res = await saveInvestment(t, user, { confirm: true, answers }, lang);
      expect(res.res.statusCode, key).toBeLessThan(500);
      expect(res.json.status, key).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.json.data.fields[field], key).toBe(translateError(lang, key));
    }
    // a draft is parsed too: a value outside the lists is refused
    const draft = await saveInvestment(t, user, { answers: { experience: { bond: 'forever' } } });
    expect(draft.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    const notAnObject = await saveInvestment(t, user, { confirm: true, answers: 'everything' });
    expect(notAnObject.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await investmentRow(t, user)).toBeNull();
  });

  run('SFC 5.1A: what the person says about each way of knowledge is stored with it', async () => {
    const user = await readyApplicant();
    const saved = await saveInvestment(t, user, {
      confirm: true,
      answers: {
        ...GOOD,
        derivatives_knowledge: ['training', 'transactions'],
        derivatives_training: '  HKSI Institute: derivatives for investors  ',
        derivatives_work: 'unticked: not kept',
        derivatives_transactions: '12',
      },
    });
    expect(saved.json.status).toBe(0);
    expect(saved.json.data.confirmed).toBe(true);
    const info = await post(t, '/v9/OpenAccountHk/step_info/investment', {}, { token: user.token });
    expect(info.json.data.answers).toEqual({
      ...GOOD,
      derivatives_knowledge: ['training', 'transactions'],
      derivatives_training: 'HKSI Institute: derivatives for investors',
      derivatives_transactions: 12,
    });
  });

  run('less than one year in everything: confirmed only once the call is booked', async () => {
    const user = await readyApplicant();
    const answers = { ...GOOD, experience: ALL_UNDER_A_YEAR };
    const unbooked = await saveInvestment(t, user, { confirm: true, answers }, 'zh-HK');
    expect(unbooked.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(unbooked.json.data.fields).toEqual({
      appointment: translateError('zh-HK', 'appointment_required'),
    });
    expect(await investmentRow(t, user)).toBeNull();

    // the screen saves the answers as a draft, books, then confirms
    const draft = await saveInvestment(t, user, { answers });
    expect(draft.json.status).toBe(0);
    expect((await appoint(t, user, { slot: '2026-12-02T10:30:00+08:00' })).json.status).toBe(0);
    const confirmed = await saveInvestment(t, user, {
      confirm: true,
      answers,
      step_version: draft.json.data.version,
    });
    expect(confirmed.json.status).toBe(0);
    expect(confirmed.json.data.confirmed).toBe(true);
    expect((await appointmentStatus(t, user)).json.data).toMatchObject({
      needed: true,
      appointment: { slot: '2026-12-02T10:30:00+08:00' },
    });
  });

  run('a year or more after all: the booking is cancelled, its history kept', async () => {
    const user = await readyApplicant();
    await saveInvestment(t, user, { answers: { ...GOOD, experience: ALL_UNDER_A_YEAR } });
    expect((await appoint(t, user, { slot: '2026-12-02T10:30:00+08:00' })).json.status).toBe(0);
    const confirmed = await saveInvestment(t, user, { confirm: true, answers: GOOD });
    expect(confirmed.json.status).toBe(0);
    const status = await appointmentStatus(t, user);
    expect(status.json.data).toMatchObject({ needed: false, appointment: null });
    const { booking, events } = await bookingState(t, user);
    expect(booking).toBeNull();
    expect(events.filter((e) => e.type.startsWith('appointment_')).map((e) => [e.type, e.data])).toEqual([
      ['appointment_booked', { slot: '2026-12-02T10:30:00+08:00' }],
      ['appointment_cancelled', { slot: '2026-12-02T10:30:00+08:00', reason: 'not_needed' }],
    ]);
  });

  run('a stale step_version is refused without overwriting (2007), booking included', async () => {
    const user = await readyApplicant();
    const first = await saveInvestment(t, user, { answers: { ...GOOD, experience: ALL_UNDER_A_YEAR } });
    expect((await appoint(t, user, { slot: '2026-12-02T10:30:00+08:00' })).json.status).toBe(0);
    // another device saves meanwhile
    const other = await saveInvestment(t, user, {
      answers: { purposes: ['hedging'] },
      step_version: first.json.data.version,
    });
    expect(other.json.status).toBe(0);
    const before = await investmentRow(t, user);
    const stale = await saveInvestment(t, user, {
      confirm: true,
      answers: GOOD,
      step_version: first.json.data.version,
    });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    expect(await investmentRow(t, user)).toEqual(before);
    // the refused confirmation cancelled nothing
    expect((await bookingState(t, user)).booking?.version).toBe(1);
  });

  run("another user's answers are not reachable", async () => {
    const alice = await readyApplicant();
    const bob = await createApplicant(t);
    expect((await saveInvestment(t, alice, { confirm: true, answers: GOOD })).json.status).toBe(0);
    const bobInfo = await post(t, '/v9/OpenAccountHk/step_info/investment', {}, { token: bob.token });
    expect(bobInfo.json.data).toMatchObject({ version: 0, answers: {} });
    // Bob's save is his own: Alice's row is untouched
    const aliceBefore = await investmentRow(t, alice);
    expect((await saveInvestment(t, bob, { answers: { purposes: ['hedging'] } })).json.status).toBe(0);
    expect(await investmentRow(t, alice)).toEqual(aliceBefore);
  });
});
