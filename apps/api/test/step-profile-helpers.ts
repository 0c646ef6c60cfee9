// Helpers of the account-type, employment and financial step tests: an applicant with the ID step
// done through the real routes, the steps these tests do not cover confirmed directly (their own
// suites test their forms), and what a refusal must leave as it was.
import { STEP_IDS, STEPS, type StepId } from '@hk/domain';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationEvents, applicationSteps, applications } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import { createLoggedInUser, hkIdNumber, post, prepareIdStep, type TestUser } from './application-helpers';
import { signed, type TestApp } from './helpers';

export type Lang = 'zh-CN' | 'zh-HK' | 'en';

/** The generic step call with a JSON body, as the step screens send it; never a 5xx. */
export async function saveStep(
  t: TestApp,
  user: TestUser,
  step: string,
  body: Record<string, unknown>,
  lang: Lang = 'en',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/step/${step}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      'accept-language': lang,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return { res, json: res.json() };
}

export async function stepInfo(t: TestApp, user: TestUser, step: StepId) {
  const res = await post(t, `/v9/OpenAccountHk/step_info/${step}`, {}, { token: user.token });
  expect(res.json.status).toBe(0);
  return res.json.data as {
    version: number;
    confirmed_at: string | null;
    reopened_reason: string | null;
    answers: Record<string, unknown>;
    documents: { kind: string }[];
  };
}

/** A logged-in applicant whose ID step is confirmed (HKID), born on `birthDate`. */
export async function applicantBornOn(t: TestApp, birthDate = '1990-06-15'): Promise<TestUser> {
  const user = await createLoggedInUser(t);
  await prepareIdStep(t, user, { id_location: 'HK' });
  const res = await post(
    t,
    '/v9/OpenAccountHk/id_info',
    {
      id_type: 'hk_id',
      id_location: 'HK',
      english_surname: 'CHAN',
      english_given_name: 'TAI MAN',
      name_matches_bank: '1',
      gender: 'M',
      birth_date: birthDate,
      id_number: hkIdNumber('D', String(100000 + Math.floor(Math.random() * 899999))),
    },
    { token: user.token },
  );
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  return user;
}

/** The steps after the ID step and before `until`, in the flow's order (the registry's, not a list). */
export function stepsBefore(until: StepId): StepId[] {
  return STEP_IDS.slice(STEP_IDS.indexOf('identity') + 1, STEP_IDS.indexOf(until));
}

/**
 * The steps after the ID step and before `until` confirmed in the flow's order (the registry's):
 * those given in `throughTheCall` by the real step call with those answers, the others directly.
 */
export async function confirmStepsBefore(
  t: TestApp,
  user: TestUser,
  until: StepId,
  throughTheCall: Partial<Record<StepId, Record<string, unknown>>> = {},
) {
  for (const step of stepsBefore(until)) {
    const answers = throughTheCall[step];
    if (!answers) await confirmDirectly(t, user, [step]);
    else expect((await saveStep(t, user, step, { confirm: true, answers })).json.status, step).toBe(0);
  }
}

/**
 * Confirms steps as they stand (with whatever answers they have, none at all included), bypassing
 * their forms: the steps before the one under test that belong to other suites (address, personal).
 */
export async function confirmDirectly(
  t: TestApp,
  user: TestUser,
  steps: StepId[],
  answers: Record<string, unknown> = {},
) {
  const loose = z.record(z.string(), z.unknown());
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    for (const step of steps)
      await writeStep(
        tx,
        {
          vault: t.app.ctx.vault,
          now: t.app.ctx.now(),
          meta: SYSTEM_EVENT_META,
          steps: STEPS.map((s) => (s.id === step ? { ...s, answers: loose } : s)),
        },
        app,
        step,
        { confirm: true, ...(Object.keys(answers).length ? { answers } : {}) },
      );
  });
}

/** The step rows and events of the user's application: a refusal leaves both as they were. */
export async function snapshotOf(t: TestApp, user: TestUser) {
  const db = t.app.ctx.db;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const steps = await db
    .select({
      step: applicationSteps.step,
      version: applicationSteps.version,
      answers: applicationSteps.answers,
    })
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, app!.id));
  const [events] = await db
    .select({ n: count() })
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, app!.id)));
  return {
    steps: Object.fromEntries(steps.map((s) => [s.step, { version: s.version, answers: s.answers }])),
    events: events!.n,
  };
}

/** `n` years before `today` (YYYY-MM-DD), plus `days` (negative: earlier). */
export function yearsBefore(today: string, n: number, days = 0): string {
  const d = new Date(`${Number(today.slice(0, 4)) - n}${today.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const CASH_HK = { securities: 'cash', markets: ['HK'], futures: false };
export const EMPLOYED = {
  status: 'employed',
  company_name: 'Tencent Holdings Limited',
  industry: 'service',
  position: 'Product manager',
  job_level: 'manager',
  department: 'Cloud',
  years_of_service: 7,
};
