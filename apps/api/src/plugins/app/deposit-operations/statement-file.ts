// Reading one bank statement file (issue #15): costly (a 20 MB file, 100,000 lines), so it runs in
// the heavy-work pool (heavy-tasks.ts `statement`) within its time limit, never on the request
// thread. A function of the bytes and the account alone: no database.
import type { CreditLine, StatementError, StatementFormat } from '@hk/domain/deposit/statement';
import { BOC_HK_CSV, HSBC_HK_CSV, parseStatement } from '@hk/domain/deposit/statement';

/** `receiving_accounts.statement_format`: the CSV map of the account's bank. */
export const CSV_FORMATS = { hsbc_hk_csv: HSBC_HK_CSV, boc_hk_csv: BOC_HK_CSV } as const;
export type CsvFormatName = keyof typeof CSV_FORMATS;

export function checkIsCsvFormatName(value: string): value is CsvFormatName {
  return Object.hasOwn(CSV_FORMATS, value);
}

export interface StatementFileJob {
  bytes: Uint8Array;
  /** The account's CSV format (`receiving_accounts.statement_format`). */
  csvFormat: CsvFormatName;
  /** The receiving account's number (the statement must be of it). */
  account: string;
}

export type StatementFileResult =
  | {
      ok: true;
      format: 'csv' | 'camt053';
      /** Lines of the file. */
      lineCount: number;
      credits: CreditLine[];
      /** Lines skipped, with why. */
      errors: StatementError[];
    }
  /** The whole file is refused: a key of the `errors` namespace. */
  | { ok: false; reason: string; line: number };

const FILE_LEVEL = new Set([
  'statement_too_large',
  'statement_malformed',
  'statement_not_camt053',
  'statement_xml_doctype',
  'statement_no_account',
]);

/**
 * Every receiving account takes ISO 20022 camt.053 (a standard every bank exports) and the CSV of
 * its own bank's map; which one a file is, its first character says (`<`: XML). A file whose
 * header is not its bank's map (another bank's CSV) is the wrong format; one with no credit read
 * and only errors is refused whole, so nothing of a broken file is written.
 */
export function readStatementFile(job: StatementFileJob): StatementFileResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(job.bytes);
  } catch {
    return { ok: false, reason: 'statement_encoding', line: 0 };
  }
  const isXml = /^\ufeff?\s*</.test(text.slice(0, 1024));
  const format: StatementFormat = isXml
    ? { kind: 'camt053' }
    : { kind: 'csv', columns: CSV_FORMATS[job.csvFormat] };
  const parsed = parseStatement(text, format, job.account);
  const first = parsed.errors[0];
  if (parsed.credits.length === 0 && first) {
    if (FILE_LEVEL.has(first.code)) return { ok: false, reason: first.code, line: first.line };
    if (first.code === 'statement_missing_column' && first.line === 0)
      return { ok: false, reason: 'statement_wrong_format', line: 0 };
    if (parsed.errors.every((e) => e.code === 'statement_account_mismatch'))
      return { ok: false, reason: 'statement_account_mismatch', line: first.line };
    // every line of the file is bad: nothing to import, and nothing is half-imported
    return { ok: false, reason: first.code, line: first.line };
  }
  return {
    ok: true,
    format: format.kind,
    lineCount: countLines(text),
    credits: parsed.credits,
    errors: parsed.errors,
  };
}

function countLines(text: string): number {
  let lines = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** The skipped lines a job keeps (its result shows the first 200). */
const KEPT_ERRORS = 200;

/**
 * A statement read for the import job, its credits packed: one NDJSON byte array (a credit a line)
 * and where each line ends, instead of 100,000 objects. Crossing from the worker is then one copy
 * of a few MB rather than the structured clone of 100,000 objects decoded on the main thread in
 * one go, and the job decodes only the batch it writes (`decodeCredits`), so the main thread's
 * heap never holds every credit at once (issue #22, docs/backoffice.md "Jobs: measured").
 */
export type PackedStatementResult =
  | {
      ok: true;
      format: 'csv' | 'camt053';
      lineCount: number;
      creditCount: number;
      /** The credits as JSON, each followed by "\n". */
      ndjson: Uint8Array;
      /** `ends[i]`: the byte offset just past credit i's "\n". */
      ends: Uint32Array;
      /** The first skipped lines, with why. */
      errors: StatementError[];
    }
  | { ok: false; reason: string; line: number };

export function readStatementFilePacked(job: StatementFileJob): PackedStatementResult {
  const read = readStatementFile(job);
  if (!read.ok) return read;
  const { credits } = read;
  const ends = new Uint32Array(credits.length);
  const lines: string[] = new Array(credits.length);
  let offset = 0;
  for (let i = 0; i < credits.length; i++) {
    const line = `${JSON.stringify(credits[i])}\n`;
    lines[i] = line;
    offset += Buffer.byteLength(line, 'utf8');
    ends[i] = offset;
  }
  const ndjson = new TextEncoder().encode(lines.join(''));
  if (ndjson.length !== offset) throw new Error('statement packing: byte lengths disagree');
  return {
    ok: true,
    format: read.format,
    lineCount: read.lineCount,
    creditCount: credits.length,
    ndjson,
    ends,
    errors: read.errors.slice(0, KEPT_ERRORS),
  };
}

/** Credits `from` (included) to `to` (excluded) of a packed statement. */
export function decodeCredits(
  packed: { ndjson: Uint8Array; ends: Uint32Array },
  from: number,
  to: number,
): CreditLine[] {
  const end = Math.min(to, packed.ends.length);
  if (from >= end) return [];
  const start = from === 0 ? 0 : packed.ends[from - 1];
  const text = new TextDecoder().decode(packed.ndjson.subarray(start, packed.ends[end - 1]));
  const credits: CreditLine[] = [];
  for (let i = 0, at = 0; i < end - from; i++) {
    const next = text.indexOf('\n', at);
    credits.push(JSON.parse(text.slice(at, next)) as CreditLine);
    at = next + 1;
  }
  return credits;
}
