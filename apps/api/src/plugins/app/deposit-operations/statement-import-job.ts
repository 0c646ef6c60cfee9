// A bank statement imported as a background job (issue #22, docs/deposit.md "Operations",
// docs/backoffice.md "Jobs"). The upload request only checks what is cheap (session, permission,
// size, the account and its format), stores the sealed file with its import row and queues a job,
// all in one transaction, and answers the job at once. The job reads the file in the heavy-work
// pool (its time limit, off the event loop), then writes its credits in batches of
// IMPORT_BATCH_LINES lines (decoded a batch at a time from the pool's packed answer), each batch one transaction with its automatic matching and the job's
// progress: a job resumed after a crash goes on from its last committed batch, and `line_key`
// makes a batch written twice write nothing twice. The same file again answers its first import.
import { type Language, translateError } from '@hk/domain';
import { depositAccountHashInput, maskPayerAccount } from '@hk/domain/deposit/matching';
import type { ImportResult } from '@hk/domain/deposit/operations-contracts';
import { findReferenceCode } from '@hk/domain/deposit/reference-code';
import type { CreditLine } from '@hk/domain/deposit/statement';
import { checkIsJobOpen, type JobState } from '@hk/domain/staff/jobs';
import { AppError } from '../../../lib/app-error';
import { sha256Hex } from '../../../lib/crypto';
import type { EventMeta } from '../events/event-repository';
import { findJob, insertFinishedJob, insertJob, type JobRow } from '../jobs/job-repository';
import { JobFailure, type JobOutcome, type JobScope, kickJobRunner } from '../jobs/job-runner';
import { kickOutboxSender } from '../notifications/outbox-sender';
import {
  type Ctx,
  type MatchScope,
  matchNewCredit,
  metaOf,
  type Operator,
  ratesOf,
} from './deposit-operations-service';
import {
  addImportNewCredits,
  type CreditRow,
  countCreditsOfImport,
  deleteImportWithoutCredits,
  findApplicationsByReference,
  findImport,
  findImportBySha256,
  findReceivingAccount,
  insertImport,
  insertNewCredits,
  listFxRates,
  type NewCreditRow,
  type StatementImportRow,
  setImportContents,
  setImportJob,
} from './deposit-repository';
import {
  type CsvFormatName,
  checkIsCsvFormatName,
  decodeCredits,
  type PackedStatementResult,
} from './statement-file';

/**
 * Lines per committed batch: short transactions, so other requests never wait long on a lock. On
 * PGlite (WASM on the main thread) a batch's transaction holds the event loop from its first query
 * to its commit: 500 lines stalled it 75-95 ms at every batch, 100 lines 15-20 ms
 * (docs/backoffice.md "Jobs: measured").
 */
export const IMPORT_BATCH_LINES = 100;

/**
 * The worker pool's limit for reading a whole statement in the job: no request waits on it, and
 * the pool's threads run at a lower priority than requests (nice +10), so on a busy machine a
 * 100,000-line file takes minutes (bench:jobs), far past an upload check's limit
 * (HEAVY_TIMEOUT_MS). The job's lease is renewed meanwhile (the runner's heartbeat).
 */
const PARSE_TIMEOUT_MS = 600_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StatementUpload {
  receivingAccountId: string | undefined;
  fileName: string;
  bytes: Buffer;
}

/** What the job keeps: the import and who started it (the events' metadata, no address). */
interface ImportJobInput {
  importId: string;
  meta: EventMeta;
}

/** The job's result as stored: codes, not sentences (read in each reader's language). */
interface StoredImportResult {
  importId: string;
  fileName: string;
  duplicateFile: boolean;
  lines: number;
  credits: number;
  newCredits: number;
  duplicates: number;
  autoMatched: number;
  flagged: number;
  unmatched: number;
  skipped: { line: number; code: string }[];
}

function storedResultOf(
  row: StatementImportRow,
  duplicateFile: boolean,
  counts: { autoMatched: number; flagged: number; unmatched: number },
  skipped: StoredImportResult['skipped'],
): StoredImportResult {
  return {
    importId: row.id,
    fileName: row.fileName,
    duplicateFile,
    lines: row.lineCount,
    credits: row.creditCount,
    newCredits: row.newCreditCount,
    duplicates: row.creditCount - row.newCreditCount,
    ...counts,
    skipped,
  };
}

/** A stored import result in the reader's language. */
export function importResultView(stored: Record<string, unknown>, lang: Language): ImportResult {
  const r = stored as unknown as StoredImportResult;
  return {
    ...r,
    skipped: r.skipped.map((e) => ({ line: e.line, message: translateError(lang, e.code) })),
  };
}

/**
 * Queues the import of a statement: the cheap checks, then the sealed file, the import row and
 * the job in one transaction; the runner is kicked after the commit. Answers the job (the first
 * import's, finished or not, when the same file came before).
 */
export async function enqueueStatementImport(
  ctx: Ctx,
  op: Operator,
  upload: StatementUpload,
): Promise<JobRow> {
  const accountId = upload.receivingAccountId ?? '';
  const account = UUID_RE.test(accountId)
    ? await findReceivingAccount(ctx.db, accountId.toLowerCase())
    : null;
  if (!account?.active)
    throw new AppError('VALIDATION_FAILED', { receiving_account_id: 'deposit_account_required' });
  if (!checkIsCsvFormatName(account.statementFormat))
    throw new Error(`receiving account ${account.id} has an unknown statement format`);

  const sha256 = sha256Hex(upload.bytes);
  const before = await findImportBySha256(ctx.db, sha256);
  if (before) return answerOfDuplicate(ctx, op, before);

  const now = ctx.now();
  // which of the two a file is, its first character says (statement-file.ts); read in full by the job
  const isXml = /^\ufeff?\s*</.test(upload.bytes.subarray(0, 1024).toString('utf8'));
  const staged = await ctx.files.stage(upload.bytes);
  let job: JobRow | null = null;
  try {
    job = await ctx.db.transaction(async (tx) => {
      await staged.attach(tx);
      const imported = await insertImport(tx, {
        receivingAccountId: account.id,
        fileName: upload.fileName,
        format: isXml ? 'camt053' : 'csv',
        sha256,
        storageKey: staged.key,
        size: upload.bytes.length,
        lineCount: 0,
        creditCount: 0,
        newCreditCount: 0,
        importedBy: op.session.staff.id,
        createdAt: now,
      });
      // the same file queued by someone else at this very moment: theirs stands
      if (!imported) return null;
      const input: ImportJobInput = { importId: imported.id, meta: metaOf(ctx, op) };
      const queued = await insertJob(tx, {
        kind: 'statement_import',
        input: input as unknown as Record<string, unknown>,
        createdBy: op.session.staff.id,
        createdAt: now,
      });
      await setImportJob(tx, imported.id, queued.id);
      return queued;
    });
  } catch (err) {
    await staged.discard();
    throw err;
  }
  if (!job) {
    await staged.discard();
    const raced = await findImportBySha256(ctx.db, sha256);
    if (!raced) throw new AppError('DEPOSIT_VERSION_CONFLICT');
    return answerOfDuplicate(ctx, op, raced);
  }
  kickJobRunner(ctx.db);
  return job;
}

/**
 * The same file again: while its first import runs, that job; once it has finished, a job made
 * finished, answering the first import and what became of its credits since.
 */
async function answerOfDuplicate(ctx: Ctx, op: Operator, before: StatementImportRow): Promise<JobRow> {
  const first = before.jobId ? await findJob(ctx.db, before.jobId) : null;
  if (first && checkIsJobOpen(first.state as JobState)) return first;
  const result = storedResultOf(before, true, await countCreditsOfImport(ctx.db, before.id), []);
  return insertFinishedJob(ctx.db, {
    kind: 'statement_import',
    input: { importId: before.id, duplicateOf: before.jobId },
    createdBy: op.session.staff.id,
    createdAt: ctx.now(),
    result: result as unknown as Record<string, unknown>,
    total: before.creditCount,
  });
}

function creditRowOf(ctx: Ctx, c: CreditLine, importId: string, accountId: string, now: Date): NewCreditRow {
  const account = c.payerAccount;
  return {
    importId,
    receivingAccountId: accountId,
    lineKey: c.lineKey,
    bookingDate: c.bookedOn,
    currency: c.currency,
    amountMinor: BigInt(c.amountMinor),
    payerName: c.payerName,
    payerAccountSealed: account ? ctx.vault.encrypt(account) : null,
    payerAccountHash: account ? ctx.vault.lookupHash(depositAccountHashInput(account)) : null,
    payerAccountMasked: account ? maskPayerAccount(account) : null,
    reference: c.reference,
    createdAt: now,
  };
}

/** A file refused whole: its import row and file go (nothing of it was written), the job fails with why. */
async function refuse(ctx: Ctx, imported: StatementImportRow, reason: string): Promise<never> {
  let removal: Awaited<ReturnType<Ctx['files']['remove']>> | null = null;
  await ctx.db.transaction(async (tx) => {
    if (await deleteImportWithoutCredits(tx, imported.id))
      removal = await ctx.files.remove(tx, imported.storageKey);
  });
  await (removal as Awaited<ReturnType<Ctx['files']['remove']>> | null)?.afterCommit();
  throw new JobFailure(reason);
}

/**
 * The file read in the pool, its credits packed (statement-file.ts `readStatementFilePacked`).
 * The file's bytes are let go as soon as they are handed over, so the job holds only the packed
 * credits while it writes.
 */
async function readPacked(
  ctx: Ctx,
  imported: StatementImportRow,
  csvFormat: CsvFormatName,
  accountNumber: string,
): Promise<PackedStatementResult> {
  const bytes = await ctx.files.get(ctx.db, imported.storageKey);
  if (!bytes) throw new JobFailure('statement_malformed');
  try {
    return await ctx.heavy.run(
      'statementPacked',
      { bytes: new Uint8Array(bytes), csvFormat, account: accountNumber },
      { timeoutMs: PARSE_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'UPLOAD_PROCESSING_LIMIT')
      return refuse(ctx, imported, 'statement_too_slow');
    throw err;
  }
}

/** The job: read the file off the event loop, then the credits batch by batch (resumable). */
export async function runStatementImportJob(ctx: Ctx, scope: JobScope): Promise<JobOutcome> {
  const input = scope.job.input as unknown as ImportJobInput;
  const imported = await findImport(ctx.db, input.importId);
  if (!imported) throw new JobFailure('statement_malformed');
  const account = await findReceivingAccount(ctx.db, imported.receivingAccountId);
  if (!account || !checkIsCsvFormatName(account.statementFormat))
    throw new JobFailure('deposit_account_required');
  const parsed = await readPacked(ctx, imported, account.statementFormat, account.accountNumber);
  if (!parsed.ok) return refuse(ctx, imported, parsed.reason);
  const { errors, lineCount, format } = parsed;
  const total = parsed.creditCount;

  let done = Math.min(scope.job.progressDone, total);
  await ctx.db.transaction(async (tx) => {
    await setImportContents(tx, imported.id, { format, lineCount, creditCount: total });
    await scope.progress(tx, done, total);
  });

  const rates = ratesOf(await listFxRates(ctx.db));
  const actor = { staffId: imported.importedBy, meta: input.meta };
  while (done < total) {
    // only this batch's credits as objects on the main thread (the rest stay packed bytes)
    const lines = decodeCredits(parsed, done, done + IMPORT_BATCH_LINES);
    // which applications the batch's reference codes name (one query per batch)
    const codeOf = new Map<string, string>();
    for (const c of lines) {
      const code = c.reference ? findReferenceCode(c.reference) : null;
      if (code) codeOf.set(c.lineKey, code);
    }
    const applicationOfCode = new Map<string, string>();
    for (const a of await findApplicationsByReference(ctx.db, [...new Set(codeOf.values())]))
      if (a.depositReference) applicationOfCode.set(a.depositReference, a.id);
    const applicationOf = (credit: CreditRow) => {
      const code = codeOf.get(credit.lineKey);
      return code ? applicationOfCode.get(code) : undefined;
    };
    const now = scope.now();
    const notified = { value: false };
    const next = done + lines.length;
    await ctx.db.transaction(async (tx) => {
      // a line written before (this file's batch before a crash, or another file) is not written again
      const inserted = await insertNewCredits(
        tx,
        lines.map((c) => creditRowOf(ctx, c, imported.id, account.id, now)),
      );
      await addImportNewCredits(tx, imported.id, inserted.length);
      const match: MatchScope = { tx, ctx, actor, rates, now, notified };
      // applications locked in one order (by id), so two imports at once cannot wait on each other
      const ordered = [...inserted].sort((a, b) =>
        (applicationOf(a) ?? '').localeCompare(applicationOf(b) ?? ''),
      );
      for (const credit of ordered) await matchNewCredit(match, credit, applicationOf(credit));
      await scope.progress(tx, next);
    });
    done = next;
    if (notified.value) kickOutboxSender(ctx.db);
    await scope.checkpoint(done);
    // the connection and the event loop to the others between two batches
    await new Promise((resolve) => setImmediate(resolve));
  }

  const final = (await findImport(ctx.db, imported.id)) ?? imported;
  const skipped = errors.slice(0, 200).map((e) => ({ line: e.line, code: e.code }));
  const result = storedResultOf(final, false, await countCreditsOfImport(ctx.db, imported.id), skipped);
  return { result: result as unknown as Record<string, unknown> };
}
