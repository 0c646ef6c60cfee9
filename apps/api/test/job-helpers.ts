// Background jobs in the API suites (issue #22): the test app starts no runner (as it starts no
// outbox sender); a suite runs the due jobs when it wants them, on the app's clock, and can stop a
// runner after a batch as a crash would.
import { type JobView, JobViewSchema } from '@hk/domain/staff/jobs';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { jobHandlersOf } from '../src/plugins/app/jobs/job-handlers';
import type { JobRow } from '../src/plugins/app/jobs/job-repository';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../src/plugins/app/jobs/job-runner';
import type { TestApp } from './helpers';
import { type SignedInStaff, staffCall } from './review-helpers';

const quiet = { info() {}, warn() {}, error() {} };

export function jobRunnerOf(
  t: TestApp,
  opts: {
    afterBatch?: (job: JobRow, done: number) => void | Promise<void>;
    options?: Partial<JobRunnerOptions>;
  } = {},
): JobRunner {
  return createJobRunner({
    db: t.app.ctx.db,
    files: t.app.ctx.files,
    handlers: jobHandlersOf(t.app.ctx),
    now: () => t.clock.now,
    log: quiet,
    ...(opts.afterBatch ? { afterBatch: opts.afterBatch } : {}),
    ...(opts.options ? { options: opts.options } : {}),
  });
}

/** Runs every due job to its end (or its failure). */
export async function runJobs(t: TestApp): Promise<number> {
  return jobRunnerOf(t).runOnce();
}

/** The job as `who` reads it (GET /jobs/:id); the HTTP status too. */
export async function readJob(t: TestApp, who: SignedInStaff, id: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/backoffice/api/jobs/${id}`,
    headers: { lang, 'accept-language': lang, cookie: who.cookie },
  });
  return res;
}

export async function jobOf(t: TestApp, who: SignedInStaff, id: string, lang = 'en'): Promise<JobView> {
  const res = await readJob(t, who, id, lang);
  expect(res.statusCode, res.body).toBe(200);
  return z.parse(JobViewSchema, res.json().data);
}

/** A job view out of a POST's answer. */
export function jobIn(res: {
  statusCode: number;
  body: string;
  json(): { data: unknown; status: number };
}): JobView {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.json().status, res.body.slice(0, 300)).toBe(0);
  return z.parse(JobViewSchema, res.json().data);
}

export { staffCall };
