import { inflateSync } from 'node:zlib';
import { AppError } from '../../../lib/app-error';

/** ISO 32000: a PDF starts with `%PDF-` and its version (1.0–1.7, 2.0). */
const PDF_HEADER_RE = /^%PDF-[12]\.\d/;

/**
 * Names that make a PDF do something when opened or carry another file (ISO 32000-2 §12.6 actions,
 * §7.11 embedded files, §12.7.9 XFA forms, Adobe's RichMedia): an e-statement as a bank issues
 * it has none of them, and a reviewer's viewer must never run or unpack them.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'GoToE',
  'ImportData',
  'SubmitForm',
]);

const ENCRYPT = new Set(['Encrypt']);

/** What is inflated from compressed streams to look for those names, at most (a zip-bomb guard). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type PdfFault = 'not_pdf' | 'unreadable' | 'encrypted' | 'active_content';

/** `/J#61vaScript` is `/JavaScript` (ISO 32000 §7.3.5: #xx escapes in names). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function findName(text: string, names: ReadonlySet<string>): boolean {
  for (const m of text.matchAll(/\/([^\s/<>[\](){}%]+)/g)) if (names.has(decodeName(m[1]!))) return true;
  return false;
}

/**
 * The PDF's objects as text: the file outside its streams (its dictionaries, where names live),
 * then the object streams (PDF 1.5+ `/Type /ObjStm`, and `/XRef` streams that hold the trailer),
 * inflated, because dictionaries compressed there would hide a name from a plain scan. Other
 * streams (page contents, images, fonts) are data, not dictionaries: they are not searched, so
 * image bytes that happen to read `/JS` do not refuse a statement. The total inflated is capped.
 */
function* pdfTexts(bytes: Buffer): Generator<string> {
  const raw = bytes.toString('latin1');
  const outside: string[] = [];
  const objectStreams: [number, number][] = [];
  const re = /stream\r?\n/g;
  let from = 0;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    // `endstream` matches too: only a `stream` keyword that is not its tail opens a stream
    if (raw.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const head = raw.slice(from, m.index);
    outside.push(head);
    // only stream objects have these types, and `head` starts after the previous stream
    if (/\/Type\s*\/(ObjStm|XRef)\b/.test(head)) objectStreams.push([start, end]);
    from = end;
    re.lastIndex = end + 'endstream'.length;
  }
  outside.push(raw.slice(from));
  yield outside.join('\n');
  let budget = MAX_INFLATED_BYTES;
  for (const [start, end] of objectStreams) {
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: budget });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfBombError();
      continue; // another filter, or truncated: its objects are unreadable to a viewer as well
    }
    budget -= inflated.length;
    yield inflated.toString('latin1');
  }
}

class PdfBombError extends Error {}

/**
 * What is wrong with an uploaded PDF, or null: decided by its content, never its name. Not a PDF
 * (no `%PDF-` header); unreadable (no end-of-file marker in its last KB, as readers expect, or a
 * compressed stream that inflates past 64 MB); password-protected (`/Encrypt`: a reviewer could
 * not open it and its objects cannot be checked); or carrying scripts, actions or attached files.
 */
export function inspectPdf(bytes: Buffer): PdfFault | null {
  if (!PDF_HEADER_RE.test(bytes.subarray(0, 8).toString('latin1'))) return 'not_pdf';
  if (
    !bytes
      .subarray(Math.max(0, bytes.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  )
    return 'unreadable';
  try {
    for (const text of pdfTexts(bytes)) {
      // the trailer's /Encrypt is in the raw file (or in a compressed cross-reference stream)
      if (findName(text, ENCRYPT)) return 'encrypted';
      if (findName(text, ACTIVE_NAMES)) return 'active_content';
    }
  } catch (err) {
    if (err instanceof PdfBombError) return 'unreadable';
    throw err;
  }
  return null;
}

/** Each fault as the upload's refusal, with the message at the file field. */
export function checkUploadedPdf(bytes: Buffer): void {
  const fault = inspectPdf(bytes);
  if (fault === null) return;
  if (fault === 'not_pdf') throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_file_type' });
  if (fault === 'unreadable')
    throw new AppError('UPLOAD_UNREADABLE', { file: 'address_proof_pdf_unreadable' });
  if (fault === 'encrypted')
    throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_pdf_encrypted' });
  throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_pdf_active_content' });
}
