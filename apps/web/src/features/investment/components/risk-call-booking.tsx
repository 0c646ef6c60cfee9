import { ErrorCode, type Language, pickLanguage } from '@hk/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { FieldError } from '../../../step-kit/components/fields';
import { useAppoint, useAppointmentStatus } from '../api/appointments';
import type { InvestmentValues } from '../lib/investment-values';

const LOCALE: Record<Language, string> = { 'zh-CN': 'zh-CN', 'zh-HK': 'zh-HK', en: 'en-GB' };

/** A Hong Kong date (YYYY-MM-DD) as the person reads it: weekday, day and month. */
export function dayLabel(date: string, lang: Language): string {
  // noon UTC of that date, printed in UTC: the same calendar day whatever the phone's zone
  return new Intl.DateTimeFormat(LOCALE[lang], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** `2026-12-02T10:30:00+08:00` → `10:30` (slots are Hong Kong wall time). */
export const timeLabel = (slot: string) => slot.slice(11, 16);

/**
 * spec §4: experience under a year in everything → the notice of a risk-disclosure phone call, and
 * its booking: a day, then a time on it, from the slots the server offers (`appointment_status`);
 * `appoint` books or changes it. The answers are saved as a draft first: the server books the call
 * on the saved answers.
 */
export function RiskCallBooking({ saveDraftNow }: { saveDraftNow: () => Promise<void> }) {
  const { t, i18n } = useTranslation('investment');
  const lang = pickLanguage(i18n.language) as Language;
  const form = useFormContext<InvestmentValues>();
  const status = useAppointmentStatus(true);
  const book = useAppoint();
  const booked = status.data?.appointment ?? null;
  const days = status.data?.days ?? [];
  // what the person picked; until then the booking's day and time, or the first bookable day
  const [pickedDay, setDay] = useState('');
  const [pickedSlot, setSlot] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [doneSlot, setDoneSlot] = useState<string | null>(null);
  const dayId = useId();
  const slotId = useId();

  // the booked slot is the form's `appointment` (the confirmation needs one)
  useEffect(() => {
    const current = form.getValues('appointment');
    const next = booked?.slot ?? '';
    if (current !== next) form.setValue('appointment', next);
    if (next) form.clearErrors('appointment');
  }, [booked?.slot, form]);

  const bookedDay = booked?.slot.slice(0, 10);
  const day = days.some((d) => d.date === pickedDay)
    ? pickedDay
    : ((days.find((d) => d.date === bookedDay) ?? days[0])?.date ?? '');
  const slots = useMemo(() => days.find((d) => d.date === day)?.slots ?? [], [days, day]);
  const slot =
    pickedSlot !== null && slots.includes(pickedSlot)
      ? pickedSlot
      : booked && slots.includes(booked.slot)
        ? booked.slot
        : '';

  const submit = async () => {
    setProblem(null);
    setDoneSlot(null);
    if (!slot) {
      setProblem(t('booking_pick_time'));
      return;
    }
    await saveDraftNow();
    try {
      const result = await book.mutateAsync({ slot, appointment_version: booked?.version ?? 0 });
      form.setValue('appointment', result.appointment.slot);
      form.clearErrors('appointment');
      setDoneSlot(result.appointment.slot);
    } catch (err) {
      if (err instanceof ApiError && err.status === ErrorCode.STEP_VERSION_CONFLICT)
        setProblem(t('booking_conflict'));
      else if (err instanceof ApiError) setProblem(err.fields.slot ?? err.message);
      else setProblem(t('booking_failed'));
    }
  };

  const when = (s: string) => t('booked_when', { day: dayLabel(s.slice(0, 10), lang), time: timeLabel(s) });
  return (
    <section className="step-section" aria-labelledby={`${dayId}-title`}>
      <h2 className="step-section__title" id={`${dayId}-title`}>
        {t('risk_call_title')}
      </h2>
      <p className="step-notice" role="note">
        {t('risk_call_notice')}
      </p>
      {status.isPending ? <p className="id-hint">{t('booking_loading')}</p> : null}
      {status.isError ? (
        <p className="id-field__error" role="alert">
          {status.error instanceof Error && status.error.message ? status.error.message : t('booking_failed')}
        </p>
      ) : null}
      {booked ? (
        <p className="investment-booked" data-testid="booked">
          {t('booked_for', { when: when(booked.slot) })}
        </p>
      ) : null}
      {status.data ? (
        <>
          <div className="id-field">
            <label className="id-field__label" htmlFor={dayId}>
              {t('booking_day')}
            </label>
            <select
              className="id-select"
              id={dayId}
              value={day}
              onChange={(e) => {
                setDay(e.target.value);
                setSlot(null);
              }}
            >
              {days.map((d) => (
                <option key={d.date} value={d.date}>
                  {dayLabel(d.date, lang)}
                </option>
              ))}
            </select>
          </div>
          <div className="id-field">
            <label className="id-field__label" htmlFor={slotId}>
              {t('booking_time')}
            </label>
            <select
              className="id-select"
              id={slotId}
              value={slot}
              onChange={(e) => setSlot(e.target.value)}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${slotId}-error` : undefined}
            >
              <option value="">{t('choose', { ns: 'flow' })}</option>
              {slots.map((s) => (
                <option key={s} value={s}>
                  {timeLabel(s)}
                </option>
              ))}
            </select>
            {problem ? (
              <p className="id-field__error" id={`${slotId}-error`} role="alert">
                {problem}
              </p>
            ) : null}
            <p className="id-hint">{t('booking_hours')}</p>
          </div>
          <button
            type="button"
            className="id-btn"
            onClick={() => void submit()}
            disabled={book.isPending || (booked !== null && slot === booked.slot)}
          >
            {book.isPending ? t('booking_saving') : booked ? t('booking_change') : t('booking_book')}
          </button>
          {doneSlot ? (
            <p className="investment-booked" role="status">
              {t('booking_done')}
            </p>
          ) : null}
        </>
      ) : null}
      <FieldError name="appointment" />
    </section>
  );
}
