// What the heavy-work pool runs, in its worker threads (heavy-pool.ts). Each task is a costly
// function of the bytes alone: no database, no context. A refusal comes back as its code and
// fields (an AppError does not survive the thread boundary), anything else as a thrown error.
import { workerData } from 'node:worker_threads';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error';
import {
  readStatementFile,
  readStatementFilePacked,
  type StatementFileJob,
} from '../deposit-operations/statement-file';
import { reencodeUploadedImage } from '../documents/image';
import { checkInflateCapWorks, cleanUploadedPdf } from '../documents/pdf';
import { readVideoDurationMs, type VideoContainer } from '../documents/video';
import { analyseSignaturePng, type SignatureImageJob } from '../signature/signature-image';
import { type ApplicationPdfInput, buildApplicationPdf } from '../submissions/application-pdf/build';

// libvips's own threads would take every core; the pool's thread count is the budget
sharp.concurrency(1);
sharp.cache(false);
checkInflateCapWorks();

/** The time limit the pool gives a job (sharp stops its own pipeline a little before). */
const timeoutMs: number = (workerData as { timeoutMs?: number } | undefined)?.timeoutMs ?? 10_000;

/**
 * The task table. Another module's costly work joins by adding an entry here (a function of
 * plain, structured-cloneable input) and calling `ctx.heavy.run('<name>', input)`.
 */
export const HEAVY_TASKS = {
  /** Warms a thread up (loads the modules) without doing any work. */
  ping: async (_input: null) => true,
  /** The address proof's PDF: checked by allow-list and re-serialised (documents/pdf.ts). */
  pdf: (bytes: Uint8Array) => cleanUploadedPdf(bytes),
  /** A photo or proof image decoded and re-encoded as a fresh JPEG (documents/image.ts). */
  image: (bytes: Uint8Array) => reencodeUploadedImage(bytes, { timeoutMs }),
  /** The handwritten signature decoded, its ink judged and re-encoded (signature/signature-image.ts). */
  signature: (job: SignatureImageJob) => analyseSignaturePng(job, { timeoutMs }),
  /** A face video's duration in ms from its frames' timestamps, or null (documents/video.ts). */
  videoDuration: async (input: { bytes: Uint8Array; container: VideoContainer }) =>
    readVideoDurationMs(input.bytes, input.container),
  /** A bank statement read into its credit lines (deposit-operations/statement-file.ts, issue #15). */
  statement: async (job: StatementFileJob) => readStatementFile(job),
  /**
   * The same for the import job, its credits packed as NDJSON bytes (one copy across the thread
   * boundary, decoded a batch at a time by the job; issue #22).
   */
  statementPacked: async (job: StatementFileJob) => readStatementFilePacked(job),
  /** An application PDF (submissions/application-pdf/build.ts): the evidence-pack job's (issue #22). */
  applicationPdf: async (input: ApplicationPdfInput) =>
    // a Buffer crosses the thread boundary as a Uint8Array: pdfkit draws Buffers
    buildApplicationPdf({
      ...input,
      signatureImage: input.signatureImage ? Buffer.from(input.signatureImage) : null,
    }),
  /** Files zipped, stored not compressed (the evidence pack, evidence-service.ts; issue #22). */
  zip: async (entries: Record<string, Uint8Array>) => zipSync(entries, { level: 0 }),
} satisfies Record<string, (input: never) => Promise<unknown>>;

export type HeavyTasks = typeof HEAVY_TASKS;
export type HeavyTaskName = keyof HeavyTasks;
export type HeavyInput<K extends HeavyTaskName> = Parameters<HeavyTasks[K]>[0];
export type HeavyOutput<K extends HeavyTaskName> = Awaited<ReturnType<HeavyTasks[K]>>;

export type HeavyOutcome =
  | { ok: true; value: unknown }
  | { ok: false; code: AppError['code']; fields: Record<string, string> | undefined };

/** The worker's entry point (what heavy-worker.mjs exports). */
export async function runHeavyTask(message: { task: HeavyTaskName; input: unknown }): Promise<HeavyOutcome> {
  const task = HEAVY_TASKS[message.task] as (input: unknown) => Promise<unknown>;
  if (!task) throw new Error(`unknown heavy task ${String(message.task)}`);
  try {
    return { ok: true, value: await task(message.input) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, fields: err.fields };
    throw err;
  }
}
