// The status call (every visit makes it first) and the info call: one database statement each, the
// session check included, and nothing kept between calls, so a staff decision shows on the next
// call (decision 023, issue #24).
import { ApplicationStatus, ErrorCode } from '@hk/domain';
import { CaseViewSchema } from '@hk/domain/review/contracts';
import { describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { createLoggedInUser, post } from './application-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { createStaff, signInStaff, staffCall, submittedApplication } from './review-helpers';

const pgUrl = await findPostgres();

/** Counts the statements the app sends from now on, at the driver (the pg pool or PGlite). */
function countQueries(t: TestApp): { readonly count: number } {
  const client = (t.app.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const counter = { count: 0 };
  const query = client.query;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    counter.count += 1;
    return query.apply(this, args);
  };
  return counter;
}

async function queriesOf(t: TestApp, url: string, token: string) {
  const counter = countQueries(t);
  const before = counter.count;
  const { json } = await post(t, url, {}, { token });
  return { json, queries: counter.count - before };
}

describe.each(DB_KINDS)('the status and info calls read once (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run('one statement per call: a submitted application', async () => {
    const { applicant } = await submittedApplication(t);
    // the first status call fills the content cache (its snapshot); the next ones read only the stamp
    await post(t, '/v9/OpenAccountHk/status', {}, { token: applicant.token });
    const status = await queriesOf(t, '/v9/OpenAccountHk/status', applicant.token);
    expect(status.json.status).toBe(0);
    expect(status.json.data.steps.length).toBeGreaterThan(5);
    expect(status.queries).toBe(1);
    const info = await queriesOf(t, '/v9/OpenAccountHk/info', applicant.token);
    expect(info.json.status).toBe(0);
    expect(info.json.data.id_step.documents.length).toBe(2);
    expect(info.json.data.id_step.id_number_masked).toMatch(/\*/);
    expect(info.queries).toBe(1);
  });

  run('one statement per call: a registered user without an application, a wrong token', async () => {
    const registered = await createLoggedInUser(t);
    // the first status call fills the content cache (its snapshot); the next ones read only the stamp
    await post(t, '/v9/OpenAccountHk/status', {}, { token: registered.token });
    const bare = await queriesOf(t, '/v9/OpenAccountHk/status', registered.token);
    expect([bare.json.status, bare.json.data.progress, bare.queries]).toEqual([0, 'registered', 1]);
    const none = await queriesOf(t, '/v9/OpenAccountHk/info', registered.token);
    expect([none.json.status, none.queries]).toEqual([ErrorCode.APPLICATION_NOT_FOUND, 1]);

    const stranger = await queriesOf(t, '/v9/OpenAccountHk/status', 'x'.repeat(43));
    expect([stranger.json.status, stranger.queries]).toEqual([ErrorCode.SESSION_INVALID, 1]);
  });

  run('a staff decision shows on the next call: returned for changes, the step reopened', async () => {
    const s = await submittedApplication(t);
    const before = await post(t, '/v9/OpenAccountHk/status', {}, { token: s.applicant.token });
    expect(before.json.data).toMatchObject({ status: ApplicationStatus.SUBMITTED, progress: 'submitted' });
    const infoBefore = await post(t, '/v9/OpenAccountHk/info', {}, { token: s.applicant.token });
    expect(infoBefore.json.data.id_step.reopened_reason).toBeNull();

    const reviewer = await signInStaff(t, await createStaff(t, ['reviewer']));
    const view = (res: { body: string; json(): { data: unknown } }) => {
      expect(res.json(), res.body).toMatchObject({ status: 0 });
      return z.parse(CaseViewSchema, res.json().data);
    };
    let v = view(await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/assign`, { version: 0 }));
    const idFront = v.items.find((i) => i.kind === 'document' && i.step === 'identity')!;
    v = view(
      await staffCall(t, reviewer, 'PUT', `/cases/${s.caseId}/items/${idFront.key}`, {
        version: v.case.version,
        verdict: 'revision',
        reasons: ['blurry_image'],
        applicantComment: 'The photo is blurry',
        internalNote: 'glare',
      }),
    );
    const returned = await staffCall(t, reviewer, 'POST', `/cases/${s.caseId}/return`, {
      version: v.case.version,
    });
    expect(returned.json().status).toBe(0);

    const after = await post(t, '/v9/OpenAccountHk/status', {}, { token: s.applicant.token });
    expect(after.json.data).toMatchObject({
      status: ApplicationStatus.REJECTED,
      progress: 'opening',
      next_step: 'identity',
    });
    const identity = after.json.data.steps.find((x: { step: string }) => x.step === 'identity');
    expect(identity.confirmed).toBe(false);
    const infoAfter = await post(t, '/v9/OpenAccountHk/info', {}, { token: s.applicant.token });
    expect(infoAfter.json.data.application.status).toBe(ApplicationStatus.REJECTED);
    expect(infoAfter.json.data.id_step.confirmed_at).toBeNull();
  });

  run('a signed-out session is refused on the next call', async () => {
    const user = await createLoggedInUser(t);
    expect((await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.status).toBe(0);
    const out = await post(t, '/V9/OpenAccountHk/logout', {}, { token: user.token });
    expect(out.json.status).toBe(0);
    for (const url of ['/v9/OpenAccountHk/status', '/v9/OpenAccountHk/info']) {
      expect((await post(t, url, {}, { token: user.token })).json.status, url).toBe(
        ErrorCode.SESSION_INVALID,
      );
    }
  });
});
