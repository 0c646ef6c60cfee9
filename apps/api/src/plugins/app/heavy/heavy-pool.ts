// The heavy-work pool (issue #12): PDF inspection, image decoding and video parsing run here, in
// worker threads, never on the event loop, each job within a time and a memory limit, behind a
// bounded queue. One pool per app (AppContext.heavy), closed with the app.
//
// Use: `await ctx.heavy.run('image', bytes)`; the task names and their input and output types are
// the table in heavy-tasks.ts (add an entry there for new costly work). A refusal the task throws
// (AppError) is thrown again here as the same AppError; a job past its limit, or refused because
// the queue is full, is AppError UPLOAD_PROCESSING_LIMIT (3008).
import Piscina from 'piscina';
import type { HeavyConfig } from '../../../config';
import { AppError } from '../../../lib/app-error';
import type { HeavyInput, HeavyOutcome, HeavyOutput, HeavyTaskName } from './heavy-tasks';

export interface HeavyPool {
  /**
   * Runs one task in a worker thread: its result, or its refusal as an AppError. `timeoutMs`
   * overrides the configured limit for work no request waits on (a background job, issue #22).
   */
  run<K extends HeavyTaskName>(
    task: K,
    input: HeavyInput<K>,
    options?: { timeoutMs?: number },
  ): Promise<HeavyOutput<K>>;
  /** Starts the threads now rather than on the first job (server start-up). */
  warm(): Promise<void>;
  /** Jobs started and refused since the pool was made (tests, logs). */
  stats(): { started: number; overLimit: number; queueFull: number };
  close(): Promise<void>;
}

const WORKER = new URL('./heavy-worker.mjs', import.meta.url).href;

/**
 * Lower priority for the worker threads (nice +10 on Linux): when a job and a request want the
 * same core, the request goes first.
 */
const NICE_INCREMENT = 10;

/**
 * The threads start on the first job (or `warm()`), so an app that never sees an upload (most
 * test suites, tools) starts none. The queue is kept here rather than in piscina so a job's
 * time limit counts from when a thread takes it, not from when it began to wait.
 */
export function createHeavyPool(config: HeavyConfig): HeavyPool {
  let piscina: Piscina | null = null;
  let closed = false;
  let running = 0;
  const waiting: (() => void)[] = [];
  const counts = { started: 0, overLimit: 0, queueFull: 0 };

  const pool = () => {
    if (closed) throw new Error('the heavy-work pool is closed');
    piscina ??= new Piscina({
      filename: WORKER,
      minThreads: config.threads,
      maxThreads: config.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      niceIncrement: NICE_INCREMENT,
      resourceLimits: {
        maxOldGenerationSizeMb: config.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(config.memoryMb / 8))),
        stackSizeMb: 4,
      },
      workerData: { timeoutMs: config.timeoutMs },
    });
    return piscina;
  };

  /** A thread for this job: at once, after the jobs ahead of it, or 3008 when the queue is full. */
  const acquire = async () => {
    if (running < config.threads) {
      running++;
      return;
    }
    if (waiting.length >= config.maxQueue) {
      counts.queueFull++;
      throw new AppError('UPLOAD_PROCESSING_LIMIT');
    }
    // the slot is handed over by `release`, `running` unchanged
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  /** One job on a thread; `timed` false only for the warm-up, whose thread may still be starting. */
  const dispatch = async (
    task: HeavyTaskName,
    input: unknown,
    timed: boolean,
    timeoutMs = config.timeoutMs,
  ): Promise<unknown> => {
    await acquire();
    try {
      const signal = timed ? AbortSignal.timeout(timeoutMs) : null;
      if (timed) counts.started++;
      let outcome: HeavyOutcome;
      try {
        // on abort piscina terminates the thread running the job and starts a fresh one
        outcome = await pool().run({ task, input }, { signal });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (signal?.aborted || code === 'ERR_WORKER_OUT_OF_MEMORY') {
          counts.overLimit++;
          throw new AppError('UPLOAD_PROCESSING_LIMIT');
        }
        throw err;
      }
      if (!outcome.ok) throw new AppError(outcome.code, outcome.fields);
      return outcome.value;
    } finally {
      release();
    }
  };

  return {
    run: (task, input, options) =>
      dispatch(task, input, true, options?.timeoutMs) as Promise<HeavyOutput<typeof task>>,
    async warm() {
      await dispatch('ping', null, false);
    },
    stats: () => ({ ...counts }),
    async close() {
      closed = true;
      // jobs still waiting go on to find the pool closed rather than wait for ever
      for (const next of waiting.splice(0)) next();
      const current = piscina;
      piscina = null;
      await current?.destroy();
    },
  };
}
