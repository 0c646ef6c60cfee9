// Loads what the application PDF needs (the frozen snapshot, upload times, the signature image)
// and builds it (build.ts). The applicant's route and, later, the back office call this.
import { createHash } from 'node:crypto';
import type { Language } from '@hk/domain';
import sharp from 'sharp';
import type { AppContext } from '../../../../context';
import type { Db } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import { listDocumentsOfApplicationByIds } from '../../documents/document-repository';
import { FileIntegrityError } from '../../files/file-store';
import { findApplicationByUser } from '../../steps/step-repository';
import { findSubmissionOfApplication, type SubmissionRow } from '../submission-repository';
import { type ApplicationPdfInput, buildApplicationPdf, signingLanguage } from './build';

/**
 * The caller's submission: the given number, else the latest. Only ever looked up through the
 * caller's own application, so another person's submission is never reachable (no id is taken).
 */
export async function findSubmissionOfUser(db: Db, userId: string, number?: number): Promise<SubmissionRow> {
  const app = await findApplicationByUser(db, userId);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  const row = await findSubmissionOfApplication(db, app.id, number);
  // nothing submitted (or no such number): the PDF does not exist
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  return row;
}

interface SnapshotDocument {
  id: string;
  kind: string;
  sha256: string;
}

function snapshotDocuments(snapshot: Record<string, unknown>): SnapshotDocument[] {
  const list = Array.isArray(snapshot.documents) ? snapshot.documents : [];
  return list.filter(
    (d): d is SnapshotDocument =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as SnapshotDocument).id === 'string' &&
      typeof (d as SnapshotDocument).kind === 'string',
  );
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The signature image as submitted: the file store's bytes only when their SHA-256 is the one in
 * the snapshot (a file replaced after a refusal is not this submission's signature). PNG and JPEG
 * are drawn as they are; another image type is converted to PNG.
 */
async function signatureImage(
  ctx: AppContext,
  doc: SnapshotDocument | undefined,
  storageKey: string | undefined,
): Promise<Buffer | null> {
  if (!doc || !storageKey) return null;
  let bytes: Buffer | null;
  try {
    bytes = await ctx.files.get(ctx.db, storageKey);
  } catch (err) {
    if (err instanceof FileIntegrityError) return null;
    throw err;
  }
  if (!bytes || sha256Of(bytes) !== doc.sha256) return null;
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (isPng || isJpeg) return bytes;
  try {
    return await sharp(bytes).png().toBuffer();
  } catch {
    return null;
  }
}

/** Built PDFs by snapshot hash and language: a snapshot never changes, so neither does its PDF. */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 32;

export function clearApplicationPdfCache(): void {
  cache.clear();
}

/**
 * The PDF of one submission row, in `lang` (the back office passes any application's row).
 * `build` draws it: here by default, or in the heavy-work pool (the evidence-pack job, issue #22).
 */
export async function applicationPdfOfSubmission(
  ctx: AppContext,
  submission: SubmissionRow,
  lang: Language,
  build: (input: ApplicationPdfInput) => Promise<Buffer> = buildApplicationPdf,
): Promise<Buffer> {
  const key = `${submission.sha256}:${lang}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const snapDocs = snapshotDocuments(submission.snapshot);
  const rows = await listDocumentsOfApplicationByIds(
    ctx.db,
    submission.applicationId,
    snapDocs.map((d) => d.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const signatureDoc = snapDocs.find((d) => d.kind === 'signature');
  const pdf = await build({
    lang,
    submission,
    uploadedAt: new Map(rows.map((r) => [r.id, r.createdAt])),
    signatureImage: await signatureImage(
      ctx,
      signatureDoc,
      signatureDoc && byId.get(signatureDoc.id)?.storageKey,
    ),
  });

  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, pdf);
  return pdf;
}

/**
 * The caller's own submission's PDF (the latest, or `number`), in `lang` when asked for, else in
 * the language they signed in (the snapshot's signature step), else in `fallbackLang`.
 */
export async function applicationPdfOfUser(
  ctx: AppContext,
  userId: string,
  opts: { number?: number | undefined; lang?: Language | undefined; fallbackLang: Language },
): Promise<{ pdf: Buffer; submission: SubmissionRow; lang: Language }> {
  const submission = await findSubmissionOfUser(ctx.db, userId, opts.number);
  const lang = opts.lang ?? signingLanguage(submission.snapshot) ?? opts.fallbackLang;
  return { pdf: await applicationPdfOfSubmission(ctx, submission, lang), submission, lang };
}
