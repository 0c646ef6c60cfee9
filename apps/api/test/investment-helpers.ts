import { applicableSteps, STEPS, type StepId } from '@hk/domain';
import { count, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { applicationEvents, applications, riskCallAppointments } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { listStepRows, lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { factsOf, writeStep } from '../src/plugins/app/steps/step-service';
import { createLoggedInUser, post, type TestUser } from './application-helpers';
import { signed, type TestApp } from './helpers';

/** A Tuesday, 09:00 in Hong Kong: the suites' fixed server clock. */
export const TUESDAY_9AM_HK = new Date('2026-12-01T01:00:00Z');

export const ALL_UNDER_A_YEAR = {
  securities: 'lt1',
  bond: 'none',
  etf: 'lt1',
  warrant: 'none',
  cbbc: 'none',
  futures_options: 'none',
};
export const SOME_YEARS = { ...ALL_UNDER_A_YEAR, securities: '3to5' };

/** A logged-in user with an application (HK market). */
export async function createApplicant(t: TestApp): Promise<TestUser> {
  const user = await createLoggedInUser(t);
  const created = await post(
    t,
    '/V9/OpenAccountHk/loginCreate',
    { type: ['HKMargin'] },
    { token: user.token },
  );
  if (created.json.status !== 0) throw new Error(`loginCreate: ${JSON.stringify(created.json)}`);
  return user;
}

/** A signed JSON POST, as the step screens send it. */
export async function postJson(
  t: TestApp,
  url: string,
  body: Record<string, unknown>,
  opts: { token?: string; lang?: 'zh-CN' | 'zh-HK' | 'en' } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'accept-language': opts.lang ?? 'en',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    payload: JSON.stringify(signed(t, body, opts.token ? { token: opts.token } : {})),
  });
  return { res, json: res.json() };
}

export const saveInvestment = (
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
  lang: 'zh-CN' | 'zh-HK' | 'en' = 'en',
) => postJson(t, '/v9/OpenAccountHk/step/investment', body, { token: user.token, lang });

export const appoint = (
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
  lang?: 'zh-CN' | 'zh-HK' | 'en',
) => postJson(t, '/v9/OpenAccountHk/appoint', body, { token: user.token, ...(lang ? { lang } : {}) });

export const appointmentStatus = (t: TestApp, user: TestUser) =>
  postJson(t, '/v9/OpenAccountHk/appointment_status', {}, { token: user.token });

/**
 * Every applicable step before `step` confirmed as it stands, straight through the step store (the
 * other steps' forms have their own suites): lets a suite confirm `step` through the real call.
 */
export async function confirmStepsBefore(t: TestApp, user: TestUser, step: StepId) {
  const loose = STEPS.map((s) => ({ ...s, answers: z.record(z.string(), z.unknown()) }));
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    const facts = factsOf(app, await listStepRows(tx, app.id));
    const steps = applicableSteps(facts);
    for (const s of steps.slice(
      0,
      steps.findIndex((x) => x.id === step),
    ))
      await writeStep(
        tx,
        { vault: t.app.ctx.vault, now: t.clock.now, meta: SYSTEM_EVENT_META, steps: loose },
        app,
        s.id,
        { answers: {}, confirm: true },
      );
  });
}

/** What the booking calls can write: bookings, and the events of the user's application. */
export async function bookingState(t: TestApp, user: TestUser) {
  const { db } = t.app.ctx;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const [bookings] = await db.select({ n: count() }).from(riskCallAppointments);
  const events = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, app!.id))
    .orderBy(applicationEvents.id);
  const [booking] = await db
    .select()
    .from(riskCallAppointments)
    .where(eq(riskCallAppointments.applicationId, app!.id));
  return { bookingsInTable: bookings!.n, booking: booking ?? null, events };
}
