import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson, type Language } from '@hk/domain';
import {
  comparePackFiles,
  EVIDENCE_FORMAT,
  MANIFEST_FILE,
  type Manifest,
  type PackProblem,
  PUBLIC_KEY_FILE,
  packNamePart,
  parseManifest,
  SIGNATURE_FILE,
  serializeManifest,
} from '@hk/domain/evidence/manifest';
import { unzipSync, zipSync } from 'fflate';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { FileIntegrityError } from '../files/file-store';
import { insertAccessEvent } from '../review/review-repository';
import { type ApplicationPdfInput, signingLanguage } from '../submissions/application-pdf/build';
import { applicationPdfOfSubmission } from '../submissions/application-pdf/service';
import { findApplicationRecord, listAccessEvents, loadApplicationRecords } from './evidence-repository';
import { checkSignature, createEvidenceSigner, publicKeyFingerprint, readEd25519PublicKey } from './signing';

// The evidence pack of one application (issue #15, docs/evidence-pack.md): its submissions (the
// frozen snapshot and the PDF made from it), every document it ever uploaded (those replaced after
// a refusal too) decrypted, the application's events, the review's cases, decisions and events,
// the staff access log, the deposit match, and a signed manifest of every file.

export type EvidenceCtx = Pick<AppContext, 'db' | 'vault' | 'files' | 'now' | 'config'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256Of = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Readable JSON of database rows: instants as ISO strings, big integers as strings. */
function jsonFile(value: unknown): Buffer {
  const text = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
  return Buffer.from(`${text}\n`, 'utf8');
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export interface EvidencePack {
  applicationId: string;
  /** Every file of the pack by its path, manifest.json and manifest.sig included. */
  files: Map<string, Buffer>;
  manifest: Manifest;
}

/** Who asks for a pack: a staff member through the console, or the command line on their behalf. */
export interface EvidenceRequester {
  via: 'console' | 'command';
  staffId: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/**
 * Builds the pack and records the export in the staff access log before any byte of it leaves
 * (the documents in it are decrypted personal data).
 */
export async function exportEvidencePack(
  ctx: EvidenceCtx,
  applicationId: string,
  by: EvidenceRequester,
  /** Draws each application PDF: in the heavy-work pool for the console's job (issue #22). */
  buildPdf?: (input: ApplicationPdfInput) => Promise<Buffer>,
): Promise<EvidencePack> {
  if (!UUID_RE.test(applicationId)) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const id = applicationId.toLowerCase();
  const app = await findApplicationRecord(ctx.db, id);
  if (!app) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const r = await loadApplicationRecords(ctx.db, id);
  const now = ctx.now();
  const files = new Map<string, Buffer>();
  const notes: string[] = [];

  files.set(
    'application.json',
    jsonFile({
      ...app,
      // the relationship's dates and numbers as they stand when the pack is made
      exportedAt: now.toISOString(),
    }),
  );

  // submissions: the snapshot in its canonical form (its SHA-256 is the submission's) and its PDF
  const submissionIndex = [];
  for (const s of r.submissions) {
    const dir = `submissions/${s.number}`;
    const snapshot = Buffer.from(canonicalJson(s.snapshot), 'utf8');
    files.set(`${dir}/snapshot.json`, snapshot);
    const lang: Language = signingLanguage(s.snapshot) ?? 'zh-CN';
    // the PDF service reads only the database and the file store of its context
    const pdf = await applicationPdfOfSubmission(ctx as AppContext, s, lang, buildPdf);
    files.set(`${dir}/application-${lang}.pdf`, pdf);
    submissionIndex.push({
      id: s.id,
      number: s.number,
      createdAt: s.createdAt,
      sha256: s.sha256,
      snapshotMatches: sha256Of(snapshot) === s.sha256,
      pdfLanguage: lang,
    });
  }
  files.set('submissions/index.json', jsonFile(submissionIndex));

  // documents: each one's bytes decrypted, with the SHA-256 recorded at upload and the one found now
  const documentIndex = [];
  for (const d of r.documents) {
    let bytes: Buffer | null = null;
    let problem: string | null = null;
    try {
      bytes = await ctx.files.get(ctx.db, d.storageKey);
      if (!bytes) problem = 'bytes_not_kept';
    } catch (err) {
      if (!(err instanceof FileIntegrityError)) throw err;
      problem = 'integrity_check_failed';
    }
    const file = `documents/${d.id}-${packNamePart(d.kind)}.${EXTENSIONS[d.mime] ?? 'bin'}`;
    if (bytes) files.set(file, bytes);
    else notes.push(`document ${d.id} (${d.kind}): ${problem}`);
    documentIndex.push({
      id: d.id,
      step: d.step,
      kind: d.kind,
      mime: d.mime,
      size: d.size,
      width: d.width,
      height: d.height,
      uploadedAt: d.createdAt,
      deletedAt: d.deletedAt,
      sha256Recorded: d.sha256,
      file: bytes ? file : null,
      sha256Matches: bytes ? sha256Of(bytes) === d.sha256 : null,
      problem,
    });
  }
  files.set('documents/index.json', jsonFile(documentIndex));

  files.set('events/application-events.json', jsonFile(r.events));
  files.set(
    'review/cases.json',
    jsonFile(
      r.cases.map((c) => ({
        ...c,
        decisions: r.decisions.filter((d) => d.caseId === c.id),
        events: r.caseEvents.filter((e) => e.caseId === c.id),
      })),
    ),
  );
  // the payer's account number stays sealed: its masked form and keyed hash identify it
  files.set(
    'deposit/match.json',
    jsonFile({
      remittance: r.remittance,
      credits: r.credits.map(({ payerAccountSealed: _sealed, ...credit }) => credit),
    }),
  );
  files.set('records/legal-holds.json', jsonFile(r.holds));

  // the export itself is in the log it exports
  await insertAccessEvent(
    ctx.db,
    {
      staffId: by.staffId,
      applicationId: id,
      caseId: null,
      what: 'evidence_export',
      documentId: null,
      ip: by.ip,
      userAgent: by.userAgent,
      requestId: by.requestId,
    },
    now,
  );
  files.set('access/staff-access-events.json', jsonFile(await listAccessEvents(ctx.db, id)));

  const signer = createEvidenceSigner(ctx.config.evidenceSigningKey);
  files.set(PUBLIC_KEY_FILE, Buffer.from(signer.publicKeyPem, 'utf8'));
  const manifest: Manifest = {
    format: EVIDENCE_FORMAT,
    applicationId: id,
    createdAt: now.toISOString(),
    createdBy: { via: by.via, staffId: by.staffId },
    keyFingerprint: signer.fingerprint,
    notes,
    files: [...files].map(([p, bytes]) => ({ path: p, sha256: sha256Of(bytes), size: bytes.length })),
  };
  const manifestBytes = Buffer.from(serializeManifest(manifest), 'utf8');
  files.set(MANIFEST_FILE, manifestBytes);
  files.set(SIGNATURE_FILE, Buffer.from(`${signer.sign(manifestBytes)}\n`, 'utf8'));
  return { applicationId: id, files, manifest };
}

/** The pack's files as zip entries. */
export function zipEntriesOf(pack: EvidencePack): Record<string, Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const [p, bytes] of pack.files) entries[p] = bytes;
  return entries;
}

/** The pack as one zip (stored, not compressed: PDFs and photos are compressed already). */
export function zipEvidencePack(pack: EvidencePack): Buffer {
  return Buffer.from(zipSync(zipEntriesOf(pack), { level: 0 }));
}

/** Writes the pack as a folder (which must not exist yet, or be empty). */
export async function writeEvidencePack(pack: EvidencePack, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty`);
  for (const [p, bytes] of pack.files) {
    const target = path.join(dir, ...p.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: 'wx' });
  }
}

/** Every regular file under `dir`, by its `/`-separated path inside it. */
async function readPackFolder(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relPath);
      else found.set(relPath, await readFile(path.join(dir, relPath)));
    }
  };
  await walk('');
  return found;
}

export interface PackVerification {
  ok: boolean;
  problems: PackProblem[];
  /** The fingerprint of the key in the pack (compare it with the broker's published one). */
  keyFingerprint: string | null;
  fileCount: number;
}

/**
 * Checks a pack's files (path → bytes): the manifest readable and canonical, its signature made by
 * the pack's public key (and, when `expectedPublicKeyPem` is given, that key being the expected
 * one), every listed file present with its size and SHA-256, and no file that is not listed.
 */
export function verifyPackFiles(
  found: ReadonlyMap<string, Buffer>,
  expectedPublicKeyPem?: string,
): PackVerification {
  const problems: PackProblem[] = [];
  const manifestBytes = found.get(MANIFEST_FILE);
  const parsed = manifestBytes ? parseManifest(manifestBytes.toString('utf8')) : null;
  if (!manifestBytes || !parsed?.ok) {
    problems.push({
      path: MANIFEST_FILE,
      problem: parsed && !parsed.ok ? parsed.problem : 'manifest_unreadable',
    });
    return { ok: false, problems, keyFingerprint: null, fileCount: found.size };
  }
  const pem = found.get(PUBLIC_KEY_FILE);
  const key = pem ? readEd25519PublicKey(pem.toString('utf8')) : null;
  const signature = found.get(SIGNATURE_FILE);
  const keyFingerprint = key ? publicKeyFingerprint(key) : null;
  if (!key) problems.push({ path: PUBLIC_KEY_FILE, problem: 'key_missing' });
  else if (keyFingerprint !== parsed.manifest.keyFingerprint)
    problems.push({ path: PUBLIC_KEY_FILE, problem: 'key_not_expected' });
  else if (expectedPublicKeyPem !== undefined) {
    const expected = readEd25519PublicKey(expectedPublicKeyPem);
    if (!expected || publicKeyFingerprint(expected) !== keyFingerprint)
      problems.push({ path: PUBLIC_KEY_FILE, problem: 'key_not_expected' });
  }
  if (!signature) problems.push({ path: SIGNATURE_FILE, problem: 'signature_missing' });
  else if (key && !checkSignature(key, manifestBytes, signature.toString('utf8')))
    // one of the two changed, and nothing can tell which: both are named
    problems.push(
      { path: MANIFEST_FILE, problem: 'signature_invalid' },
      { path: SIGNATURE_FILE, problem: 'signature_invalid' },
    );

  const hashes = new Map<string, { sha256: string; size: number }>();
  for (const [p, bytes] of found) hashes.set(p, { sha256: sha256Of(bytes), size: bytes.length });
  problems.push(...comparePackFiles(parsed.manifest, hashes));
  return { ok: problems.length === 0, problems, keyFingerprint, fileCount: found.size };
}

/** The files of a zipped pack, read in memory (nothing is written out). */
export function unzipEvidencePack(zip: Buffer): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue; // a folder entry
    found.set(name, Buffer.from(bytes));
  }
  return found;
}

/** Checks a pack: a folder, or the zip the console downloads (verifyPackFiles). */
export async function verifyEvidencePack(
  target: string,
  expectedPublicKeyPem?: string,
): Promise<PackVerification> {
  const info = await stat(target).catch(() => null);
  if (info?.isDirectory()) return verifyPackFiles(await readPackFolder(target), expectedPublicKeyPem);
  if (!info?.isFile()) throw new Error(`${target}: no such pack folder or zip`);
  let files: Map<string, Buffer>;
  try {
    files = unzipEvidencePack(await readFile(target));
  } catch {
    throw new Error(`${target} is not a zip`);
  }
  return verifyPackFiles(files, expectedPublicKeyPem);
}
