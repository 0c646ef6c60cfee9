// The job kinds and what runs each (issue #22): the one table the runner is given (server.ts,
// tests). A new kind adds its name to JOB_KINDS (packages/domain/src/staff/jobs.ts) and its
// entry here; the type checker names a kind without one.
import type { AppContext } from '../../../context';
import { runStatementImportJob } from '../deposit-operations/statement-import-job';
import { runEvidenceExportJob } from '../evidence/evidence-export-job';
import type { JobHandlers } from './job-runner';

export function jobHandlersOf(ctx: AppContext): JobHandlers {
  return {
    statement_import: (scope) => runStatementImportJob(ctx, scope),
    evidence_export: (scope) => runEvidenceExportJob(ctx, scope),
  };
}
