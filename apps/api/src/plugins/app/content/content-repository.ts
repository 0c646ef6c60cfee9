// The only module that touches the content tables (issue #15, docs/content.md). Every change is a
// conditional UPDATE on `version` (compare-and-set) and a `content_events` row in the same
// transaction; the applicant's endpoints read through content-cache.ts.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { contentBanners, contentEvents, contentIpos, contentService } from '../../../db/schema';

export type IpoRow = typeof contentIpos.$inferSelect;
export type BannerRow = typeof contentBanners.$inferSelect;
export type ServiceRow = typeof contentService.$inferSelect;
export type IpoValues = Omit<
  typeof contentIpos.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'updatedBy'
>;
export type BannerValues = Omit<
  typeof contentBanners.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'updatedBy'
>;
export type ServiceValues = Omit<
  typeof contentService.$inferInsert,
  'id' | 'version' | 'updatedAt' | 'updatedBy'
>;

export const SERVICE_ROW_ID = 1;

// ---------------------------------------------------------------- IPOs

export function listIpos(db: Db) {
  return db
    .select()
    .from(contentIpos)
    .where(isNull(contentIpos.deletedAt))
    .orderBy(asc(contentIpos.sort), asc(contentIpos.subscribeFrom), asc(contentIpos.createdAt));
}

/** Published, not deleted: what the applicant may see (today's filter is the cache's, per request). */
export function listPublishedIpos(db: Db) {
  return db
    .select()
    .from(contentIpos)
    .where(and(eq(contentIpos.published, true), isNull(contentIpos.deletedAt)))
    .orderBy(asc(contentIpos.sort), asc(contentIpos.subscribeFrom), asc(contentIpos.createdAt));
}

export async function lockIpo(tx: Tx, id: string): Promise<IpoRow | undefined> {
  const [row] = await tx
    .select()
    .from(contentIpos)
    .where(and(eq(contentIpos.id, id), isNull(contentIpos.deletedAt)))
    .for('update');
  return row;
}

export async function insertIpo(tx: Tx, values: IpoValues, staffId: string, now: Date): Promise<IpoRow> {
  const [row] = await tx
    .insert(contentIpos)
    .values({ ...values, updatedBy: staffId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Writes only if the row is still at `version` and not deleted; undefined otherwise. */
export async function updateIpoAtVersion(
  tx: Tx,
  id: string,
  version: number,
  values: Partial<IpoValues> & { deletedAt?: Date },
  staffId: string,
  now: Date,
): Promise<IpoRow | undefined> {
  const [row] = await tx
    .update(contentIpos)
    .set({ ...values, version: sql`${contentIpos.version} + 1`, updatedBy: staffId, updatedAt: now })
    .where(and(eq(contentIpos.id, id), eq(contentIpos.version, version), isNull(contentIpos.deletedAt)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- banners

export function listBanners(db: Db) {
  return db
    .select()
    .from(contentBanners)
    .where(isNull(contentBanners.deletedAt))
    .orderBy(asc(contentBanners.sort), asc(contentBanners.createdAt));
}

export function listPublishedBanners(db: Db) {
  return db
    .select()
    .from(contentBanners)
    .where(and(eq(contentBanners.published, true), isNull(contentBanners.deletedAt)))
    .orderBy(asc(contentBanners.sort), asc(contentBanners.createdAt));
}

export async function findBanner(db: Db, id: string): Promise<BannerRow | undefined> {
  const [row] = await db
    .select()
    .from(contentBanners)
    .where(and(eq(contentBanners.id, id), isNull(contentBanners.deletedAt)));
  return row;
}

export async function lockBanner(tx: Tx, id: string): Promise<BannerRow | undefined> {
  const [row] = await tx
    .select()
    .from(contentBanners)
    .where(and(eq(contentBanners.id, id), isNull(contentBanners.deletedAt)))
    .for('update');
  return row;
}

export async function insertBanner(
  tx: Tx,
  values: BannerValues,
  staffId: string,
  now: Date,
): Promise<BannerRow> {
  const [row] = await tx
    .insert(contentBanners)
    .values({ ...values, updatedBy: staffId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateBannerAtVersion(
  tx: Tx,
  id: string,
  version: number,
  values: Partial<BannerValues> & { deletedAt?: Date },
  staffId: string,
  now: Date,
): Promise<BannerRow | undefined> {
  const [row] = await tx
    .update(contentBanners)
    .set({ ...values, version: sql`${contentBanners.version} + 1`, updatedBy: staffId, updatedAt: now })
    .where(
      and(eq(contentBanners.id, id), eq(contentBanners.version, version), isNull(contentBanners.deletedAt)),
    )
    .returning();
  return row;
}

// ---------------------------------------------------------------- customer service (one row)

export async function findService(db: Db | Tx): Promise<ServiceRow> {
  const [row] = await db.select().from(contentService).where(eq(contentService.id, SERVICE_ROW_ID));
  if (!row) throw new Error('content_service row 1 is missing (seeded by migration 0013)');
  return row;
}

export async function lockService(tx: Tx): Promise<ServiceRow> {
  const [row] = await tx
    .select()
    .from(contentService)
    .where(eq(contentService.id, SERVICE_ROW_ID))
    .for('update');
  if (!row) throw new Error('content_service row 1 is missing (seeded by migration 0013)');
  return row;
}

export async function updateServiceAtVersion(
  tx: Tx,
  version: number,
  values: Partial<ServiceValues>,
  staffId: string,
  now: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await tx
    .update(contentService)
    .set({ ...values, version: sql`${contentService.version} + 1`, updatedBy: staffId, updatedAt: now })
    .where(and(eq(contentService.id, SERVICE_ROW_ID), eq(contentService.version, version)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- events, the cache's stamp, the sweep

export async function insertContentEvent(
  tx: Tx,
  e: {
    staffId: string;
    entity: 'ipo' | 'banner' | 'service';
    entityId: string;
    action: 'created' | 'updated' | 'deleted';
    previous: Record<string, unknown> | null;
    next: Record<string, unknown> | null;
    requestId: string | null;
    now: Date;
  },
) {
  await tx.insert(contentEvents).values({
    staffId: e.staffId,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    previous: e.previous,
    next: e.next,
    requestId: e.requestId,
    createdAt: e.now,
  });
}

export function listContentEvents(db: Db, entity: 'ipo' | 'banner' | 'service', entityId: string) {
  return db
    .select()
    .from(contentEvents)
    .where(and(eq(contentEvents.entity, entity), eq(contentEvents.entityId, entityId)))
    .orderBy(asc(contentEvents.id));
}

/**
 * What changes with every committed content change, in any process: the `content_stamp` row, which
 * a trigger bumps with each content event inside the event's transaction (migration 0018). One row
 * by primary key: before, max(id) and count(*) over the events grew with the table (decision 027).
 */
const stampOfEvents = sql<string>`(select version::text from content_stamp where id = 1)`;

export async function contentStamp(db: Db): Promise<string> {
  // both drivers answer a raw statement with `rows`
  const result = (await db.execute(sql`select ${stampOfEvents} as stamp`)) as unknown as {
    rows: { stamp: string }[];
  };
  return result.rows[0]!.stamp;
}

/**
 * The same stamp as a scalar subquery, for a query that reads it along with other things (the
 * applicant's status call reads it with the session and the application in one statement).
 */
export const contentStampSql = () => stampOfEvents;

/** Of these storage keys, those a live banner or the customer-service QR still names (file sweep). */
export async function findLiveContentKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const banners = await db
    .select({ key: contentBanners.imageKey })
    .from(contentBanners)
    .where(and(inArray(contentBanners.imageKey, keys), isNull(contentBanners.deletedAt)));
  const service = await db
    .select({ key: contentService.qrImageKey })
    .from(contentService)
    .where(inArray(contentService.qrImageKey, keys));
  return new Set([...banners.map((r) => r.key), ...service.flatMap((r) => (r.key ? [r.key] : []))]);
}
