import {
  ApplicationStatus,
  bankStep,
  ErrorCode,
  ID_CHECKS_PER_DAY,
  identityStep,
  reviewStep,
  STEPS,
  type StepDefinition,
  signatureStep,
  translateError,
  verifySubmission,
} from '@hk/domain';
import { FLOW_ERROR_MESSAGES } from '@hk/domain/flow/messages';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { applicationEvents, applicationSteps, applications, submissions } from '../src/db/schema';
import { createSession } from '../src/plugins/app/auth/session-repository';
import {
  type EventMeta,
  listEventsOfApplication,
  SYSTEM_EVENT_META,
} from '../src/plugins/app/events/event-repository';
import { lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import { changeApplicationStatus } from '../src/plugins/app/submissions/status-service';
import { submitApplication } from '../src/plugins/app/submissions/submission-service';
import {
  applicationRow,
  createLoggedInUser,
  hkIdNumber,
  images,
  post,
  prepareIdStep,
  statusOf,
  submitIdentityOnly,
  type TestUser,
  upload,
} from './application-helpers';
import { loginNewUser } from './auth-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

const HK = {
  id_type: 'hk_id',
  id_location: 'HK',
  english_surname: 'CHAN',
  english_given_name: 'TAI MAN',
  name_matches_bank: '1',
  gender: 'M',
  birth_date: '1988-02-29',
};

const staff: EventMeta = { ...SYSTEM_EVENT_META, actorType: 'staff', actorId: 'reviewer-1' };

/** The registry with a bank step whose answers can be saved (its form comes with a later issue). */
const WITH_BANK: StepDefinition[] = STEPS.map((s) =>
  s.id === 'bank' ? { ...bankStep, answers: z.partial(z.object({ bank_name: z.string() })) } : s,
);

async function stepRow(t: TestApp, userId: string, step: string) {
  const app = (await applicationRow(t, userId))!;
  const [row] = await t.app.ctx.db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, app.id), eq(applicationSteps.step, step)));
  return row;
}

async function eventsOf(t: TestApp, userId: string) {
  const app = (await applicationRow(t, userId))!;
  return listEventsOfApplication(t.app.ctx.db, app.id);
}

async function confirmedIdentity(
  t: TestApp,
  number = hkIdNumber('B', String(100000 + Math.floor(Math.random() * 899999))),
) {
  const user = await createLoggedInUser(t);
  await prepareIdStep(t, user, { id_location: 'HK' });
  const res = await post(t, '/v9/OpenAccountHk/id_info', { ...HK, id_number: number }, { token: user.token });
  expect(res.json.status).toBe(0);
  return { user, number };
}

/** Saves a step through the step store itself, as the later steps' routes will. */
async function save(
  t: TestApp,
  user: TestUser,
  step: 'bank' | 'account_type' | 'employment',
  answers: Record<string, unknown>,
  confirm = true,
) {
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.app.ctx.now(), meta: SYSTEM_EVENT_META, steps: WITH_BANK },
      app,
      step,
      {
        answers,
        confirm,
      },
    );
  });
}

describe.each(DB_KINDS)('the application as steps (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'an address proof upload never touches the identity step; a fourth proof is refused (3006)',
    async () => {
      const { user } = await confirmedIdentity(t);
      const before = await stepRow(t, user.userId, 'identity');
      for (let i = 0; i < 3; i++)
        expect((await upload(t, user.token, 'address_proof', await images.jpeg())).json.status).toBe(0);
      const fourth = await upload(t, user.token, 'address_proof', await images.jpeg(), { lang: 'en' });
      expect(fourth.json.status).toBe(ErrorCode.UPLOAD_COUNT_EXCEEDED);
      const after = await stepRow(t, user.userId, 'identity');
      expect(after!.confirmedAt).toEqual(before!.confirmedAt);
      expect(after!.version).toBe(before!.version);
      const address = await stepRow(t, user.userId, 'address');
      expect(address!.version).toBe(3);
      const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(status.json.data.info_progress).toBe(10);
      expect(status.json.data.next_step).toBe('address');
      // the ID step's info lists its own photos only
      const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
      expect(info.json.data.id_step.documents.map((d: { kind: string }) => d.kind).sort()).toEqual([
        'id_back',
        'id_front',
      ]);
    },
  );

  run('a replaced ID photo reopens the identity step and says why; events record each change', async () => {
    const { user } = await confirmedIdentity(t);
    await upload(t, user.token, 'id_front', await images.jpeg(900, 600));
    const identity = await stepRow(t, user.userId, 'identity');
    expect(identity!.confirmedAt).toBeNull();
    expect(identity!.reopenedReason).toBe('documents_changed');
    const status = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
    // the ID stage is under way again (info_progress, decision 011); nothing is done
    expect(status.json.data).toMatchObject({ info_progress: 10, stages_done: [], next_step: 'identity' });
    expect(status.json.data.steps[0]).toEqual({
      step: 'identity',
      confirmed: false,
      reopened_reason: 'documents_changed',
    });
    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(info.json.data.id_step.reopened_reason).toBe('documents_changed');

    const types = (await eventsOf(t, user.userId)).map((e) => e.type);
    expect(types).toEqual([
      'application_created',
      'step_saved', // id_location
      'document_uploaded',
      'step_saved',
      'document_uploaded',
      'step_saved',
      'id_number_checked',
      'step_confirmed',
      'document_uploaded',
      'step_saved',
    ]);
    const [created] = await eventsOf(t, user.userId);
    // where from: a request id and a keyed hash of the client address, never the address itself
    expect(created!.requestId).toBeTruthy();
    expect(created!.clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created!.actorType).toBe('applicant');
    expect(created!.actorId).toBe(user.userId);
    expect(JSON.stringify(await eventsOf(t, user.userId))).not.toContain('127.0.0.1');
  });

  run(
    'a name or ID change reopens the bank step (and says why); an unchanged save reopens nothing',
    async () => {
      const { user, number } = await confirmedIdentity(t);
      await save(t, user, 'bank', { bank_name: 'HSBC' });
      expect((await stepRow(t, user.userId, 'bank'))!.confirmedAt).not.toBeNull();

      // the same details again: nothing reopened
      await post(t, '/v9/OpenAccountHk/id_info', { ...HK, id_number: number }, { token: user.token });
      expect((await stepRow(t, user.userId, 'bank'))!.confirmedAt).not.toBeNull();

      await post(
        t,
        '/v9/OpenAccountHk/id_info',
        { ...HK, english_given_name: 'TAI WAI', id_number: number },
        { token: user.token },
      );
      const bank = await stepRow(t, user.userId, 'bank');
      expect(bank!.confirmedAt).toBeNull();
      expect(bank!.reopenedReason).toBe('name_or_id_changed');
      const reopened = (await eventsOf(t, user.userId)).filter((e) => e.type === 'step_reopened');
      expect(reopened.map((e) => [e.step, e.data])).toEqual([
        ['bank', { reason: 'name_or_id_changed', by: 'identity' }],
      ]);
    },
  );

  run('an employment change to student reopens a margin account type', async () => {
    const { user } = await confirmedIdentity(t);
    await save(t, user, 'account_type', { securities: 'margin', markets: ['HK'], futures: false });
    await save(t, user, 'employment', { status: 'employed' });
    expect((await stepRow(t, user.userId, 'account_type'))!.confirmedAt).not.toBeNull();
    await save(t, user, 'employment', { status: 'student' });
    const accountType = await stepRow(t, user.userId, 'account_type');
    expect(accountType!.confirmedAt).toBeNull();
    expect(accountType!.reopenedReason).toBe('margin_not_for_students');
    // is_future_account and account_type come from the step's answers
    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(info.json.data.account_type.value).toBe('M');
    expect(info.json.data.is_future_account.value).toBe('0');
    await save(t, user, 'account_type', { securities: 'cash', futures: true });
    const again = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    expect(again.json.data.account_type.value).toBe('C');
    expect(again.json.data.is_future_account.value).toBe('1');
  });

  run('a stale step_version gets its own status (2007) and overwrites nothing', async () => {
    const user = await createLoggedInUser(t);
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token: user.token });
    const first = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'HK' },
      { token: user.token },
    );
    expect(first.json.data.version).toBe(1);
    // device A saved version 1 → 2; device B still holds version 1
    const a = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'CN', step_version: 1 },
      { token: user.token },
    );
    expect(a.json).toMatchObject({ status: 0, data: { version: 2 } });
    const b = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'OTHER', nationality: 'GB', step_version: 1 },
      { token: user.token, lang: 'en' },
    );
    expect(b.json.status).toBe(ErrorCode.STEP_VERSION_CONFLICT);
    const identity = await stepRow(t, user.userId, 'identity');
    expect(identity!.answers).toMatchObject({ id_location: 'CN' });
    expect(identity!.version).toBe(2);
    const bad = await post(
      t,
      '/v9/OpenAccountHk/id_location',
      { id_location: 'HK', step_version: 'x' },
      { token: user.token },
    );
    expect(bad.json.status).toBe(ErrorCode.VALIDATION_FAILED);
  });

  run(`at most ${ID_CHECKS_PER_DAY} ID-number confirmations per application in 24 hours (2008)`, async () => {
    const user = await createLoggedInUser(t);
    await prepareIdStep(t, user, { id_location: 'HK' });
    for (let i = 0; i < ID_CHECKS_PER_DAY; i++) {
      const res = await post(
        t,
        '/v9/OpenAccountHk/id_info',
        { ...HK, id_number: hkIdNumber('C', String(200000 + i)) },
        { token: user.token },
      );
      expect(res.json.status, `try ${i + 1}`).toBe(0);
    }
    const limited = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      { ...HK, id_number: hkIdNumber('C', '299999') },
      { token: user.token, lang: 'en' },
    );
    expect(limited.json.status).toBe(ErrorCode.ID_CHECK_LIMIT);
    // a form error is not a confirmation and does not count
    const formError = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      { ...HK, id_number: 'A1' },
      { token: user.token },
    );
    expect(formError.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    t.clock.advance(24 * 3600 + 1);
    // a day later (a new session: the old one expired with the day)
    const { token } = await createSession(t.app.ctx.db, user.userId, 'test-device', t.clock.now);
    const later = await post(
      t,
      '/v9/OpenAccountHk/id_info',
      { ...HK, id_number: hkIdNumber('C', '299999') },
      { token },
    );
    expect(later.json.status).toBe(0);
  });

  run('passport look-up hashes include the issuing country', async () => {
    const hashes: string[] = [];
    for (const nationality of ['GB', 'SG', 'GB']) {
      const user = await createLoggedInUser(t);
      await prepareIdStep(t, user, { id_location: 'OTHER', nationality });
      const res = await post(
        t,
        '/v9/OpenAccountHk/id_info',
        { ...HK, id_type: 'passport', id_location: 'OTHER', id_number: 'K7654321' },
        { token: user.token },
      );
      expect(res.json.status).toBe(0);
      hashes.push((await applicationRow(t, user.userId))!.idNumberHash!);
    }
    expect(hashes[0]).toBe(t.app.ctx.vault.lookupHash('passport:GB:K7654321'));
    expect(hashes[1]).not.toBe(hashes[0]);
    expect(hashes[2]).toBe(hashes[0]);
  });

  run(
    'submissions: numbered, hashed, sealed, immutable; re-submission after a refusal is the next one',
    async () => {
      const { user, number } = await confirmedIdentity(t);
      const app = (await applicationRow(t, user.userId))!;
      const first = await submitIdentityOnly(t, user);
      expect(first.submission.number).toBe(1);
      expect(first.application.status).toBe(ApplicationStatus.SUBMITTED);
      expect(verifySubmission(first.submission.snapshot, first.submission.sha256)).toBe(true);
      const text = JSON.stringify(first.submission.snapshot);
      expect(text).not.toContain(number);
      expect(text).toContain('"documents"');
      // submitted: locked for the applicant; a second submit makes nothing and answers the first
      const again = await submitIdentityOnly(t, user);
      expect(again.replayed).toBe(true);
      expect(again.submission.id).toBe(first.submission.id);
      expect(
        (await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'CN' }, { token: user.token })).json
          .status,
      ).toBe(ErrorCode.APPLICATION_LOCKED);

      // nothing may change or remove a submission or an event, whatever the SQL
      for (const statement of [
        sql`update submissions set sha256 = 'x' where application_id = ${app.id}`,
        sql`delete from submissions where application_id = ${app.id}`,
        sql`update application_events set type = 'x' where application_id = ${app.id}`,
        sql`delete from application_events where application_id = ${app.id}`,
      ]) {
        const refused = await t.app.ctx.db.execute(statement).then(
          () => 'accepted',
          (err: { message?: string; cause?: { message?: string } }) =>
            `${err.message} ${err.cause?.message ?? ''}`,
        );
        expect(refused).toMatch(/append-only/);
      }

      // staff send it back; the applicant re-submits: submission 2, the first one unchanged
      await t.app.ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(applications).where(eq(applications.id, app.id)).for('update');
        await changeApplicationStatus(tx, row!, 'refuse', staff, t.app.ctx.now());
      });
      expect((await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.data.status).toBe(
        -1,
      );
      const second = await submitIdentityOnly(t, user);
      expect(second.submission.number).toBe(2);
      const stored = await t.app.ctx.db
        .select()
        .from(submissions)
        .where(eq(submissions.applicationId, app.id));
      expect(stored.map((s) => s.number).sort()).toEqual([1, 2]);
      expect(stored.find((s) => s.number === 1)!.sha256).toBe(first.submission.sha256);
      const statusEvents = (await eventsOf(t, user.userId)).filter((e) => e.type === 'status_changed');
      expect(statusEvents.map((e) => [e.statusFrom, e.statusTo, e.actorType])).toEqual([
        [0, 1, 'applicant'],
        [1, -1, 'staff'],
        [-1, 1, 'applicant'],
      ]);
    },
  );

  run(
    'the status changes only through the machine: a wrong actor or status is refused, nothing written',
    async () => {
      const { user } = await confirmedIdentity(t);
      const app = (await applicationRow(t, user.userId))!;
      const attempt = (action: 'approve' | 'refuse' | 'open', meta: EventMeta) =>
        statusOf(
          t.app.ctx.db.transaction(async (tx) => {
            const [row] = await tx
              .select()
              .from(applications)
              .where(eq(applications.id, app.id))
              .for('update');
            await changeApplicationStatus(tx, row!, action, meta, t.app.ctx.now());
          }),
        );
      // staff cannot approve an application still being filled in
      expect(await attempt('approve', staff)).toBe(ErrorCode.STATUS_CHANGE_REFUSED);
      await submitIdentityOnly(t, user);
      // the applicant cannot approve their own; operations cannot open a merely submitted one
      expect(
        await attempt('approve', { ...SYSTEM_EVENT_META, actorType: 'applicant', actorId: user.userId }),
      ).toBe(ErrorCode.APPLICATION_LOCKED);
      expect(await attempt('open', { ...SYSTEM_EVENT_META, actorType: 'operations' })).toBe(
        ErrorCode.STATUS_CHANGE_REFUSED,
      );
      expect((await applicationRow(t, user.userId))!.status).toBe(ApplicationStatus.SUBMITTED);
      expect(await attempt('approve', staff)).toBe(0);
      expect((await applicationRow(t, user.userId))!.status).toBe(ApplicationStatus.APPROVED);
    },
  );

  run('a submission needs every applicable step confirmed (2009)', async () => {
    const { user } = await confirmedIdentity(t);
    const meta = { ...SYSTEM_EVENT_META, actorType: 'applicant' as const, actorId: user.userId };
    // the whole registry: everything after the ID step is missing
    expect(await statusOf(submitApplication(t.app.ctx, user.userId, meta))).toBe(ErrorCode.STEPS_INCOMPLETE);
    // a photo deleted after confirmation: the identity step itself is open again
    const info = await post(t, '/v9/OpenAccountHk/info', {}, { token: user.token });
    await post(
      t,
      '/v9/OpenAccountHk/del_file',
      { document_id: info.json.data.id_step.documents[0].document_id },
      { token: user.token },
    );
    expect(
      await statusOf(
        submitApplication(t.app.ctx, user.userId, meta, { steps: [identityStep, signatureStep, reviewStep] }),
      ),
    ).toBe(ErrorCode.STEPS_INCOMPLETE);
    expect((await applicationRow(t, user.userId))!.status).toBe(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(submissions)
        .where(eq(submissions.applicationId, (await applicationRow(t, user.userId))!.id)),
    ).toEqual([]);
  });

  run('login and logout are events of the person (and of their application once there is one)', async () => {
    const first = await loginNewUser(t);
    const token = first.token as string;
    await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token });
    t.clock.advance(61);
    const again = await loginNewUser(t, first.mobile);
    await post(t, '/V9/OpenAccountHk/logout', {}, { token: again.token as string });
    const events = await t.app.ctx.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.userId, first.uid as string))
      .orderBy(applicationEvents.id);
    const app = (await applicationRow(t, first.uid as string))!;
    expect(events.map((e) => [e.type, e.applicationId])).toEqual([
      ['login', null],
      ['application_created', app.id],
      ['login', app.id],
      ['logout', app.id],
    ]);
    for (const e of events) {
      expect(e.actorId).toBe(first.uid);
      expect(e.clientHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  run(
    "the later steps' field messages (flow/, off the login bundle) are the server's to translate",
    async () => {
      for (const lang of ['zh-CN', 'zh-HK', 'en'] as const)
        expect(translateError(lang, 'appointment_weekend')).toBe(
          FLOW_ERROR_MESSAGES[lang].appointment_weekend,
        );
    },
  );

  run(
    'no service QR block until staff set one up (content.test.ts turns it on); is_marketing is off until consent',
    async () => {
      const user = await createLoggedInUser(t);
      await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin'] }, { token: user.token });
      const without = await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token });
      expect(without.json.data).toMatchObject({ is_show_open_cs_qrcode: 0, is_marketing: 0 });
    },
  );
});
