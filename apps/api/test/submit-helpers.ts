// Helpers of the submit suites: an applicant with every applicable step confirmed (straight
// through the step store: each step's form has its own suite) and signed over the answers as they
// stand; the submit and audit calls; what a submission writes.
import { randomUUID } from 'node:crypto';
import { RISK_DISCLOSURE_VERSION, STEPS, type StepId } from '@hk/domain';
import { answersHashForSigning } from '@hk/domain/steps/signature/signing';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationEvents, applications, submissions } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { listStepRows, lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import { images, upload } from './application-helpers';
import { type Applicant, applicantWithId, type Lang } from './flow-step-helpers';
import type { TestApp } from './helpers';
import { confirmStepsBefore, postJson } from './investment-helpers';

const loose = STEPS.map((s) => ({ ...s, answers: z.record(z.string(), z.unknown()) }));

export async function confirmLoose(
  t: TestApp,
  user: Applicant,
  step: StepId,
  answers: Record<string, unknown>,
) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.clock.now, meta: SYSTEM_EVENT_META, steps: loose },
      app,
      step,
      { answers, confirm: true },
    );
  });
}

/** Signs as the signature step does: the hash of every step's answers as they stand now. */
export async function sign(
  t: TestApp,
  user: Applicant,
  answersHash?: string,
  /** More of the signature's record (the agreements, the time, the language), as the sign call keeps them. */
  more: Record<string, unknown> = {},
) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    const rows = await listStepRows(tx, app.id);
    const hash =
      answersHash ??
      answersHashForSigning(
        rows.map((r) => ({ step: r.step as never, answers: r.answers, sealed: r.sealed })),
      );
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.clock.now, meta: SYSTEM_EVENT_META, steps: loose },
      app,
      'signature',
      { answers: { ...more, answers_hash: hash }, confirm: true },
    );
  });
}

/** An applicant with every applicable step confirmed (and the address proof uploaded), signed. */
export async function ready(t: TestApp, kind: 'hk' | 'cn' = 'hk'): Promise<Applicant> {
  const user = await applicantWithId(t, kind);
  const proof = await upload(t, user.token, 'address_proof', await images.jpeg());
  expect(proof.json.status, JSON.stringify(proof.json)).toBe(0);
  await confirmStepsBefore(t, user, 'review');
  // a confirmation may reopen later steps (the recording reopens the photos): again until none is open
  for (let round = 0; round < 4; round++) {
    const open = (await audit(t, user)).json.data.blocking as StepId[];
    const todo = open.filter((s) => s !== 'signature');
    if (todo.length === 0) break;
    // the recording counts as heard on the current text only
    for (const step of todo)
      await confirmLoose(
        t,
        user,
        step,
        step === 'risk_disclosure' ? { text_version: RISK_DISCLOSURE_VERSION } : {},
      );
  }
  await sign(t, user);
  const a = await audit(t, user);
  expect(a.json.status, JSON.stringify(a.json)).toBe(0);
  expect(
    a.json.data.blocking,
    JSON.stringify(a.json.data.steps.filter((s: { confirmed: boolean }) => !s.confirmed)),
  ).toEqual([]);
  return user;
}

export const submit = (t: TestApp, user: { token: string }, key: unknown = randomUUID(), lang: Lang = 'en') =>
  postJson(t, '/v9/OpenAccountHk/submit', key === null ? {} : { idempotency_key: key }, {
    token: user.token,
    lang,
  });
export const audit = (t: TestApp, user: { token: string }) =>
  postJson(t, '/v9/OpenAccountHk/audit', {}, { token: user.token });

/** What a submission writes: the status, the snapshots, the submit-related events. */
export async function written(t: TestApp, user: Applicant) {
  const { db } = t.app.ctx;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const snaps = await db.select().from(submissions).where(eq(submissions.applicationId, app!.id));
  const events = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, app!.id))
    .orderBy(applicationEvents.id);
  return {
    status: app!.status,
    submittedAt: app!.submittedAt,
    submissions: snaps,
    events: events.length,
    created: events.filter((e) => e.type === 'submission_created'),
    statusChanges: events.filter((e) => e.type === 'status_changed'),
  };
}
