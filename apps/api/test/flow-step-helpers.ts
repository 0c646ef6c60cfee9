// Helpers of the tax and declarations step tests: an applicant with the ID step done through the
// real routes, and the steps before tax confirmed directly (their own suites test their forms).
import { ErrorCode, STEP_IDS, STEPS, type StepId } from '@hk/domain';
import { STEP_FORMS } from '@hk/domain/flow/step-forms';
import { accountTypeSample } from '@hk/domain/steps/account-type/catalogue';
import { addressSample } from '@hk/domain/steps/address/catalogue';
import { STEP_SAMPLES } from '@hk/domain/steps/tables';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applicationEvents, applicationSteps, applications } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import {
  cnIdNumber,
  createLoggedInUser,
  hkIdNumber,
  post,
  prepareIdStep,
  type TestUser,
} from './application-helpers';
import { signed, type TestApp } from './helpers';

export type Lang = 'zh-CN' | 'zh-HK' | 'en';

/** The generic step call with a JSON body, as the step screens send it. */
export async function saveStep(
  t: TestApp,
  user: TestUser | { token: string },
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

export interface Applicant extends TestUser {
  idNumber: string;
}

/** A logged-in applicant whose ID step is confirmed: an HKID holder, or a mainland resident ID holder. */
export async function applicantWithId(t: TestApp, kind: 'hk' | 'cn' = 'hk'): Promise<Applicant> {
  const user = await createLoggedInUser(t);
  const birth = '1988-02-29';
  const idNumber =
    kind === 'hk'
      ? hkIdNumber('D', String(100000 + Math.floor(Math.random() * 899999)))
      : cnIdNumber(birth, 'F', '440305', String(10 + Math.floor(Math.random() * 89)));
  await prepareIdStep(t, user, { id_location: kind === 'hk' ? 'HK' : 'CN' });
  const res = await post(
    t,
    '/v9/OpenAccountHk/id_info',
    {
      id_type: kind === 'hk' ? 'hk_id' : 'cn_id',
      id_location: kind === 'hk' ? 'HK' : 'CN',
      english_surname: kind === 'hk' ? 'CHAN' : 'WANG',
      english_given_name: kind === 'hk' ? 'TAI MAN' : 'FANG',
      ...(kind === 'cn' ? { chinese_name: '王芳' } : {}),
      name_matches_bank: '1',
      gender: kind === 'hk' ? 'M' : 'F',
      birth_date: birth,
      id_number: idNumber,
    },
    { token: user.token },
  );
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  return { ...user, idNumber };
}

/** Confirms a step directly through writeStep (what its own form would store), as the real call does. */
export async function confirmDirect(
  t: TestApp,
  user: TestUser,
  step: StepId,
  answers: Record<string, unknown>,
) {
  const schema = STEP_FORMS[step]?.draft ?? STEPS.find((s) => s.id === step)!.answers;
  const registry = STEPS.map((s) => (s.id === step ? { ...s, answers: schema } : s));
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.app.ctx.now(), meta: SYSTEM_EVENT_META, steps: registry },
      app,
      step,
      { answers, confirm: true },
    );
  });
}

/** The address step's sample: a Hong Kong address with a utility bill. */
export const HK_ADDRESS = addressSample.form;
export const CN_ADDRESS = {
  ...HK_ADDRESS,
  region: 'CN',
  district: undefined,
  province_code: '440000',
  city_code: '440300',
  county_code: '440305',
  detail: '科技园路1号',
  postal_code: '518057',
};

/**
 * Every step after the ID step and before `until` that has a form confirmed directly, in the flow's
 * order, with its sample (`steps/<step>/catalogue.ts`) or the answers given in `answers`.
 */
export async function confirmSamplesBefore(
  t: TestApp,
  user: TestUser,
  until: StepId,
  answers: Partial<Record<StepId, Record<string, unknown>>> = {},
) {
  for (const step of STEP_IDS.slice(STEP_IDS.indexOf('identity') + 1, STEP_IDS.indexOf(until))) {
    const sample = answers[step] ?? STEP_SAMPLES[step].form;
    if (sample) await confirmDirect(t, user, step, sample);
  }
}

/** Every step before tax confirmed with its sample (the account type on `markets`, the address given). */
export async function confirmBeforeTax(
  t: TestApp,
  user: TestUser,
  opts: { markets?: string[]; address?: Record<string, unknown> } = {},
) {
  await confirmSamplesBefore(t, user, 'tax', {
    address: opts.address ?? HK_ADDRESS,
    account_type: { ...accountTypeSample.form, markets: opts.markets ?? ['HK'] },
  });
}

/** The step's stored row and the application's event count: what a refusal must leave as it was. */
export async function snapshot(t: TestApp, user: TestUser, step: string) {
  const { db } = t.app.ctx;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const [row] = await db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, step)));
  const [events] = await db
    .select({ n: count() })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, app!.id));
  return { row: row ?? null, events: events!.n };
}

export { ErrorCode };
