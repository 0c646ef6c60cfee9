import { ErrorCode, translateError } from '@hk/domain';
import { describe, expect } from 'vitest';
import { post } from './application-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import {
  ALL_UNDER_A_YEAR,
  appoint,
  appointmentStatus,
  bookingState,
  createApplicant,
  SOME_YEARS,
  saveInvestment,
  TUESDAY_9AM_HK,
} from './investment-helpers';

const pgUrl = await findPostgres();

const DRAFT_UNDER_A_YEAR = {
  confirm: false,
  answers: { purposes: ['hedging'], experience: ALL_UNDER_A_YEAR },
};
const WEDNESDAY_1030 = '2026-12-02T10:30:00+08:00';

describe.each(DB_KINDS)('the risk-disclosure call booking: appoint, appointment_status (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl, (app) => {
    app.clock.now = new Date(TUESDAY_9AM_HK);
  });

  async function applicantNeedingTheCall() {
    const user = await createApplicant(t);
    const draft = await saveInvestment(t, user, DRAFT_UNDER_A_YEAR);
    expect(draft.json.status).toBe(0);
    return user;
  }

  run('books a slot, shows it, and offers the days and slots that can be booked', async () => {
    const user = await applicantNeedingTheCall();
    const before = await appointmentStatus(t, user);
    expect(before.json.status).toBe(0);
    expect(before.res.headers['cache-control']).toBe('no-store');
    const status = before.json.data;
    expect(status.needed).toBe(true);
    expect(status.appointment).toBeNull();
    expect(status.slot_minutes).toBe(30);
    const days = new Map<string, string[]>(
      status.days.map((d: { date: string; slots: string[] }) => [d.date, d.slots]),
    );
    // today: 09:00 is now, so the first start is 09:30; the last start is 17:30
    expect(days.get('2026-12-01')?.[0]).toBe('2026-12-01T09:30:00+08:00');
    expect(days.get('2026-12-01')?.at(-1)).toBe('2026-12-01T17:30:00+08:00');
    expect(days.get('2026-12-02')).toHaveLength(18);
    // no weekend, no Hong Kong public holiday (Christmas Day, the first weekday after it is a Saturday)
    for (const closed of ['2026-12-05', '2026-12-06', '2026-12-25', '2026-12-26'])
      expect(days.has(closed)).toBe(false);
    // today and the next 30 days
    expect(status.days.at(-1).date).toBe('2026-12-31');
    expect(days.has('2027-01-04')).toBe(false);

    const booked = await appoint(t, user, { slot: WEDNESDAY_1030 });
    expect(booked.json.status).toBe(0);
    expect(booked.json.data).toMatchObject({
      appointment: { slot: WEDNESDAY_1030, version: 1 },
      changed_from: null,
    });
    const after = await appointmentStatus(t, user);
    expect(after.json.data.appointment).toEqual(booked.json.data.appointment);
    const { booking, events } = await bookingState(t, user);
    expect(booking?.slotAt.toISOString()).toBe('2026-12-02T02:30:00.000Z');
    expect(events.filter((e) => e.type.startsWith('appointment_')).map((e) => [e.type, e.data])).toEqual([
      ['appointment_booked', { slot: WEDNESDAY_1030 }],
    ]);
  });

  run('a change replaces the booking; each booking and change is kept as an event', async () => {
    const user = await applicantNeedingTheCall();
    expect((await appoint(t, user, { slot: WEDNESDAY_1030 })).json.status).toBe(0);
    // a client sending UTC: the same instant, shown in Hong Kong time
    const changed = await appoint(t, user, { slot: '2026-12-03T07:00:00Z', appointment_version: 1 });
    expect(changed.json.status).toBe(0);
    expect(changed.json.data).toMatchObject({
      appointment: { slot: '2026-12-03T15:00:00+08:00', version: 2 },
      changed_from: WEDNESDAY_1030,
    });
    // the same slot again changes nothing
    const same = await appoint(t, user, { slot: '2026-12-03T15:00:00+08:00' });
    expect(same.json.data.appointment.version).toBe(2);
    const { booking, events } = await bookingState(t, user);
    expect(booking?.version).toBe(2);
    expect(events.filter((e) => e.type.startsWith('appointment_')).map((e) => [e.type, e.data])).toEqual([
      ['appointment_booked', { slot: WEDNESDAY_1030 }],
      ['appointment_changed', { slot: '2026-12-03T15:00:00+08:00', from: WEDNESDAY_1030 }],
    ]);
  });

  run(
    'each slot that cannot be booked is refused at the field, saying why, and nothing is written',
    async () => {
      const user = await applicantNeedingTheCall();
      const refusals: [unknown, string][] = [
        [undefined, 'appointment_invalid'],
        ['', 'appointment_invalid'],
        ['tomorrow at ten', 'appointment_invalid'],
        // a time without its offset would mean the device's zone
        ['2026-12-02T10:30:00', 'appointment_invalid'],
        ['2026-12-02T25:00:00+08:00', 'appointment_invalid'],
        ['2026-02-30T10:00:00+08:00', 'appointment_invalid'],
        [['2026-12-02T10:30:00+08:00'], 'appointment_invalid'],
        [{ slot: WEDNESDAY_1030 }, 'appointment_invalid'],
        [12345, 'appointment_invalid'],
        ['x'.repeat(5000), 'appointment_invalid'],
        ['2026-11-30T10:00:00+08:00', 'appointment_in_past'],
        // now exactly
        ['2026-12-01T09:00:00+08:00', 'appointment_in_past'],
        ['2027-01-05T10:00:00+08:00', 'appointment_too_far'],
        ['2026-12-05T10:00:00+08:00', 'appointment_weekend'],
        ['2026-12-06T14:30:00+08:00', 'appointment_weekend'],
        ['2026-12-25T10:00:00+08:00', 'appointment_holiday'],
        ['2026-12-02T08:30:00+08:00', 'appointment_outside_hours'],
        ['2026-12-02T18:00:00+08:00', 'appointment_outside_hours'],
        // 17:45 would end after closing time
        ['2026-12-02T17:45:00+08:00', 'appointment_outside_hours'],
        ['2026-12-02T10:15:00+08:00', 'appointment_not_on_slot'],
        ['2026-12-02T10:30:30+08:00', 'appointment_not_on_slot'],
      ];
      const before = await bookingState(t, user);
      const langs = ['en', 'zh-CN', 'zh-HK'] as const;
      for (const [i, [slot, key]] of refusals.entries()) {
        const lang = langs[i % langs.length]!;
        const res = await appoint(t, user, slot === undefined ? {} : { slot }, lang);
        expect(res.res.statusCode, String(slot)).toBeLessThan(500);
        expect(res.json.status, String(slot)).toBe(ErrorCode.VALIDATION_FAILED);
        expect(res.json.data.fields.slot, String(slot)).toBe(translateError(lang, key));
      }
      // the version must be a whole number
      const badVersion = await appoint(t, user, { slot: WEDNESDAY_1030, appointment_version: 'one' });
      expect(badVersion.json.status).toBe(ErrorCode.VALIDATION_FAILED);
      expect(badVersion.json.data.fields.appointment_version).toBeDefined();
      expect(await bookingState(t, user)).toEqual(before);
    },
  );

  run('the clock is the server’s: a slot that was free becomes past', async () => {
    const user = await applicantNeedingTheCall();
    const original = t.clock.now;
    try {
      t.clock.now = new Date('2026-12-01T02:31:00Z'); // Tuesday 10:31 in Hong Kong
      const late = await appoint(t, user, { slot: '2026-12-01T10:30:00+08:00' });
      expect(late.json.data.fields.slot).toBe(translateError('en', 'appointment_in_past'));
      const status = await appointmentStatus(t, user);
      expect(status.json.data.days[0].slots[0]).toBe('2026-12-01T11:00:00+08:00');
    } finally {
      t.clock.now = original;
    }
  });

  run('only when the investment answers say less than one year in everything (2012)', async () => {
    const user = await createApplicant(t);
    // nothing answered yet
    const none = await appoint(t, user, { slot: WEDNESDAY_1030 });
    expect(none.json.status).toBe(ErrorCode.APPOINTMENT_NOT_NEEDED);
    expect(none.json.info).toBe(translateError('en', 'code_appointment_not_needed'));
    // some products not answered: not yet "everything"
    await saveInvestment(t, user, { answers: { experience: { securities: 'lt1' } } });
    expect((await appoint(t, user, { slot: WEDNESDAY_1030 })).json.status).toBe(
      ErrorCode.APPOINTMENT_NOT_NEEDED,
    );
    // a year or more in one product
    await saveInvestment(t, user, { answers: { experience: SOME_YEARS } });
    const status = await appointmentStatus(t, user);
    expect(status.json.data.needed).toBe(false);
    expect((await appoint(t, user, { slot: WEDNESDAY_1030 })).json.status).toBe(
      ErrorCode.APPOINTMENT_NOT_NEEDED,
    );
    const { booking, events } = await bookingState(t, user);
    expect(booking).toBeNull();
    expect(events.some((e) => e.type.startsWith('appointment_'))).toBe(false);
  });

  run('a stale version is refused without overwriting the booking (2007)', async () => {
    const user = await applicantNeedingTheCall();
    expect((await appoint(t, user, { slot: WEDNESDAY_1030, appointment_version: 0 })).json.status).toBe(0);
    // another device books again from the screen it loaded before the first booking
    const stale = await appoint(t, user, { slot: '2026-12-04T11:00:00+08:00', appointment_version: 0 });
    expect(stale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    // form-encoded, as the generic client sends flat bodies
    const formStale = await post(
      t,
      '/v9/OpenAccountHk/appoint',
      { slot: '2026-12-04T11:00:00+08:00', appointment_version: '2' },
      { token: user.token },
    );
    expect(formStale.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    const { booking, events } = await bookingState(t, user);
    expect(booking?.slotAt.toISOString()).toBe('2026-12-02T02:30:00.000Z');
    expect(booking?.version).toBe(1);
    expect(events.filter((e) => e.type.startsWith('appointment_'))).toHaveLength(1);
    const formOk = await post(
      t,
      '/v9/OpenAccountHk/appoint',
      { slot: '2026-12-04T11:00:00+08:00', appointment_version: '1' },
      { token: user.token },
    );
    expect(formOk.json.data.appointment).toMatchObject({ slot: '2026-12-04T11:00:00+08:00', version: 2 });
  });

  run(
    'two racing first bookings leave one booking: the second is a change, or refused as stale',
    async () => {
      const user = await applicantNeedingTheCall();
      const [a, b] = await Promise.all([
        appoint(t, user, { slot: WEDNESDAY_1030 }),
        appoint(t, user, { slot: '2026-12-03T14:00:00+08:00' }),
      ]);
      expect([a.json.status, b.json.status]).toEqual([0, 0]);
      let state = await bookingState(t, user);
      expect(state.booking?.version).toBe(2);
      expect(state.events.filter((e) => e.type.startsWith('appointment_')).map((e) => e.type)).toEqual([
        'appointment_booked',
        'appointment_changed',
      ]);

      const other = await applicantNeedingTheCall();
      const race = await Promise.all([
        appoint(t, other, { slot: WEDNESDAY_1030, appointment_version: 0 }),
        appoint(t, other, { slot: '2026-12-03T14:00:00+08:00', appointment_version: 0 }),
      ]);
      expect(race.map((r) => r.json.status).sort()).toEqual([0, ErrorCode.STEP_VERSION_CONFLICT]);
      state = await bookingState(t, other);
      expect(state.booking?.version).toBe(1);
      expect(state.events.filter((e) => e.type.startsWith('appointment_'))).toHaveLength(1);
    },
  );

  run("another user's booking is unreachable: each call is the caller's own", async () => {
    const alice = await applicantNeedingTheCall();
    const bob = await createApplicant(t);
    expect((await appoint(t, alice, { slot: WEDNESDAY_1030 })).json.status).toBe(0);
    const bobStatus = await appointmentStatus(t, bob);
    expect(bobStatus.json.data).toMatchObject({ needed: false, appointment: null });
    // Bob's answers do not call for the call; Alice's booking does not make his
    expect(
      (await appoint(t, bob, { slot: '2026-12-03T14:00:00+08:00', appointment_version: 1 })).json.status,
    ).toBe(ErrorCode.APPOINTMENT_NOT_NEEDED);
    expect((await bookingState(t, alice)).booking?.version).toBe(1);
  });

  run('needs a session, and an application', async () => {
    const noSession = await post(t, '/v9/OpenAccountHk/appoint', { slot: WEDNESDAY_1030 });
    expect(noSession.json.status).toBe(ErrorCode.SESSION_INVALID);
    const noSession2 = await post(t, '/v9/OpenAccountHk/appointment_status', {});
    expect(noSession2.json.status).toBe(ErrorCode.SESSION_INVALID);
    const { createLoggedInUser } = await import('./application-helpers');
    const user = await createLoggedInUser(t);
    expect((await appointmentStatus(t, user)).json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    expect((await appoint(t, user, { slot: WEDNESDAY_1030 })).json.status).toBe(
      ErrorCode.APPLICATION_NOT_FOUND,
    );
  });
});
