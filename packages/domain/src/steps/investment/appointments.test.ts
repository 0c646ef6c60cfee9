import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_SLOT_MINUTES,
  appointmentRequestSchema,
  bookableSlots,
  canonicalAppointmentSlot,
  checkAppointmentSlot,
} from './appointments';

// Tuesday 1 Dec 2026 is an ordinary working day; `now` is a few days before it.
const NOW = new Date('2026-11-27T10:00:00+08:00');
const on = (time: string, date = '2026-12-01') => `${date}T${time}+08:00`;

describe('checkAppointmentSlot', () => {
  it('accepts a slot on the hour or half hour of a working day', () => {
    expect(APPOINTMENT_SLOT_MINUTES).toBe(30);
    expect(checkAppointmentSlot(on('10:30:00'), NOW)).toBeNull();
    expect(checkAppointmentSlot(on('11:00:00'), NOW)).toBeNull();
    expect(checkAppointmentSlot(on('11:00'), NOW)).toBeNull(); // seconds may be left out
  });

  it('opens at 09:00 and takes its last start at 17:30 (a 30-minute call ends by 18:00)', () => {
    expect(checkAppointmentSlot(on('09:00:00'), NOW)).toBeNull();
    expect(checkAppointmentSlot(on('17:30:00'), NOW)).toBeNull();
    expect(checkAppointmentSlot(on('18:00:00'), NOW)).toBe('appointment_outside_hours');
    expect(checkAppointmentSlot(on('17:45:00'), NOW)).toBe('appointment_outside_hours');
    expect(checkAppointmentSlot(on('08:30:00'), NOW)).toBe('appointment_outside_hours');
    expect(checkAppointmentSlot(on('00:00:00'), NOW)).toBe('appointment_outside_hours');
  });

  it('refuses a start between slots', () => {
    expect(checkAppointmentSlot(on('10:15:00'), NOW)).toBe('appointment_not_on_slot');
    expect(checkAppointmentSlot(on('10:01:00'), NOW)).toBe('appointment_not_on_slot');
    expect(checkAppointmentSlot(on('10:30:30'), NOW)).toBe('appointment_not_on_slot');
    expect(checkAppointmentSlot('2026-12-01T02:30:00.250Z', NOW)).toBe('appointment_not_on_slot');
  });

  it('refuses what is not a date-time with an offset', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-12-01',
      '2026-12-01T10:30:00', // no offset: the device's zone is not necessarily Hong Kong's
      '2026-12-01 10:30:00+08:00',
      '2026-02-30T10:00:00+08:00',
      '2026-12-01T24:00:00+08:00',
      '2026-12-01T10:60:00+08:00',
      '2026-12-01T10:30:00+8:00',
      '2026-12-01T10:30:00+15:00',
      ' 2026-12-01T10:30:00+08:00',
    ])
      expect(checkAppointmentSlot(bad, NOW), bad).toBe('appointment_invalid');
    expect(checkAppointmentSlot(on('10:30:00'), new Date('nonsense'))).toBe('appointment_invalid');
  });

  it('refuses the past, down to a minute, and the present instant', () => {
    expect(checkAppointmentSlot(on('10:30:00'), new Date('2026-12-01T10:31:00+08:00'))).toBe(
      'appointment_in_past',
    );
    expect(checkAppointmentSlot(on('10:30:00'), new Date('2026-12-01T10:30:00+08:00'))).toBe(
      'appointment_in_past',
    );
    expect(checkAppointmentSlot(on('10:30:00'), new Date('2026-12-01T10:29:00+08:00'))).toBeNull();
    expect(checkAppointmentSlot(on('10:30:00', '2026-11-02'), NOW)).toBe('appointment_in_past');
  });

  it('refuses Saturdays and Sundays', () => {
    expect(checkAppointmentSlot(on('10:00:00', '2026-12-05'), NOW)).toBe('appointment_weekend');
    expect(checkAppointmentSlot(on('10:00:00', '2026-12-06'), NOW)).toBe('appointment_weekend');
  });

  it('refuses Hong Kong general holidays on weekdays', () => {
    const now = new Date('2026-12-10T10:00:00+08:00');
    expect(checkAppointmentSlot(on('10:00:00', '2026-12-25'), now)).toBe('appointment_holiday');
    expect(checkAppointmentSlot(on('10:00:00', '2026-12-24'), now)).toBeNull();
    expect(checkAppointmentSlot(on('10:00:00', '2027-02-09'), new Date('2027-02-01T10:00:00+08:00'))).toBe(
      'appointment_holiday',
    ); // the fourth day of Lunar New Year, a substitute day
  });

  it('refuses more than 30 days ahead, counted in Hong Kong dates', () => {
    const now = new Date('2026-11-16T10:00:00+08:00'); // last bookable day: Wed 16 Dec
    expect(checkAppointmentSlot(on('17:30:00', '2026-12-16'), now)).toBeNull();
    expect(checkAppointmentSlot(on('09:00:00', '2026-12-17'), now)).toBe('appointment_too_far');
    // 00:30 on 17 Nov in Hong Kong is still 16 Nov in UTC: the Hong Kong date decides
    const afterHkMidnight = new Date('2026-11-16T16:30:00Z');
    expect(checkAppointmentSlot(on('09:00:00', '2026-12-17'), afterHkMidnight)).toBeNull();
  });

  it('refuses a date after 2027: too far from 2026, beyond the holiday list from late 2027', () => {
    expect(checkAppointmentSlot(on('10:00:00', '2028-01-03'), NOW)).toBe('appointment_too_far');
    const lateIn2027 = new Date('2027-12-20T10:00:00+08:00');
    expect(checkAppointmentSlot(on('10:00:00', '2028-01-03'), lateIn2027)).toBe(
      'appointment_beyond_calendar',
    );
    expect(checkAppointmentSlot(on('10:00:00', '2027-12-31'), lateIn2027)).toBeNull();
  });

  it('reads other offsets as Hong Kong wall time (UTC+8, no daylight saving)', () => {
    expect(checkAppointmentSlot('2026-12-01T02:30:00Z', NOW)).toBeNull(); // 10:30 in Hong Kong
    expect(checkAppointmentSlot('2026-12-01T03:30:00+01:00', NOW)).toBeNull(); // 10:30 too
    expect(checkAppointmentSlot('2026-11-30T20:00:00-05:00', NOW)).toBeNull(); // Tue 09:00 HK
    expect(checkAppointmentSlot('2026-07-01T01:00:00Z', new Date('2026-06-20T00:00:00Z'))).toBe(
      'appointment_holiday',
    ); // summer: still +8
  });

  it('uses the Hong Kong day across midnight UTC', () => {
    // Friday 16:30 UTC is Saturday 00:30 in Hong Kong
    expect(checkAppointmentSlot('2026-12-04T16:30:00Z', NOW)).toBe('appointment_weekend');
    // Thursday 16:00 UTC is Christmas Day 00:00 in Hong Kong
    expect(checkAppointmentSlot('2026-12-24T16:00:00Z', new Date('2026-12-10T00:00:00Z'))).toBe(
      'appointment_holiday',
    );
    // Sunday 23:30 UTC is Monday 07:30 in Hong Kong: a weekday, before opening
    expect(checkAppointmentSlot('2026-12-06T23:30:00Z', NOW)).toBe('appointment_outside_hours');
    // Monday 01:00 UTC is Monday 09:00 in Hong Kong; Friday 09:30 UTC is 17:30, 10:00 UTC is 18:00
    expect(checkAppointmentSlot('2026-12-07T01:00:00Z', NOW)).toBeNull();
    expect(checkAppointmentSlot('2026-12-04T09:30:00Z', NOW)).toBeNull();
    expect(checkAppointmentSlot('2026-12-04T10:00:00Z', NOW)).toBe('appointment_outside_hours');
  });
});

describe('canonicalAppointmentSlot', () => {
  it('writes the slot in Hong Kong time with +08:00', () => {
    expect(canonicalAppointmentSlot('2026-12-01T02:30:00Z')).toBe('2026-12-01T10:30:00+08:00');
    expect(canonicalAppointmentSlot('2026-11-30T16:00Z')).toBe('2026-12-01T00:00:00+08:00');
    expect(canonicalAppointmentSlot('2026-12-01T10:30+08:00')).toBe('2026-12-01T10:30:00+08:00');
    expect(canonicalAppointmentSlot('2026-12-01T10:30')).toBeNull();
  });
});

describe('bookableSlots', () => {
  it('lists the 18 starts of a working day, 09:00 to 17:30', () => {
    const [day, ...rest] = bookableSlots('2026-12-01', 1, NOW);
    expect(rest).toEqual([]);
    expect(day!.date).toBe('2026-12-01');
    expect(day!.slots).toHaveLength(18);
    expect(day!.slots[0]).toBe('2026-12-01T09:00:00+08:00');
    expect(day!.slots[1]).toBe('2026-12-01T09:30:00+08:00');
    expect(day!.slots.at(-1)).toBe('2026-12-01T17:30:00+08:00');
  });

  it('leaves out weekends and holidays', () => {
    const days = bookableSlots('2026-12-21', 7, new Date('2026-12-10T10:00:00+08:00'));
    expect(days.map((d) => d.date)).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24']);
  });

  it('starts today after the current instant', () => {
    const [today] = bookableSlots('2026-12-01', 1, new Date('2026-12-01T13:10:00+08:00'));
    expect(today!.slots[0]).toBe('2026-12-01T13:30:00+08:00');
    expect(today!.slots).toHaveLength(9);
    expect(bookableSlots('2026-12-01', 1, new Date('2026-12-01T17:30:00+08:00'))).toEqual([]);
  });

  it('stops 30 days ahead and lists only slots the check accepts', () => {
    const now = new Date('2026-11-16T10:00:00+08:00');
    const days = bookableSlots('2026-11-16', 60, now);
    expect(days.at(-1)!.date).toBe('2026-12-16');
    expect(days[0]!.date).toBe('2026-11-16');
    expect(days[0]!.slots[0]).toBe('2026-11-16T10:30:00+08:00');
    for (const d of days) for (const s of d.slots) expect(checkAppointmentSlot(s, now), s).toBeNull();
  });

  it('refuses bad arguments and lists nothing for 0 days', () => {
    expect(bookableSlots('2026-12-01', 0, NOW)).toEqual([]);
    expect(() => bookableSlots('2026-13-01', 1, NOW)).toThrow(RangeError);
    expect(() => bookableSlots('2026-12-01', -1, NOW)).toThrow(RangeError);
    expect(() => bookableSlots('2026-12-01', 1.5, NOW)).toThrow(RangeError);
    expect(() => bookableSlots('2026-12-01', 367, NOW)).toThrow(RangeError);
  });
});

describe('appointmentRequestSchema', () => {
  const schema = appointmentRequestSchema(NOW);
  const messages = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a bookable slot and gives it back in its +08:00 form', () => {
    expect(schema.parse({ slot: '2026-12-01T10:30:00+08:00' })).toEqual({
      slot: '2026-12-01T10:30:00+08:00',
    });
    expect(schema.parse({ slot: '2026-12-01T02:30:00Z' })).toEqual({ slot: '2026-12-01T10:30:00+08:00' });
  });

  it('reports each refusal as its key', () => {
    expect(messages({ slot: '2026-12-05T10:00:00+08:00' })).toEqual(['appointment_weekend']);
    expect(messages({ slot: '2026-12-01T10:15:00+08:00' })).toEqual(['appointment_not_on_slot']);
    expect(messages({ slot: '2026-11-20T10:00:00+08:00' })).toEqual(['appointment_in_past']);
    expect(messages({ slot: 'soon' })).toEqual(['appointment_invalid']);
  });

  it('refuses a missing or non-string slot', () => {
    expect(messages({})).toEqual(['appointment_invalid']);
    expect(messages({ slot: 1764556200000 })).toEqual(['appointment_invalid']);
  });

  it('judges against the `now` it was made with', () => {
    const later = appointmentRequestSchema(new Date('2026-12-01T11:00:00+08:00'));
    expect(later.safeParse({ slot: '2026-12-01T10:30:00+08:00' }).success).toBe(false);
    expect(schema.safeParse({ slot: '2026-12-01T10:30:00+08:00' }).success).toBe(true);
  });
});
