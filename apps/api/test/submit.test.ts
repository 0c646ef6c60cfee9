// Review and submit (issue #7 step 5): POST /v9/OpenAccountHk/audit and /submit on PGlite and
// PostgreSQL. Every applicable step is confirmed straight through the step store (each step's form
// has its own suite); the ID step and the documents go through the real routes.
import { randomUUID } from 'node:crypto';
import { ApplicationStatus, STEPS, translateError } from '@hk/domain';
import { AuditResponseSchema, SubmitResponseSchema } from '@hk/domain/flow/submit-contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationSteps, applications } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { SUBMIT_FAULT_POINTS, submitApplication } from '../src/plugins/app/submissions/submission-service';
import { images, upload } from './application-helpers';
import { type Applicant, applicantWithId, ErrorCode, saveStep } from './flow-step-helpers';
import { DB_KINDS, findPostgres, useTestApp } from './helpers';
import { confirmStepsBefore, postJson } from './investment-helpers';
import { audit, ready, sign, submit, written } from './submit-helpers';

const pgUrl = await findPostgres();

const applicant = (user: Applicant) => ({
  ...SYSTEM_EVENT_META,
  actorType: 'applicant' as const,
  actorId: user.userId,
});

describe.each(DB_KINDS)('review and submit (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'a step missing: 2009 names the blocking steps in flow order, the first first; nothing written',
    async () => {
      const user = await applicantWithId(t, 'cn');
      await upload(t, user.token, 'address_proof', await images.jpeg());
      await confirmStepsBefore(t, user, 'employment');
      const before = await written(t, user);
      for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
        const { json } = await submit(t, user, randomUUID(), lang);
        expect(json.status).toBe(ErrorCode.STEPS_INCOMPLETE);
        const steps = Object.keys(json.data.fields);
        expect(steps[0]).toBe('employment');
        // in the registry's order, the review never among them
        const order = STEPS.map((s) => s.id);
        expect(steps.map((s) => order.indexOf(s as never))).toEqual(
          [...steps.map((s) => order.indexOf(s as never))].sort((a, b) => a - b),
        );
        expect(steps).not.toContain('review');
        expect(steps).toContain('signature');
      }
      const { json: zh } = await submit(t, user, randomUUID(), 'zh-CN');
      const { json: en } = await submit(t, user, randomUUID(), 'en');
      expect(zh.info).not.toBe(en.info);
      // the audit says the same, for the review screen
      const a = await audit(t, user);
      expect(AuditResponseSchema.safeParse(a.json).success).toBe(true);
      expect(a.json.data.blocking[0]).toBe('employment');
      expect(a.json.data.submission).toBeNull();
      expect(await written(t, user)).toEqual(before);
    },
  );

  run('a document deleted after its step was confirmed blocks that step (2009 naming it)', async () => {
    const user = await ready(t);
    const info = await postJson(t, '/v9/OpenAccountHk/step_info/address', {}, { token: user.token });
    const proof = info.json.data.documents[0].document_id;
    // removed through the store, as if the step had been confirmed before its proof went away
    await t.app.ctx.db.execute(sql`update documents set deleted_at = now() where id = ${proof}`);
    const { json } = await submit(t, user);
    expect(json.status).toBe(ErrorCode.STEPS_INCOMPLETE);
    expect(Object.keys(json.data.fields)[0]).toBe('address');
    expect((await written(t, user)).status).toBe(0);
  });

  run('happy path: status 1, one numbered snapshot, the events; the audit shows the submission', async () => {
    const user = await ready(t);
    const before = await written(t, user);
    const key = randomUUID();
    const { json } = await submit(t, user, key);
    expect(json.status, JSON.stringify(json)).toBe(0);
    expect(SubmitResponseSchema.safeParse(json).success).toBe(true);
    expect(json.data).toMatchObject({ submission_number: 1, status: 1, replayed: false });
    expect(json.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const after = await written(t, user);
    expect(after.status).toBe(ApplicationStatus.SUBMITTED);
    expect(after.submittedAt?.toISOString()).toBe(json.data.submitted_at);
    expect(after.submissions.map((s) => [s.number, s.sha256])).toEqual([[1, json.data.sha256]]);
    expect(after.created).toHaveLength(1);
    expect(after.created[0]!.data).toMatchObject({
      number: 1,
      sha256: json.data.sha256,
      idempotency_key: key,
    });
    expect(after.created[0]!.actorId).toBe(user.userId);
    expect(after.statusChanges.map((e) => [e.statusFrom, e.statusTo])).toEqual([[0, 1]]);
    expect(after.events).toBe(before.events + 2);
    // the snapshot holds the sealed ID number, never the plain one
    expect(JSON.stringify(after.submissions[0]!.snapshot)).not.toContain(user.idNumber);

    const a = await audit(t, user);
    expect(a.json.data).toMatchObject({
      status: 1,
      blocking: [],
      submission: { submission_number: 1, sha256: json.data.sha256, submitted_at: json.data.submitted_at },
    });
    const identity = a.json.data.steps.find((s: { step: string }) => s.step === 'identity');
    expect(identity.sealed.id_number).toMatch(/\*/);
    expect(JSON.stringify(a.json)).not.toContain(user.idNumber);
    expect(a.res.headers['cache-control']).toBe('no-store');
  });

  run('the same key twice, or another key once submitted: one submission, each call answers it', async () => {
    const user = await ready(t);
    const key = randomUUID();
    const first = (await submit(t, user, key)).json;
    const again = (await submit(t, user, key)).json;
    const otherDevice = (await submit(t, user, randomUUID())).json;
    expect(first.data.replayed).toBe(false);
    for (const r of [again, otherDevice]) {
      expect(r.status).toBe(0);
      expect(r.data).toEqual({ ...first.data, replayed: true });
    }
    const after = await written(t, user);
    expect(after.submissions).toHaveLength(1);
    expect(after.created).toHaveLength(1);
    expect(after.statusChanges).toHaveLength(1);
  });

  run('two submits at once (the first holding the lock): one submission, both answer it', async () => {
    const user = await ready(t);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let firstLocked!: () => void;
    const locked = new Promise<void>((r) => {
      firstLocked = r;
    });
    const first = submitApplication(t.app.ctx, user.userId, applicant(user), {
      idempotencyKey: randomUUID(),
      fault: async (point) => {
        if (point !== 'locked') return;
        firstLocked();
        await held;
      },
    });
    await locked;
    // the second starts while the first holds the application's lock
    const second = submitApplication(t.app.ctx, user.userId, applicant(user), {
      idempotencyKey: randomUUID(),
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.replayed).toBe(false);
    expect(b.replayed).toBe(true);
    expect(b.submission.id).toBe(a.submission.id);
    expect((await written(t, user)).submissions).toHaveLength(1);

    // and through the routes, side by side
    const other = await ready(t);
    const answers = await Promise.all([submit(t, other), submit(t, other), submit(t, other)]);
    const numbers = answers.map((r) => [r.json.status, r.json.data.submission_number, r.json.data.sha256]);
    expect(new Set(numbers.map((n) => JSON.stringify(n))).size).toBe(1);
    expect(answers.filter((r) => r.json.data.replayed === false)).toHaveLength(1);
    expect((await written(t, other)).submissions).toHaveLength(1);
  });

  run("a signature over other answers than today's: 2017, nothing written", async () => {
    const user = await ready(t);
    // an answer changed behind the step store's back (the store itself would reopen the signature)
    const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
    await t.app.ctx.db
      .update(applicationSteps)
      .set({ answers: { education: 'changed' } })
      .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'personal')));
    const before = await written(t, user);
    expect((await submit(t, user)).json.status).toBe(ErrorCode.SIGNATURE_STALE);
    expect(await written(t, user)).toEqual(before);
    // signing again over the answers as they are: accepted
    await sign(t, user);
    expect((await submit(t, user)).json.status).toBe(0);

    // a confirmed signature without a hash is no signature of these answers
    const unsigned = await ready(t);
    await sign(t, unsigned, 'not-a-hash');
    expect((await submit(t, unsigned)).json.status).toBe(ErrorCode.SIGNATURE_STALE);
  });

  run('a changed answer after signing reopens the signature: 2009 naming it', async () => {
    const user = await ready(t);
    const saved = await saveStep(t, user, 'employment', { answers: { status: 'student' }, confirm: false });
    expect(saved.json.status, JSON.stringify(saved.json)).toBe(0);
    const { json } = await submit(t, user);
    expect(json.status).toBe(ErrorCode.STEPS_INCOMPLETE);
    expect(Object.keys(json.data.fields)).toContain('signature');
  });

  run.each([
    ApplicationStatus.SUBMITTED,
    ApplicationStatus.APPROVED,
    ApplicationStatus.ACTIVATED,
    ApplicationStatus.OPENED,
  ])('status %i: step saves, uploads, deletions and ID changes are refused (2002)', async (status) => {
    const user = await ready(t);
    expect((await submit(t, user)).json.status).toBe(0);
    await t.app.ctx.db.update(applications).set({ status }).where(eq(applications.userId, user.userId));
    const info = await postJson(t, '/v9/OpenAccountHk/step_info/address', {}, { token: user.token });
    const proof = info.json.data.documents[0].document_id;
    const before = await written(t, user);
    const attempts = [
      (await saveStep(t, user, 'personal', { answers: { email: 'x@example.com' }, confirm: false })).json,
      (await saveStep(t, user, 'employment', { answers: { status: 'retired' }, confirm: true })).json,
      (await upload(t, user.token, 'address_proof', await images.png())).json,
      (await postJson(t, '/v9/OpenAccountHk/del_file', { document_id: proof }, { token: user.token })).json,
      (await postJson(t, '/v9/OpenAccountHk/id_location', { id_location: 'CN' }, { token: user.token })).json,
    ];
    for (const a of attempts) expect(a.status, JSON.stringify(a)).toBe(ErrorCode.APPLICATION_LOCKED);
    // a submit after approval is not a replay: it is locked too
    if (status !== ApplicationStatus.SUBMITTED)
      expect((await submit(t, user)).json.status).toBe(ErrorCode.APPLICATION_LOCKED);
    expect(await written(t, user)).toEqual(before);
    const still = await postJson(t, '/v9/OpenAccountHk/step_info/address', {}, { token: user.token });
    expect(still.json.data.documents.map((d: { document_id: string }) => d.document_id)).toEqual([proof]);
  });

  run(
    'declined (-2): every change and the submit say the decision is final (2020), not "cannot be changed now"',
    async () => {
      const user = await ready(t);
      expect((await submit(t, user)).json.status).toBe(0);
      await t.app.ctx.db
        .update(applications)
        .set({ status: ApplicationStatus.DECLINED })
        .where(eq(applications.userId, user.userId));
      const info = await postJson(t, '/v9/OpenAccountHk/step_info/address', {}, { token: user.token });
      const proof = info.json.data.documents[0].document_id;
      const before = await written(t, user);
      const attempts = [
        (
          await saveStep(
            t,
            user,
            'personal',
            { answers: { email: 'x@example.com' }, confirm: false },
            'zh-HK',
          )
        ).json,
        (await saveStep(t, user, 'employment', { answers: { status: 'retired' }, confirm: true })).json,
        (await upload(t, user.token, 'address_proof', await images.png())).json,
        (await postJson(t, '/v9/OpenAccountHk/del_file', { document_id: proof }, { token: user.token })).json,
        (await postJson(t, '/v9/OpenAccountHk/id_location', { id_location: 'CN' }, { token: user.token }))
          .json,
        (await submit(t, user)).json,
      ];
      for (const a of attempts) expect(a.status, JSON.stringify(a)).toBe(ErrorCode.APPLICATION_DECLINED);
      expect(attempts[0]!.info).toBe(translateError('zh-HK', 'code_application_declined'));
      expect(attempts[0]!.info).not.toBe(translateError('zh-HK', 'code_application_locked'));
      expect(await written(t, user)).toEqual(before);
    },
  );

  run(
    'after a refusal: the earlier key answers its submission; a new key re-submits (number 2)',
    async () => {
      const user = await ready(t);
      const key = randomUUID();
      const first = (await submit(t, user, key)).json;
      await t.app.ctx.db
        .update(applications)
        .set({ status: ApplicationStatus.REJECTED })
        .where(eq(applications.userId, user.userId));
      const replay = (await submit(t, user, key)).json;
      expect(replay.data).toMatchObject({
        submission_number: 1,
        sha256: first.data.sha256,
        replayed: true,
        status: -1,
      });
      const second = (await submit(t, user)).json;
      expect(second.data).toMatchObject({ submission_number: 2, status: 1, replayed: false });
      expect((await written(t, user)).submissions.map((s) => s.number).sort()).toEqual([1, 2]);
    },
  );

  run.each(SUBMIT_FAULT_POINTS)(
    'a failure at "%s" inside submit leaves the application as it was; a retry submits it whole',
    async (point) => {
      const user = await ready(t);
      const before = await written(t, user);
      const key = randomUUID();
      await expect(
        submitApplication(t.app.ctx, user.userId, applicant(user), {
          idempotencyKey: key,
          fault: (p) => {
            if (p === point) throw new Error(`crash at ${p}`);
          },
        }),
      ).rejects.toThrow(`crash at ${point}`);
      expect(await written(t, user)).toEqual(before);
      // the same key again (the client's retry): submitted whole, once
      const { json } = await submit(t, user, key);
      expect(json.data).toMatchObject({ submission_number: 1, status: 1, replayed: false });
      const after = await written(t, user);
      expect(after.submissions).toHaveLength(1);
      expect(after.created).toHaveLength(1);
      expect(after.statusChanges).toHaveLength(1);
    },
  );

  run(
    'bad calls: no session 1001, a key that is not a UUID 1002 at its field, no application 2001',
    async () => {
      expect(
        (await postJson(t, '/v9/OpenAccountHk/submit', { idempotency_key: randomUUID() })).json.status,
      ).toBe(ErrorCode.SESSION_INVALID);
      const user = await ready(t);
      for (const key of [null, '', 'abc', 42, `${randomUUID()}x`]) {
        const { json, res } = await submit(t, user, key);
        expect(res.statusCode).toBeLessThan(500);
        expect(json.status).toBe(ErrorCode.VALIDATION_FAILED);
        expect(Object.keys(json.data.fields)).toEqual(['idempotency_key']);
      }
      expect((await written(t, user)).status).toBe(0);
      const { createLoggedInUser } = await import('./application-helpers');
      const nobody = await createLoggedInUser(t);
      expect((await submit(t, nobody)).json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
      expect((await audit(t, nobody)).json.status).toBe(ErrorCode.APPLICATION_NOT_FOUND);
    },
  );
});
