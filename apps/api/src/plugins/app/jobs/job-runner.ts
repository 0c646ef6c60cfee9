// The job runner (issue #22, docs/backoffice.md "Jobs"): one per server process (server.ts), like
// the outbox sender. It claims one due job at a time in a short transaction (FOR UPDATE SKIP
// LOCKED, a lease with a fresh token), commits, and runs the job's kind; the kind writes its work
// in small committed transactions, each renewing the lease and recording its progress with the
// rows it wrote, so a job whose process died is claimed again once its lease runs out and goes on
// from its last committed batch. A request that queued a job kicks the runner after its commit.
import { randomUUID } from 'node:crypto';
import type { JobKind } from '@hk/domain/staff/jobs';
import type { Db, Tx } from '../../../db/client';
import type { FileStore } from '../files/file-store';
import {
  claimDueJob,
  failJob,
  forgetResultKey,
  type JobClaim,
  type JobRow,
  listExpiredResults,
  releaseJob,
  renewJobLease,
  succeedJob,
  updateJobProgress,
} from './job-repository';

export interface JobRunnerOptions {
  /** How often due jobs are looked for (besides the kicks). */
  intervalMs: number;
  /** How long a claim (or a batch's renewal) holds a job: longer than any one batch or pool task. */
  leaseMs: number;
  /** Claims of one job before it is failed (`job_interrupted`): a job that keeps killing its process. */
  maxAttempts: number;
}

export const JOB_RUNNER_DEFAULTS: JobRunnerOptions = {
  intervalMs: 5_000,
  leaseMs: 2 * 60_000,
  maxAttempts: 5,
};

/** A job's failure with its reason, a key of the `errors` catalogue: the job ends `failed`. */
export class JobFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailure';
  }
}

/** The runner is stopping: the job goes back to the queue, from its last committed batch. */
class JobPaused extends Error {}

/** The lease ran out and someone else holds the job now: this run's writes are void. */
class LostClaim extends Error {}

export interface JobOutcome {
  result: Record<string, unknown>;
  /** A prepared file (sealed in the file store, attached in `commit`) and until when it is kept. */
  resultKey?: string;
  resultExpiresAt?: Date;
  /** Writes that must commit with the job's success (attaching the prepared file). */
  commit?: (tx: Tx) => Promise<void>;
  /** Undoes what `commit` staged when the success could not be written. */
  discard?: () => Promise<void>;
}

/** What a job's kind is given to run one claimed job. */
export interface JobScope {
  job: JobRow;
  now(): Date;
  /**
   * Records progress inside the batch's transaction `tx` (and renews the lease); throws when the
   * claim was lost, which rolls the batch back. Call once per batch, last, in the batch's tx.
   */
  progress(tx: Tx, done: number, total?: number | null): Promise<void>;
  /** After a batch's commit: stops here when the runner is stopping (the job is resumed later). */
  checkpoint(done: number): Promise<void>;
}

export type JobHandler = (scope: JobScope) => Promise<JobOutcome>;
export type JobHandlers = Record<JobKind, JobHandler>;

export interface JobRunnerDeps {
  db: Db;
  files: FileStore;
  handlers: JobHandlers;
  now: () => Date;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  options?: Partial<JobRunnerOptions>;
  /** Tests: called after each committed batch; a throw stands for the process dying right there. */
  afterBatch?: (job: JobRow, done: number) => void | Promise<void>;
}

export interface JobRunner {
  /** Claims and runs due jobs one after another until none is due; resolves when done. */
  runOnce(): Promise<number>;
  kick(): void;
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

function describe(err: unknown): string {
  return (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300);
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const o = { ...JOB_RUNNER_DEFAULTS, ...deps.options };
  const { db, log } = deps;
  let stopped = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let again = false;
  const leaseFrom = (now: Date) => new Date(now.getTime() + o.leaseMs);

  /** One claimed job, to its end (or left to its lease when the process is in trouble). Never throws. */
  async function execute(job: JobRow): Promise<void> {
    const claim: JobClaim = { id: job.id, leaseToken: job.leaseToken! };
    const about = { job: job.id, kind: job.kind, attempt: job.attempts };
    // the heartbeat: the lease renewed while a long step runs between two batches (a parse in the
    // worker pool); a process that dies stops renewing it, and the job is claimed again
    const heartbeat = setInterval(
      () => {
        const now = deps.now();
        renewJobLease(db, claim, now, leaseFrom(now)).catch(() => {});
      },
      Math.max(1000, Math.floor(o.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      if (job.attempts > o.maxAttempts) {
        await failJob(db, claim, 'job_interrupted', deps.now());
        log.error(about, 'job failed: interrupted too many times');
        return;
      }
      const handler = deps.handlers[job.kind as JobKind];
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const scope: JobScope = {
        job,
        now: deps.now,
        async progress(tx, done, total) {
          const now = deps.now();
          const held = await updateJobProgress(tx, claim, {
            done,
            ...(total !== undefined ? { total } : {}),
            now,
            leaseUntil: leaseFrom(now),
          });
          if (!held) throw new LostClaim();
        },
        async checkpoint(done) {
          await deps.afterBatch?.(job, done);
          if (stopped) throw new JobPaused();
        },
      };
      let outcome: JobOutcome;
      try {
        outcome = await handler(scope);
      } catch (err) {
        if (err instanceof JobFailure) {
          if (await failJob(db, claim, err.reason, deps.now()))
            log.info({ ...about, reason: err.reason }, 'job failed');
          return;
        }
        throw err;
      }
      let written = false;
      try {
        await db.transaction(async (tx) => {
          await outcome.commit?.(tx);
          written = await succeedJob(tx, claim, {
            result: outcome.result,
            now: deps.now(),
            ...(outcome.resultKey ? { resultKey: outcome.resultKey } : {}),
            ...(outcome.resultExpiresAt ? { resultExpiresAt: outcome.resultExpiresAt } : {}),
          });
          if (!written) throw new LostClaim();
        });
      } catch (err) {
        await outcome.discard?.();
        throw err;
      }
      log.info(about, 'job done');
    } catch (err) {
      if (err instanceof JobPaused) {
        await releaseJob(db, claim, deps.now()).catch(() => {});
        log.info(about, 'job paused: the runner is stopping; it goes on later');
      } else if (err instanceof LostClaim) {
        log.warn(about, 'job claim lost (its lease ran out): another run holds it');
      } else {
        // the database or the process in trouble: the lease runs out and the job is claimed
        // again, from its last committed batch (maxAttempts bounds a job that keeps failing)
        log.error({ ...about, err: describe(err) }, 'job interrupted; it is tried again');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Prepared files past their time: removed, and their jobs forget them. */
  async function expireResults(): Promise<void> {
    for (const r of await listExpiredResults(db, deps.now(), 50)) {
      if (!r.resultKey) continue;
      let removal: Awaited<ReturnType<FileStore['remove']>> | null = null;
      await db.transaction(async (tx) => {
        if (await forgetResultKey(tx, r.id, r.resultKey!))
          removal = await deps.files.remove(tx, r.resultKey!);
      });
      await (removal as Awaited<ReturnType<FileStore['remove']>> | null)?.afterCommit();
    }
  }

  async function runOnce(): Promise<number> {
    let ran = 0;
    while (!stopped) {
      const now = deps.now();
      const job = await claimDueJob(db, now, leaseFrom(now), randomUUID());
      if (!job) break;
      await execute(job);
      ran++;
    }
    if (!stopped) await expireResults();
    return ran;
  }

  function run(): void {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (err) {
          log.error({ err: describe(err) }, 'job run failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      current = null;
    });
  }

  const runner: JobRunner = {
    runOnce,
    kick() {
      if (started) run();
    },
    async idle() {
      while (current) await current;
    },
    start() {
      if (started || stopped) return;
      started = true;
      running.set(db, runner);
      timer = setInterval(run, o.intervalMs);
      timer.unref();
      run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running.get(db) === runner) running.delete(db);
      await runner.idle();
    },
  };
  return runner;
}

/** The started runner of each database (one per process), for kicks after a commit. */
const running = new WeakMap<Db, JobRunner>();

export function startJobRunner(deps: JobRunnerDeps): JobRunner {
  const runner = createJobRunner(deps);
  runner.start();
  return runner;
}

/** After the commit that queued a job: a run of this process's runner soon, not awaited. */
export function kickJobRunner(db: Db): void {
  running.get(db)?.kick();
}
