// The tables of the operations side of the identity deposit (issue #15): receiving accounts,
// statement imports and credits, FX rates, remittances, content events. Only this file touches
// them for operations; the service decides.
import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  applications,
  contentEvents,
  fxRates,
  receivingAccounts,
  remittances,
  reviewCases,
  staffMembers,
  statementCredits,
  statementImports,
} from '../../../db/schema';

export type ReceivingAccountRow = typeof receivingAccounts.$inferSelect;
export type StatementImportRow = typeof statementImports.$inferSelect;
export type CreditRow = typeof statementCredits.$inferSelect;
export type NewCreditRow = typeof statementCredits.$inferInsert;
export type RemittanceRow = typeof remittances.$inferSelect;
export type FxRateRow = typeof fxRates.$inferSelect;

export function listActiveReceivingAccounts(db: Db): Promise<ReceivingAccountRow[]> {
  return db
    .select()
    .from(receivingAccounts)
    .where(eq(receivingAccounts.active, true))
    .orderBy(receivingAccounts.sort);
}

export async function findReceivingAccount(db: Db | Tx, id: string): Promise<ReceivingAccountRow | null> {
  const [row] = await db.select().from(receivingAccounts).where(eq(receivingAccounts.id, id)).limit(1);
  return row ?? null;
}

export async function findImportBySha256(db: Db | Tx, sha256: string): Promise<StatementImportRow | null> {
  const [row] = await db.select().from(statementImports).where(eq(statementImports.sha256, sha256)).limit(1);
  return row ?? null;
}

/** The import row, or null when the same file was imported meanwhile (sha256 unique). */
export async function insertImport(
  tx: Tx,
  row: typeof statementImports.$inferInsert,
): Promise<StatementImportRow | null> {
  const [inserted] = await tx
    .insert(statementImports)
    .values(row)
    .onConflictDoNothing({ target: statementImports.sha256 })
    .returning();
  return inserted ?? null;
}

/** Which of `keys` an imported statement still names (the file sweep must keep them). */
export async function findLiveStatementKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: statementImports.storageKey })
    .from(statementImports)
    .where(inArray(statementImports.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}

/** Rows per INSERT: 18 columns each, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/**
 * Inserts the credits whose `line_key` is new (the same line in an earlier file is one credit);
 * answers the rows inserted.
 */
export async function insertNewCredits(tx: Tx, rows: readonly NewCreditRow[]): Promise<CreditRow[]> {
  const out: CreditRow[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await tx
      .insert(statementCredits)
      .values(rows.slice(i, i + CHUNK) as NewCreditRow[])
      .onConflictDoNothing({ target: statementCredits.lineKey })
      .returning();
    out.push(...inserted);
  }
  return out;
}

export async function updateImportCounts(
  tx: Tx,
  id: string,
  newCreditCount: number,
): Promise<StatementImportRow | null> {
  const [row] = await tx
    .update(statementImports)
    .set({ newCreditCount })
    .where(eq(statementImports.id, id))
    .returning();
  return row ?? null;
}

export async function findApplicationRow(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      depositReference: applications.depositReference,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .limit(1);
  return row ?? null;
}

/** What became of an import's credits: how many are in each state (and matched automatically). */
export async function countCreditsOfImport(db: Db | Tx, importId: string) {
  const rows = await db
    .select({
      state: statementCredits.state,
      kind: statementCredits.matchKind,
      n: sql<number>`count(*)::int`,
    })
    .from(statementCredits)
    .where(eq(statementCredits.importId, importId))
    .groupBy(statementCredits.state, statementCredits.matchKind);
  const of = (state: string, kind?: string) =>
    rows
      .filter((r) => r.state === state && (kind === undefined || r.kind === kind))
      .reduce((n, r) => n + Number(r.n), 0);
  return { autoMatched: of('matched', 'auto'), flagged: of('flagged'), unmatched: of('unmatched') };
}

/** Applications by their reference codes (exact, normalised). */
export function findApplicationsByReference(db: Db | Tx, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select({ id: applications.id, depositReference: applications.depositReference })
    .from(applications)
    .where(inArray(applications.depositReference, [...codes]));
}

export async function lockCredit(tx: Tx, id: string): Promise<CreditRow | null> {
  const [row] = await tx.select().from(statementCredits).where(eq(statementCredits.id, id)).for('update');
  return row ?? null;
}

export async function findCredit(db: Db | Tx, id: string): Promise<CreditRow | null> {
  const [row] = await db.select().from(statementCredits).where(eq(statementCredits.id, id)).limit(1);
  return row ?? null;
}

/** Changes a credit only if it is still at `version` (two staff racing: one wins); bumps it. */
export async function updateCreditIfVersion(
  tx: Tx,
  id: string,
  version: number,
  set: Partial<Omit<CreditRow, 'id' | 'version'>>,
): Promise<CreditRow | null> {
  const [row] = await tx
    .update(statementCredits)
    .set({ ...set, version: version + 1 })
    .where(and(eq(statementCredits.id, id), eq(statementCredits.version, version)))
    .returning();
  return row ?? null;
}

/** The matched credit of an application, if any (at most one: a unique index). */
export async function findMatchedCreditOfApplication(db: Db | Tx, applicationId: string) {
  const [row] = await db
    .select({ id: statementCredits.id })
    .from(statementCredits)
    .where(and(eq(statementCredits.applicationId, applicationId), eq(statementCredits.state, 'matched')))
    .limit(1);
  return row ?? null;
}

export async function lockRemittance(tx: Tx, applicationId: string): Promise<RemittanceRow | null> {
  const [row] = await tx
    .select()
    .from(remittances)
    .where(eq(remittances.applicationId, applicationId))
    .for('update');
  return row ?? null;
}

export async function findRemittances(db: Db | Tx, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(remittances)
    .where(inArray(remittances.applicationId, [...applicationIds]));
}

/**
 * Writes the remittance of an application: created when the applicant has not written one yet
 * (`expectedVersion` 0), otherwise changed only at `expectedVersion`; answers null when another
 * change came first.
 */
export async function writeRemittance(
  tx: Tx,
  applicationId: string,
  expectedVersion: number,
  set: Partial<Omit<RemittanceRow, 'applicationId' | 'version' | 'createdAt'>>,
  now: Date,
): Promise<RemittanceRow | null> {
  const [updated] = await tx
    .update(remittances)
    .set({ ...set, version: expectedVersion + 1, updatedAt: now })
    .where(and(eq(remittances.applicationId, applicationId), eq(remittances.version, expectedVersion)))
    .returning();
  if (updated) return updated;
  if (expectedVersion !== 0) return null;
  const [inserted] = await tx
    .insert(remittances)
    .values({ applicationId, ...set, version: 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: remittances.applicationId })
    .returning();
  return inserted ?? null;
}

/** `confirm_deposit` set the status; this records when (the status machine writes only the status). */
export async function setActivatedAt(tx: Tx, applicationId: string, now: Date): Promise<void> {
  await tx
    .update(applications)
    .set({ activatedAt: now })
    .where(and(eq(applications.id, applicationId), isNull(applications.activatedAt)));
}

export function listFxRates(db: Db | Tx, limit?: number) {
  const q = db
    .select({
      currency: fxRates.currency,
      validOn: fxRates.validOn,
      hkdPerUnit: fxRates.hkdPerUnit,
      enteredBy: staffMembers.displayName,
      updatedAt: fxRates.updatedAt,
    })
    .from(fxRates)
    .innerJoin(staffMembers, eq(staffMembers.id, fxRates.enteredBy))
    .orderBy(desc(fxRates.validOn), fxRates.currency);
  return limit ? q.limit(limit) : q;
}

export async function lockFxRate(tx: Tx, currency: string, validOn: string): Promise<FxRateRow | null> {
  const [row] = await tx
    .select()
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), eq(fxRates.validOn, validOn)))
    .for('update');
  return row ?? null;
}

/** The day's rate, created or replaced (one per currency and day). */
export async function upsertFxRate(
  tx: Tx,
  row: { currency: string; validOn: string; hkdPerUnit: string; enteredBy: string },
  now: Date,
): Promise<void> {
  await tx
    .insert(fxRates)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [fxRates.currency, fxRates.validOn],
      set: { hkdPerUnit: row.hkdPerUnit, enteredBy: row.enteredBy, updatedAt: now },
    });
}

export async function insertContentEvent(tx: Tx, row: typeof contentEvents.$inferInsert): Promise<void> {
  await tx.insert(contentEvents).values(row);
}

function selectCredits(db: Db) {
  const matcher = sql`(select display_name from staff_members where id = ${statementCredits.matchedBy})`;
  const refunder = sql`(select display_name from staff_members where id = ${statementCredits.refundRecordedBy})`;
  return db
    .select({
      credit: statementCredits,
      accountNumber: receivingAccounts.accountNumber,
      accountBank: receivingAccounts.bankName,
      accountCurrency: receivingAccounts.currency,
      applicationStatus: applications.status,
      depositReference: applications.depositReference,
      matchedByName: sql<string | null>`${matcher}`,
      refundByName: sql<string | null>`${refunder}`,
    })
    .from(statementCredits)
    .innerJoin(receivingAccounts, eq(receivingAccounts.id, statementCredits.receivingAccountId))
    .leftJoin(applications, eq(applications.id, statementCredits.applicationId));
}

export type CreditListRow = Awaited<ReturnType<ReturnType<typeof selectCredits>['execute']>>[number];

/** A page of credits in one state, newest booking first, with the account, application and staff. */
export async function queryCredits(db: Db, state: string, page: { offset: number; limit: number }) {
  const rows = await selectCredits(db)
    .where(eq(statementCredits.state, state))
    .orderBy(desc(statementCredits.bookingDate), desc(statementCredits.createdAt), statementCredits.id)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(statementCredits)
    .where(eq(statementCredits.state, state));
  return { rows, total: Number(total?.n ?? 0) };
}

/** One credit as the lists show it. */
export async function findCreditListRow(db: Db, id: string): Promise<CreditListRow | null> {
  const [row] = await selectCredits(db).where(eq(statementCredits.id, id)).limit(1);
  return row ?? null;
}

/** The applicant's name of each application, from its latest review case (what staff read). */
export async function findApplicantNamesOf(db: Db | Tx, applicationIds: readonly string[]) {
  const out = new Map<string, string>();
  if (applicationIds.length === 0) return out;
  const rows = await db
    .select({
      applicationId: reviewCases.applicationId,
      name: reviewCases.applicantName,
      n: reviewCases.submissionNumber,
    })
    .from(reviewCases)
    .where(inArray(reviewCases.applicationId, [...applicationIds]));
  const best = new Map<string, number>();
  for (const r of rows)
    if ((best.get(r.applicationId) ?? -1) < r.n) {
      best.set(r.applicationId, r.n);
      out.set(r.applicationId, r.name);
    }
  return out;
}

/** Applications by reference code (exact) or applicant name (contains), at most 20. */
export async function searchApplications(db: Db, input: { code: string | null; name: string }) {
  const pattern = `%${input.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectDistinct({
      id: applications.id,
      status: applications.status,
      depositReference: applications.depositReference,
    })
    .from(applications)
    .leftJoin(reviewCases, eq(reviewCases.applicationId, applications.id))
    .where(
      or(
        ...(input.code ? [eq(applications.depositReference, input.code)] : []),
        ilike(reviewCases.applicantName, pattern),
      ),
    )
    .limit(20);
}

export async function findImport(db: Db | Tx, id: string): Promise<StatementImportRow | null> {
  const [row] = await db.select().from(statementImports).where(eq(statementImports.id, id)).limit(1);
  return row ?? null;
}

/** What the background job read of the file (issue #22): its lines and credits. */
export async function setImportContents(
  tx: Tx,
  id: string,
  set: { format: string; lineCount: number; creditCount: number },
): Promise<void> {
  await tx.update(statementImports).set(set).where(eq(statementImports.id, id));
}

export async function setImportJob(tx: Tx, id: string, jobId: string): Promise<void> {
  await tx.update(statementImports).set({ jobId }).where(eq(statementImports.id, id));
}

/** One batch's new credits added to the import's count (in the batch's transaction). */
export async function addImportNewCredits(tx: Tx, id: string, n: number): Promise<void> {
  if (n === 0) return;
  await tx
    .update(statementImports)
    .set({ newCreditCount: sql`${statementImports.newCreditCount} + ${n}` })
    .where(eq(statementImports.id, id));
}

/** An import whose file was refused before any credit was written: gone, so the same file can be tried again. */
export async function deleteImportWithoutCredits(tx: Tx, id: string): Promise<StatementImportRow | null> {
  const [row] = await tx
    .delete(statementImports)
    .where(
      and(
        eq(statementImports.id, id),
        sql`not exists (select 1 from ${statementCredits} where ${statementCredits.importId} = ${id})`,
      ),
    )
    .returning();
  return row ?? null;
}
