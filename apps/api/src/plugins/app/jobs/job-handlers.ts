// The job kinds and what runs each (issue #22): the one table the runner is given (server.ts,
// tests). A new kind adds its name to JOB_KINDS (packages/domain/src/staff/jobs.ts) and its
// entry here; the type checker names a kind without one.
import type { Config } from '../../../config';
import type { AppContext } from '../../../context';
import { runStatementImportJob } from '../deposit-operations/statement-import-job';
import { runEvidenceExportJob } from '../evidence/evidence-export-job';
import { createHeavyPool, type HeavyPool } from '../heavy/heavy-pool';
import type { JobHandlers } from './job-runner';

/**
 * The memory a job's worker thread may use: reading a 100,000-line statement whole needs about
 * 500 MB of heap (measured), past the upload checks' HEAVY_MEMORY_MB (256).
 */
export const JOB_POOL_MEMORY_MB = 1024;

/**
 * The worker pool of the jobs (server.ts): one thread (a process runs one job at a time), more
 * memory than the upload checks' pool, the same lower priority; closed with the runner.
 */
export function createJobPool(config: Config): HeavyPool {
  return createHeavyPool({
    ...config.heavy,
    threads: 1,
    memoryMb: Math.max(config.heavy.memoryMb, JOB_POOL_MEMORY_MB),
  });
}

/** What runs each kind; `heavy` the pool of their costly steps (the jobs' own in the server). */
export function jobHandlersOf(ctx: AppContext, heavy: HeavyPool = ctx.heavy): JobHandlers {
  const jobCtx = { ...ctx, heavy };
  return {
    statement_import: (scope) => runStatementImportJob(jobCtx, scope),
    evidence_export: (scope) => runEvidenceExportJob(jobCtx, scope),
  };
}
