// Statements of the broker's receiving accounts (issue #15): operations import the bank's file and
// the identity deposits are matched against its credit lines. Two formats: a bank's CSV export,
// read through a column map, and ISO 20022 camt.053. Both give the same CreditLine; debits are
// skipped. Nothing here throws on a bad file: a bad line is reported with its line number and
// skipped, a bad file gives one error (line 0 unless the fault has a line) and no credits.
//
// `lineKey` makes an import idempotent: the same line imported twice (the file again, or in a
// statement whose period overlaps) has the same key, so the importer can insert … on conflict do
// nothing. The bank's own transaction id (with the account) when the file has one; otherwise a
// hash of the normalised fields and the line's rank among identical lines of its file, so two
// genuinely identical credits on the same day stay two.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as z from 'zod/mini';
import { hongKongDateOf } from '../hong-kong-time';
import { checkIsIsoDate } from '../id-documents';
import { DEPOSIT_CURRENCIES, type DepositCurrency } from './deposit-rule';

/** A file over this many bytes (UTF-8) is refused before it is parsed. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** A CSV over this many lines is refused before it is parsed. */
export const STATEMENT_MAX_LINES = 100_000;
/**
 * A camt.053 over this many entries is refused. Not lines: camt.053 is often written one element
 * a line (30 lines an entry) or all on one line; its parsing cost is bounded by the byte limit.
 */
export const STATEMENT_MAX_ENTRIES = 100_000;
/** Free text (payer name, reference, bank reference) is cut to this many characters. */
const TEXT_MAX = 500;
/** Banks put the account number and period above the header: the header is looked for this far. */
const HEADER_SEARCH_ROWS = 20;

export const CreditLineSchema = z.object({
  bookedOn: z.string().check(z.refine(checkIsIsoDate)),
  /** Minor units (cents), above 0. */
  amountMinor: z.number().check(z.int(), z.positive()),
  currency: z.enum(DEPOSIT_CURRENCIES),
  payerName: z.nullable(z.string()),
  /** Digits and capital letters only (IBAN or local account number). */
  payerAccount: z.nullable(z.string()),
  /** The remitter's reference or remark, where the applicant's reference code appears. */
  reference: z.nullable(z.string()),
  /** The bank's own transaction id, when the file gives one. */
  bankRef: z.nullable(z.string()),
  /** Stable idempotency key of the line for its account (64 hex characters). */
  lineKey: z.string(),
});
export type CreditLine = z.infer<typeof CreditLineSchema>;

/** Error keys (the `errors` namespace); the file-level ones come alone, with no credits. */
export const STATEMENT_ERRORS = [
  // file level
  'statement_too_large',
  'statement_malformed',
  'statement_missing_column',
  'statement_not_camt053',
  'statement_xml_doctype',
  'statement_no_account',
  // line level (statement_missing_column too: a row without a column the map needs)
  'statement_bad_date',
  'statement_bad_amount',
  'statement_currency',
  'statement_bad_entry',
  'statement_batch_unsplit',
  'statement_account_mismatch',
] as const;
export type StatementErrorCode = (typeof STATEMENT_ERRORS)[number];

export interface StatementError {
  /** 1-based line in the file (for camt.053, where the entry or statement starts); 0: the whole file. */
  line: number;
  code: StatementErrorCode;
}

export interface StatementParseResult {
  credits: CreditLine[];
  errors: StatementError[];
}

export type CsvDateFormat = 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'DD/MM/YYYY' | 'YYYYMMDD';

interface CsvColumns<C> {
  date: C;
  /** One signed amount column (negative: a debit), or a credit column and a debit column. */
  amount: { signed: C } | { credit: C; debit: C };
  /** The currency column, or the one currency of an export that has none. */
  currency: C | { fixed: DepositCurrency };
  payerName?: C;
  payerAccount?: C;
  reference?: C;
  bankRef?: C;
}

interface CsvFormat {
  /** For people: which export this map reads. */
  bank: string;
  /** 'DD/MM/YYYY' also reads 2/1/2024 (spreadsheets drop the zeros); a time after the date is ignored. */
  dateFormat: CsvDateFormat;
  /** '.': 1,234.56; ',': 1.234,56 or 1 234,56. */
  decimalSeparator: '.' | ',';
  delimiter?: ',' | ';' | '\t';
}

/**
 * How to read one bank's CSV export. With a header row, each column is the header names it may
 * have (compared without case, spaces or punctuation: 'Payer A/C No.' is 'payeracno'); the header
 * is the first row of the first 20 that has every required column, so lines above it (account,
 * period) are ignored. Without one, each column is a 0-based index and the first `skipRows` rows
 * (empty lines not counted) are ignored. `bankRef` must name a column unique to each transaction:
 * a line's key is then that reference alone.
 */
export type CsvColumnMap = CsvFormat &
  (
    | { header: true; columns: CsvColumns<readonly string[]> }
    | { header: false; skipRows?: number; columns: CsvColumns<number> }
  );

// The two maps below are examples of the design, written from the usual shape of these banks'
// business e-banking exports: check each against a real export of the broker's account before use.

/** Example: HSBC HK business banking export (separate credit and debit columns, DD/MM/YYYY). */
export const HSBC_HK_CSV: CsvColumnMap = {
  bank: 'HSBC Hong Kong (example map)',
  header: true,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: '.',
  columns: {
    date: ['Booking date', 'Post date', 'Date'],
    amount: {
      credit: ['Credit amount', 'Credit', 'Deposit'],
      debit: ['Debit amount', 'Debit', 'Withdrawal'],
    },
    currency: ['Currency', 'Ccy', 'Account currency'],
    payerName: ['Counterparty name', 'Remitter name', 'Payer name'],
    payerAccount: ['Counterparty account', 'Remitter account', 'Payer account'],
    reference: ['Customer reference', 'Payment details', 'Remarks'],
    bankRef: ['Bank reference', 'Transaction reference'],
  },
};

/** Example: BOCHK corporate banking export (one signed amount column, YYYYMMDD, English or Chinese headers). */
export const BOC_HK_CSV: CsvColumnMap = {
  bank: 'Bank of China (Hong Kong) (example map)',
  header: true,
  dateFormat: 'YYYYMMDD',
  decimalSeparator: '.',
  columns: {
    date: ['Transaction Date', '交易日期'],
    amount: { signed: ['Transaction Amount', '交易金額'] },
    currency: ['Currency', '貨幣'],
    payerName: ['Payer Name', '付款人名稱'],
    payerAccount: ['Payer A/C No.', '付款人賬號'],
    reference: ['Remarks', '備註'],
    bankRef: ['Reference No.', '參考編號'],
  },
};

export type StatementFormat = { kind: 'csv'; columns: CsvColumnMap } | { kind: 'camt053' };

/** A statement of `account` (the receiving account it was exported from) in the given format. */
export function parseStatement(text: string, format: StatementFormat, account: string): StatementParseResult {
  return format.kind === 'csv'
    ? parseCsvStatement(text, format.columns, account)
    : parseCamt053Statement(text, account);
}

// ---------------------------------------------------------------------------------------------
// Values

/**
 * A decimal amount as integer minor units (cents), exactly (no float ever holds the value):
 * "10000.00" → 1000000, "1,234.5" → 123450, "-20" → -2000. Thousands separators only in groups
 * of three; at most 2 decimals; at most 13 integer digits (far under 2^53 cents). Null otherwise.
 */
export function parseAmountMinor(text: string, decimalSeparator: '.' | ',' = '.'): number | null {
  const m = (decimalSeparator === '.' ? AMOUNT_DOT : AMOUNT_COMMA).exec(text.trim());
  if (!m) return null;
  const int = (m[2] ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (int.length > 13) return null;
  const minor = Number(int) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && minor !== 0 ? -minor : minor;
}
const AMOUNT_DOT = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const AMOUNT_COMMA = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:,(\d{1,2}))?$/;

const DATE_PATTERNS: Record<CsvDateFormat, { re: RegExp; y: number; m: number; d: number }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/, y: 1, m: 2, d: 3 },
  'YYYY/MM/DD': { re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/, y: 1, m: 2, d: 3 },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/, y: 3, m: 2, d: 1 },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})$/, y: 1, m: 2, d: 3 },
};

function parseDate(text: string, format: CsvDateFormat): string | null {
  const p = DATE_PATTERNS[format];
  const m = p.re.exec(text.trim());
  if (!m) return null;
  const iso = `${m[p.y]}-${m[p.m]?.padStart(2, '0')}-${m[p.d]?.padStart(2, '0')}`;
  return checkIsIsoDate(iso) ? iso : null;
}

function parseCurrency(text: string): DepositCurrency | null {
  const code = text.trim().toUpperCase();
  return (DEPOSIT_CURRENCIES as readonly string[]).includes(code) ? (code as DepositCurrency) : null;
}

// The characters the typed-text rule (../text.ts) refuses, removed rather than refused: the money
// arrived whatever the bank wrote, but what operations read must not be reordered or hidden.
const UNSTORABLE = /[\p{Cs}\p{Noncharacter_Code_Point}]/gu;
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
const BIDI_OR_INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Cf}\u115f\u1160\u3164\uffa0]/gu;
const MARK_FLOOD = /(\p{M}{4})\p{M}+/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Bank text as it is stored and shown: NFC, one space between words, at most TEXT_MAX characters. */
function cleanText(value: string | undefined): string | null {
  if (value === undefined) return null;
  // most bank text is printable ASCII, which needs none of the Unicode passes
  let text = PRINTABLE_ASCII.test(value)
    ? value.replace(/ {2,}/g, ' ').trim()
    : value
        .replace(UNSTORABLE, '')
        .normalize('NFC')
        .replace(CONTROL, ' ')
        .replace(BIDI_OR_INVISIBLE, '')
        .replace(MARK_FLOOD, '$1')
        .replace(/\s+/g, ' ')
        .trim();
  if (text.length > TEXT_MAX)
    text = text
      .slice(0, TEXT_MAX)
      .replace(/[\ud800-\udbff]$/, '')
      .trimEnd();
  return text === '' ? null : text;
}

/** A bank's transaction id; "-" or "/" in the column (none given) is none. */
function cleanBankRef(value: string | undefined): string | null {
  const ref = cleanText(value);
  return ref !== null && /[\p{L}\p{N}]/u.test(ref) ? ref : null;
}

/** An account number as digits and capital letters (full-width digits read as digits). */
function cleanAccount(value: string | undefined): string | null {
  if (value === undefined) return null;
  const account = value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 64);
  return account === '' ? null : account;
}

// ---------------------------------------------------------------------------------------------
// Keys and limits

type Draft = Omit<CreditLine, 'lineKey'>;

function withKeys(account: string, drafts: readonly Draft[]): CreditLine[] {
  const seen = new Map<string, number>();
  return drafts.map((d) => {
    // The rank among lines of the same identity: 0 but for identical lines (or a batch entry
    // whose transactions share the entry's bank reference), in the order of the file.
    const identity =
      d.bankRef !== null
        ? ['bank_ref', account, d.bankRef]
        : ['line', account, d.bookedOn, d.amountMinor, d.currency, d.payerName, d.payerAccount, d.reference];
    const base = JSON.stringify(identity);
    const rank = seen.get(base) ?? 0;
    seen.set(base, rank + 1);
    return { ...d, lineKey: bytesToHex(sha256(utf8ToBytes(JSON.stringify([...identity, rank])))) };
  });
}

function fileError(code: StatementErrorCode, line = 0): StatementParseResult {
  return { credits: [], errors: [{ line, code }] };
}

function isOverByteLimit(text: string): boolean {
  // Each UTF-16 unit is 1 to 3 bytes in UTF-8 (a surrogate pair 4 for its 2 units).
  if (text.length > STATEMENT_MAX_BYTES) return true;
  if (text.length * 3 <= STATEMENT_MAX_BYTES) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
    if (bytes > STATEMENT_MAX_BYTES) return true;
  }
  return false;
}

function isOverLineLimit(text: string): boolean {
  let lines = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (++lines > STATEMENT_MAX_LINES) return true;
  }
  return lines > STATEMENT_MAX_LINES;
}

// ---------------------------------------------------------------------------------------------
// CSV

interface ResolvedColumns {
  date: number;
  amount: { signed: number } | { credit: number; debit: number };
  currency: number | DepositCurrency;
  payerName: number | null;
  payerAccount: number | null;
  reference: number | null;
  bankRef: number | null;
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

const headerKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');
const isHeaderAgain = (row: readonly string[], header: readonly string[]) =>
  row.length === header.length && row.every((cell, i) => headerKey(cell) === header[i]);

/** The columns found in a header row, or null when a required one is missing. */
function resolveHeader(
  row: readonly string[],
  columns: CsvColumns<readonly string[]>,
): ResolvedColumns | null {
  const at = new Map<string, number>();
  row.forEach((cell, i) => {
    const key = headerKey(cell);
    if (key !== '' && !at.has(key)) at.set(key, i);
  });
  const find = (names: readonly string[] | undefined): number | null => {
    for (const name of names ?? []) {
      const i = at.get(headerKey(name));
      if (i !== undefined) return i;
    }
    return null;
  };
  const date = find(columns.date);
  const amount =
    'signed' in columns.amount
      ? { signed: find(columns.amount.signed) }
      : { credit: find(columns.amount.credit), debit: find(columns.amount.debit) };
  const currency = isFixedCurrency(columns.currency) ? columns.currency.fixed : find(columns.currency);
  if (date === null || currency === null || Object.values(amount).includes(null)) return null;
  return {
    date,
    amount: amount as ResolvedColumns['amount'],
    currency,
    payerName: find(columns.payerName),
    payerAccount: find(columns.payerAccount),
    reference: find(columns.reference),
    bankRef: find(columns.bankRef),
  };
}

function isFixedCurrency<C>(
  currency: C | { fixed: DepositCurrency },
): currency is { fixed: DepositCurrency } {
  return typeof currency === 'object' && currency !== null && !Array.isArray(currency);
}

type RowResult = { credit: Draft } | { skip: true } | { error: StatementErrorCode };

function readCsvRow(row: readonly string[], cols: ResolvedColumns, map: CsvColumnMap): RowResult {
  const required = [cols.date, ...Object.values(cols.amount)];
  if (typeof cols.currency === 'number') required.push(cols.currency);
  if (required.some((i) => i >= row.length)) return { error: 'statement_missing_column' };
  const cell = (i: number | null) => (i === null ? undefined : row[i]);
  const amountOf = (i: number) => parseAmountMinor(row[i] ?? '', map.decimalSeparator);

  let amountMinor: number;
  if ('signed' in cols.amount) {
    const amount = amountOf(cols.amount.signed);
    if (amount === null) return { error: 'statement_bad_amount' };
    if (amount <= 0) return { skip: true }; // a debit (or nothing moved)
    amountMinor = amount;
  } else {
    const creditCell = (row[cols.amount.credit] ?? '').trim();
    const debitCell = (row[cols.amount.debit] ?? '').trim();
    const credit = creditCell === '' ? 0 : amountOf(cols.amount.credit);
    const debit = debitCell === '' ? 0 : amountOf(cols.amount.debit);
    if (credit === null || debit === null || credit < 0 || debit < 0)
      return { error: 'statement_bad_amount' };
    if (creditCell === '' && debitCell === '') return { error: 'statement_bad_amount' };
    if (credit > 0 && debit > 0) return { error: 'statement_bad_amount' };
    if (credit === 0) return { skip: true };
    amountMinor = credit;
  }

  const bookedOn = parseDate(row[cols.date] ?? '', map.dateFormat);
  if (bookedOn === null) return { error: 'statement_bad_date' };
  const currency =
    typeof cols.currency === 'number' ? parseCurrency(row[cols.currency] ?? '') : cols.currency;
  if (currency === null) return { error: 'statement_currency' };
  return {
    credit: {
      bookedOn,
      amountMinor,
      currency,
      payerName: cleanText(cell(cols.payerName)),
      payerAccount: cleanAccount(cell(cols.payerAccount)),
      reference: cleanText(cell(cols.reference)),
      bankRef: cleanBankRef(cell(cols.bankRef)),
    },
  };
}

/** The credit lines of a bank's CSV export of `account`, read with `map`. */
export function parseCsvStatement(text: string, map: CsvColumnMap, account: string): StatementParseResult {
  const acct = cleanAccount(account);
  if (acct === null) return fileError('statement_no_account');
  if (isOverByteLimit(text)) return fileError('statement_too_large');
  // One line ending, so csv-parse's line count is the file's (it counts a CRLF inside quotes twice).
  const body = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  if (isOverLineLimit(body)) return fileError('statement_too_large');

  let records: CsvRecord[];
  try {
    records = parseCsv(body, {
      delimiter: map.delimiter ?? ',',
      info: true,
      relax_column_count: true,
      // a quote inside an unquoted field (CHAN "TONY" TAI MAN) is text; a broken quoted field is not
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (e) {
    const line = (e as { lines?: unknown }).lines;
    return fileError('statement_malformed', typeof line === 'number' ? line : 0);
  }

  let cols: ResolvedColumns | null = null;
  let header: string[] | null = null;
  let start = 0;
  if (map.header) {
    const searched = Math.min(records.length, HEADER_SEARCH_ROWS);
    for (let i = 0; i < searched && cols === null; i++) {
      const row = records[i]!.record;
      cols = resolveHeader(row, map.columns);
      if (cols !== null) {
        header = row.map(headerKey);
        start = i + 1;
      }
    }
    if (cols === null) return fileError('statement_missing_column');
  } else {
    const c = map.columns;
    cols = {
      date: c.date,
      amount: c.amount,
      currency: isFixedCurrency(c.currency) ? c.currency.fixed : c.currency,
      payerName: c.payerName ?? null,
      payerAccount: c.payerAccount ?? null,
      reference: c.reference ?? null,
      bankRef: c.bankRef ?? null,
    };
    start = map.skipRows ?? 0;
  }

  const drafts: Draft[] = [];
  const errors: StatementError[] = [];
  for (let i = start; i < records.length; i++) {
    const { record, info } = records[i]!;
    if (isBlankRow(record)) continue;
    // an export of several pages repeats its header
    if (header !== null && isHeaderAgain(record, header)) continue;
    const result = readCsvRow(record, cols, map);
    if ('credit' in result) drafts.push(result.credit);
    else if ('error' in result) {
      // info.lines is where the record ends; a quoted field may hold line breaks
      const breaks = record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
      errors.push({ line: info.lines - breaks, code: result.error });
    }
  }
  return { credits: withKeys(acct, drafts), errors };
}

// ---------------------------------------------------------------------------------------------
// camt.053

// Every element the reading below expects once may come twice in a hostile or odd file: `first`
// takes the first; these may repeat by the schema and are always arrays.
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // No DTD, no entity expansion (the file is refused before if it declares any): &amp; and
  // character references are decoded by `xmlText`, nothing else is.
  processEntities: false,
  htmlEntities: false,
  captureMetaData: true,
  jPath: false,
  isArray: (tagName) => REPEATED.has(tagName),
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

type XmlNode = Record<string, unknown>;

const isNode = (v: unknown): v is XmlNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first element at `path` below `node`. */
function first(node: unknown, ...path: string[]): unknown {
  let at = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    if (!isNode(at) || !Object.hasOwn(at, name)) return undefined;
    at = at[name];
  }
  return Array.isArray(at) ? at[0] : at;
}

function all(node: unknown, name: string): unknown[] {
  if (!isNode(node) || !Object.hasOwn(node, name)) return [];
  const v = node[name];
  return Array.isArray(v) ? v : [v];
}

const XML_REFERENCE = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** An element's text (or an attribute), its predefined and character references decoded. */
function xmlText(v: unknown): string | undefined {
  const raw = isNode(v) ? v['#text'] : v;
  if (typeof raw !== 'string') return undefined;
  return raw.replace(XML_REFERENCE, (_, dec?: string, hex?: string, name?: string) => {
    if (name) return PREDEFINED[name] ?? '';
    const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

function xmlAccount(acct: unknown): string | null {
  return cleanAccount(xmlText(first(acct, 'Id', 'IBAN')) ?? xmlText(first(acct, 'Id', 'Othr', 'Id')));
}

/** Booking date: BookgDt/Dt, or the Hong Kong date of BookgDt/DtTm. */
function xmlBookingDate(ntry: unknown): string | null {
  const date = xmlText(first(ntry, 'BookgDt', 'Dt'))?.trim();
  if (date !== undefined) return checkIsIsoDate(date) ? date : null;
  const dateTime = xmlText(first(ntry, 'BookgDt', 'DtTm'))?.trim();
  if (dateTime === undefined) return null;
  const m = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(dateTime);
  if (!m || !checkIsIsoDate(m[1]!)) return null;
  if (!m[2]) return m[1]!; // no offset: the bank's local time
  const ms = Date.parse(dateTime);
  if (Number.isNaN(ms)) return null;
  return hongKongDateOf(ms);
}

/** An amount element (`<Amt Ccy="HKD">1000.00</Amt>`). */
function xmlAmount(amt: unknown): { amountMinor: number | null; currency: DepositCurrency | null } | null {
  const value = xmlText(amt);
  if (value === undefined) return null;
  return {
    amountMinor: /^\s*\d+(\.\d+)?\s*$/.test(value) ? parseAmountMinor(value) : null,
    currency: parseCurrency(xmlText(first(amt, '@Ccy')) ?? ''),
  };
}

function xmlReference(tx: unknown, ntry: unknown): string | null {
  const unstructured = all(first(tx, 'RmtInf'), 'Ustrd')
    .map(xmlText)
    .filter((s): s is string => s !== undefined);
  return (
    cleanText(unstructured.length > 0 ? unstructured.join(' ') : undefined) ??
    cleanText(xmlText(first(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'))) ??
    cleanText(xmlText(first(tx, 'AddtlTxInf'))) ??
    cleanText(xmlText(first(ntry, 'AddtlNtryInf')))
  );
}

type EntryResult = { credits: Draft[] } | { error: StatementErrorCode };

function readEntry(ntry: unknown): EntryResult {
  const indicator = xmlText(first(ntry, 'CdtDbtInd'))?.trim();
  if (indicator === 'DBIT') return { credits: [] };
  if (indicator !== 'CRDT') return { error: 'statement_bad_entry' };
  // A reversal (a returned debit) is no deposit; an entry not yet booked (PDNG, INFO) is not money.
  if (xmlText(first(ntry, 'RvslInd'))?.trim() === 'true') return { credits: [] };
  const status = xmlText(first(ntry, 'Sts')) ?? xmlText(first(ntry, 'Sts', 'Cd'));
  if (status !== undefined && status.trim() !== 'BOOK') return { credits: [] };

  const amount = xmlAmount(first(ntry, 'Amt'));
  if (amount === null || amount.amountMinor === null || amount.amountMinor < 0) {
    return { error: 'statement_bad_amount' };
  }
  if (amount.currency === null) return { error: 'statement_currency' };
  if (amount.amountMinor === 0) return { credits: [] };
  const bookedOn = xmlBookingDate(ntry);
  if (bookedOn === null) return { error: 'statement_bad_date' };

  const txs = all(ntry, 'NtryDtls').flatMap((details) => all(details, 'TxDtls'));
  // A batch entry books several transfers at once: each must carry its own amount, and they must
  // add up to the entry's, or the entry cannot be split into the payers' credits.
  const parts: { amountMinor: number; tx: unknown }[] = [];
  if (txs.length <= 1) parts.push({ amountMinor: amount.amountMinor, tx: txs[0] });
  else {
    for (const tx of txs) {
      const own = xmlAmount(first(tx, 'Amt') ?? first(tx, 'AmtDtls', 'TxAmt', 'Amt'));
      if (own === null) return { error: 'statement_batch_unsplit' };
      if (own.amountMinor === null || own.amountMinor <= 0) return { error: 'statement_bad_amount' };
      if (own.currency !== amount.currency) return { error: 'statement_currency' };
      parts.push({ amountMinor: own.amountMinor, tx });
    }
    if (parts.reduce((sum, p) => sum + p.amountMinor, 0) !== amount.amountMinor) {
      return { error: 'statement_bad_amount' };
    }
  }

  const entryRef = xmlText(first(ntry, 'AcctSvcrRef'));
  return {
    credits: parts.map(({ amountMinor, tx }) => {
      const parties = first(tx, 'RltdPties');
      return {
        bookedOn,
        amountMinor,
        currency: amount.currency!,
        // camt.053.001.02–07: Dbtr/Nm; .08 on: Dbtr/Pty/Nm
        payerName: cleanText(
          xmlText(first(parties, 'Dbtr', 'Nm')) ?? xmlText(first(parties, 'Dbtr', 'Pty', 'Nm')),
        ),
        payerAccount: xmlAccount(first(parties, 'DbtrAcct')),
        reference: xmlReference(tx, ntry),
        bankRef: cleanBankRef(xmlText(first(tx, 'Refs', 'AcctSvcrRef')) ?? entryRef),
      };
    }),
  };
}

/** 1-based line of a character index of `text`, from the index of its line breaks (built once). */
function lineFinder(text: string): (index: number | undefined) => number {
  let breaks: number[] | null = null;
  return (index) => {
    if (index === undefined) return 0;
    if (breaks === null) {
      breaks = [];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
    }
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** The credit lines of an ISO 20022 camt.053 statement of `account` (any version, .001.02 on). */
export function parseCamt053Statement(text: string, account: string): StatementParseResult {
  const acct = cleanAccount(account);
  if (acct === null) return fileError('statement_no_account');
  if (isOverByteLimit(text)) return fileError('statement_too_large');
  const body = text.replace(/^\ufeff/, '');
  // A bank statement has no DTD; one in the file can only be an attempt (entity expansion, external
  // entities). Refused wherever it is, even inside a comment: no real statement has the string.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(body)) return fileError('statement_xml_doctype');
  const valid = XMLValidator.validate(body);
  if (valid !== true) return fileError('statement_malformed', valid.err.line ?? 0);

  let doc: unknown;
  try {
    doc = xmlParser.parse(body);
  } catch {
    return fileError('statement_malformed');
  }
  const statements = all(first(doc, 'Document', 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) return fileError('statement_not_camt053');
  const entries = statements.reduce<number>((n, stmt) => n + all(stmt, 'Ntry').length, 0);
  if (entries > STATEMENT_MAX_ENTRIES) return fileError('statement_too_large');

  const lineOf = lineFinder(body);
  const at = (node: unknown) =>
    lineOf(
      isNode(node)
        ? (node as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex
        : undefined,
    );
  const drafts: Draft[] = [];
  const errors: StatementError[] = [];
  for (const stmt of statements) {
    // A file may hold the statements of several accounts: only this account's are read.
    const stmtAccount = xmlAccount(first(stmt, 'Acct'));
    if (stmtAccount !== null && stmtAccount !== acct) {
      errors.push({ line: at(stmt), code: 'statement_account_mismatch' });
      continue;
    }
    for (const ntry of all(stmt, 'Ntry')) {
      const result = readEntry(ntry);
      if ('error' in result) errors.push({ line: at(ntry), code: result.error });
      else drafts.push(...result.credits);
    }
  }
  return { credits: withKeys(acct, drafts), errors };
}
