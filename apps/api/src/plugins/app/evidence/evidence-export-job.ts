// The evidence pack exported as a background job (issue #22, docs/evidence-pack.md, docs/backoffice.md
// "Jobs"). The request checks the application and queues the job; the job builds the pack (the
// application PDFs and the zip in the heavy-work pool, off the event loop), records the export in
// the access log before anything of it can leave (the pack's own log includes it, as before), and
// stores the zip sealed in the file store for EXPORT_DOWNLOAD_HOURS. Only the person who asked can
// download it, and each download is an access event of its own, written before the bytes leave.
import { EXPORT_DOWNLOAD_HOURS, type ExportResult } from '@hk/domain/staff/jobs';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { findJob, insertJob, type JobRow } from '../jobs/job-repository';
import { JobFailure, type JobOutcome, type JobScope, kickJobRunner } from '../jobs/job-runner';
import { insertAccessEvent } from '../review/review-repository';
import { findApplicationRecord } from './evidence-repository';
import { type EvidenceRequester, exportEvidencePack, zipEntriesOf } from './evidence-service';

export type EvidenceJobCtx = Pick<AppContext, 'db' | 'vault' | 'files' | 'now' | 'config' | 'heavy'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The worker pool's limit for a pack's PDF or zip: no request waits on them (see HEAVY_TIMEOUT_MS). */
const JOB_TASK_TIMEOUT_MS = 60_000;

/** Steps of an export, its progress: the records read with the PDFs drawn, the zip, stored. */
const EXPORT_STEPS = 3;

interface ExportJobInput {
  applicationId: string;
  requester: EvidenceRequester;
}

interface StoredExportResult {
  applicationId: string;
  fileName: string;
  size: number;
}

/** Queues the export of an application's pack for `requester` (a console request). */
export async function enqueueEvidenceExport(
  ctx: EvidenceJobCtx,
  applicationId: string,
  requester: EvidenceRequester,
): Promise<JobRow> {
  if (!UUID_RE.test(applicationId)) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const id = applicationId.toLowerCase();
  if (!(await findApplicationRecord(ctx.db, id))) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const input: ExportJobInput = { applicationId: id, requester };
  const job = await insertJob(ctx.db, {
    kind: 'evidence_export',
    input: input as unknown as Record<string, unknown>,
    createdBy: requester.staffId,
    createdAt: ctx.now(),
  });
  kickJobRunner(ctx.db);
  return job;
}

async function step(ctx: EvidenceJobCtx, scope: JobScope, done: number) {
  await ctx.db.transaction((tx) => scope.progress(tx, done, EXPORT_STEPS));
}

/** The job: the pack built and zipped off the event loop, stored sealed for its requester. */
export async function runEvidenceExportJob(ctx: EvidenceJobCtx, scope: JobScope): Promise<JobOutcome> {
  const input = scope.job.input as unknown as ExportJobInput;
  await step(ctx, scope, 0);
  let zip: Buffer;
  let applicationId: string;
  try {
    const pack = await exportEvidencePack(ctx, input.applicationId, input.requester, async (pdfInput) =>
      Buffer.from(await ctx.heavy.run('applicationPdf', pdfInput, { timeoutMs: JOB_TASK_TIMEOUT_MS })),
    );
    applicationId = pack.applicationId;
    await step(ctx, scope, 1);
    zip = Buffer.from(await ctx.heavy.run('zip', zipEntriesOf(pack), { timeoutMs: JOB_TASK_TIMEOUT_MS }));
  } catch (err) {
    if (err instanceof AppError && err.code === 'RECORDS_APPLICATION_NOT_FOUND')
      throw new JobFailure('code_records_application_not_found');
    if (err instanceof AppError && err.code === 'UPLOAD_PROCESSING_LIMIT')
      throw new JobFailure('evidence_export_failed');
    throw err;
  }
  await step(ctx, scope, 2);
  const staged = await ctx.files.stage(zip);
  const result: StoredExportResult = {
    applicationId,
    fileName: `evidence-${applicationId}.zip`,
    size: zip.length,
  };
  return {
    result: result as unknown as Record<string, unknown>,
    resultKey: staged.key,
    resultExpiresAt: new Date(scope.now().getTime() + EXPORT_DOWNLOAD_HOURS * 3600_000),
    commit: (tx) => staged.attach(tx),
    discard: () => staged.discard(),
  };
}

/** A finished export as its requester reads it. */
export function exportResultView(job: JobRow, now: Date): ExportResult | null {
  if (job.state !== 'succeeded' || !job.result) return null;
  const r = job.result as unknown as StoredExportResult;
  const live = job.resultKey !== null && job.resultExpiresAt !== null && job.resultExpiresAt > now;
  return {
    applicationId: r.applicationId,
    fileName: r.fileName,
    size: r.size,
    downloadUntil: live ? job.resultExpiresAt!.toISOString() : null,
    canDownload: live,
  };
}

/**
 * The prepared zip, for its requester only (another staff member's job is not found), while it is
 * kept; the download is written to the access log before the bytes leave.
 */
export async function downloadEvidenceExport(
  ctx: EvidenceJobCtx,
  jobId: string,
  by: EvidenceRequester,
): Promise<{ fileName: string; bytes: Buffer }> {
  const job = UUID_RE.test(jobId) ? await findJob(ctx.db, jobId.toLowerCase()) : null;
  if (job?.kind !== 'evidence_export' || job.createdBy !== by.staffId) throw new AppError('NOT_FOUND');
  const now = ctx.now();
  const view = exportResultView(job, now);
  if (!view?.canDownload || !job.resultKey) throw new AppError('NOT_FOUND');
  const bytes = await ctx.files.get(ctx.db, job.resultKey);
  if (!bytes) throw new AppError('NOT_FOUND');
  await insertAccessEvent(
    ctx.db,
    {
      staffId: by.staffId,
      applicationId: view.applicationId,
      caseId: null,
      what: 'evidence_download',
      documentId: null,
      ip: by.ip,
      userAgent: by.userAgent,
      requestId: by.requestId,
    },
    now,
  );
  return { fileName: view.fileName, bytes };
}
