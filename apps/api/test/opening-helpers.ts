// Helpers of the opening and evidence suites (issue #15): a submitted application with the HKIDR
// consent given or refused and the applicant's language chosen, brought to "activated" (3).
//
// Until the deposit matching (2 → 3) is merged, `activateThroughStatusMachineForTest` moves a
// submitted application to 3 through the status machine itself (changeApplicationStatus: approve
// as staff, confirm_deposit as operations), exactly as the real calls do, without their screens.
import { ApplicationStatus, type Language, STEPS, type StepId } from '@hk/domain';
import { answersHashForSigning } from '@hk/domain/steps/signature/signing';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { applications, reviewCases } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import {
  listStepRows,
  lockApplication,
  lockEditableApplicationOfUser,
} from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import { changeApplicationStatus } from '../src/plugins/app/submissions/status-service';
import type { Applicant } from './flow-step-helpers';
import type { TestApp } from './helpers';
import { audit, confirmLoose, ready, submit } from './submit-helpers';

const loose = STEPS.map((s) => ({ ...s, answers: z.record(z.string(), z.unknown()) }));

export interface ActivatedApplication {
  applicant: Applicant;
  applicationId: string;
  caseId: string;
}

/** Signs over the answers as they stand, in `language` (the language the notices are sent in). */
async function signIn(t: TestApp, user: Applicant, language: Language) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    const rows = await listStepRows(tx, app.id);
    const hash = answersHashForSigning(
      rows.map((r) => ({ step: r.step as never, answers: r.answers, sealed: r.sealed })),
    );
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.clock.now, meta: SYSTEM_EVENT_META, steps: loose },
      app,
      'signature',
      { answers: { answers_hash: hash, language }, confirm: true },
    );
  });
}

/** An applicant who answered the HKIDR consent `consent`, signed in `language` and submitted. */
export async function submittedWithConsent(
  t: TestApp,
  opts: { consent: boolean; language?: Language },
): Promise<ActivatedApplication> {
  const applicant = await ready(t);
  await confirmLoose(t, applicant, 'declarations', { hkidr_consent: opts.consent });
  for (let round = 0; round < 4; round++) {
    const open = ((await audit(t, applicant)).json.data.blocking as StepId[]).filter(
      (s) => s !== 'signature',
    );
    if (open.length === 0) break;
    for (const step of open) await confirmLoose(t, applicant, step, {});
  }
  await signIn(t, applicant, opts.language ?? 'zh-CN');
  const res = await submit(t, applicant);
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  const [app] = await t.app.ctx.db
    .select()
    .from(applications)
    .where(eq(applications.userId, applicant.userId));
  const [c] = await t.app.ctx.db.select().from(reviewCases).where(eq(reviewCases.applicationId, app!.id));
  return { applicant, applicationId: app!.id, caseId: c!.id };
}

/** 1 → 2 → 3 through the status machine (see the note at the top of this file). */
export async function activateThroughStatusMachineForTest(t: TestApp, applicationId: string) {
  await t.app.ctx.db.transaction(async (tx) => {
    let app = await lockApplication(tx, applicationId);
    expect(app?.status).toBe(ApplicationStatus.SUBMITTED);
    app = await changeApplicationStatus(
      tx,
      app!,
      'approve',
      { ...SYSTEM_EVENT_META, actorType: 'staff' },
      t.clock.now,
    );
    await changeApplicationStatus(
      tx,
      app,
      'confirm_deposit',
      { ...SYSTEM_EVENT_META, actorType: 'operations' },
      t.clock.now,
    );
  });
}

export async function activatedApplication(
  t: TestApp,
  opts: { consent: boolean; language?: Language },
): Promise<ActivatedApplication> {
  const s = await submittedWithConsent(t, opts);
  await activateThroughStatusMachineForTest(t, s.applicationId);
  return s;
}
