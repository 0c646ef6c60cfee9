import { snapshotDocuments } from '@hk/domain/review/items';
import { AppError } from '../../../lib/app-error';
import { sha256Hex } from '../../../lib/crypto';
import { listDocumentsOfApplicationByIds } from '../documents/document-repository';
import { FileIntegrityError } from '../files/file-store';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { type ReviewCtx, requireCase, type StaffRequestClient, submissionOfCase } from './case-access';
import { insertAccessEvent, type ReviewCaseRow } from './review-repository';

// The documents of a case's submission: their integrity against the snapshot (the case view shows
// it) and, for someone with sensitive.read, their decrypted bytes (each read an access event).

type Ctx = ReviewCtx;

/** Each document's bytes hashed again against the SHA-256 the snapshot recorded. */
export async function documentIntegrity(
  ctx: Ctx,
  c: ReviewCaseRow,
  snapshot: unknown,
): Promise<Map<string, boolean>> {
  const docs = snapshotDocuments(snapshot);
  const rows = await listDocumentsOfApplicationByIds(
    ctx.db,
    c.applicationId,
    docs.map((d) => d.id),
  );
  const intact = new Map<string, boolean>();
  for (const d of docs) {
    const row = rows.find((r) => r.id === d.id);
    let bytes: Buffer | null = null;
    if (row)
      bytes = await ctx.files.get(ctx.db, row.storageKey).catch((err: unknown) => {
        if (err instanceof FileIntegrityError) return null;
        throw err;
      });
    intact.set(d.id, bytes !== null && sha256Hex(bytes) === d.sha256);
  }
  return intact;
}

/**
 * A document of the case's submission, decrypted, for someone with sensitive.read; the read is
 * an access event, written before the bytes leave.
 */
export async function readCaseDocument(
  ctx: Ctx,
  session: StaffRequestSession,
  caseId: string,
  documentId: string,
  client: StaffRequestClient,
): Promise<{ mime: string; kind: string; bytes: Buffer; intact: boolean }> {
  const c = await requireCase(ctx.db, caseId);
  const submission = await submissionOfCase(ctx.db, c);
  const doc = snapshotDocuments(submission.snapshot).find((d) => d.id === documentId.toLowerCase());
  if (!doc) throw new AppError('CASE_NOT_FOUND');
  const [row] = await listDocumentsOfApplicationByIds(ctx.db, c.applicationId, [doc.id]);
  const bytes = row
    ? await ctx.files.get(ctx.db, row.storageKey).catch((err: unknown) => {
        if (err instanceof FileIntegrityError) return null;
        throw err;
      })
    : null;
  if (!bytes) throw new AppError('CASE_NOT_FOUND');
  await insertAccessEvent(
    ctx.db,
    {
      staffId: session.staff.id,
      applicationId: c.applicationId,
      caseId: c.id,
      what: 'document',
      documentId: doc.id,
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
    },
    ctx.now(),
  );
  return { mime: doc.mime, kind: doc.kind, bytes, intact: sha256Hex(bytes) === doc.sha256 };
}
