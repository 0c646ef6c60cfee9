// What the status and info calls read, each in one query with the session check (decision 023):
// the session (unrevoked, unexpired), the user, the application, its steps (and for info the ID
// step's documents) as JSON aggregates in scalar subqueries. Nothing is cached across calls: a
// staff decision is in the next call's read.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { applicationSteps, applications, documents, sessions, users } from '../../../db/schema';
import type { SessionReader } from '../auth/require-session';
import { contentStampSql } from '../content/content-repository';

/** A step as the status call reads it (no sealed answers: the status needs none). */
export interface StatusStepRow {
  step: string;
  answers: Record<string, unknown>;
  confirmedAt: Date | null;
  reopenedReason: string | null;
}

/** The ID and account-type steps as the info call reads them. */
export interface InfoStepRow extends StatusStepRow {
  version: number;
  /** The masked ID number (sealed.id_number.masked): nothing is decrypted. */
  idNumberMasked: string | null;
}

export interface InfoDocumentRow {
  id: string;
  kind: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  createdAt: Date;
}

/** The application's columns the status and info calls answer with. */
const applicationColumns = {
  id: applications.id,
  status: applications.status,
  markets: applications.markets,
  bankType: applications.bankType,
  bankAudit: applications.bankAudit,
  createdAt: applications.createdAt,
};

// the token hash and the time are placeholders: each query is a prepared statement, built once per
// database (drizzle's SQL building) and planned once per connection by PostgreSQL (its planning
// cost more than running it: 0.55 ms against 0.1-0.3 ms, measured with EXPLAIN ANALYZE)
const sessionIsActive = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
);

/** One prepared query per database handle (the app has one; tests open many). */
function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

// timestamps inside JSON are sent as milliseconds since the epoch (`epochMs`): a Date from a number
// costs nothing, one parsed from ISO 8601 text was a visible part of the status call's time (13
// steps; decision 027)
const dateOf = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v) : null);
/** A timestamp column as whole milliseconds since the epoch (a JSON number; null stays null). */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

interface StepJson {
  step: string;
  answers: Record<string, unknown>;
  /** ms since the epoch */
  confirmed_at: number | null;
  reopened_reason: string | null;
  version?: number;
  id_number_masked?: string | null;
}

const toStepRow = (s: StepJson): StatusStepRow => ({
  step: s.step,
  answers: s.answers ?? {},
  confirmedAt: dateOf(s.confirmed_at),
  reopenedReason: s.reopened_reason,
});

export interface StatusReading {
  mobileMasked: string;
  application: {
    id: string;
    status: number;
    markets: string[];
    bankType: number;
    bankAudit: number;
    createdAt: Date;
  } | null;
  steps: StatusStepRow[];
  /** The content events' stamp (content-cache.ts), read in the same query. */
  contentStamp: string;
}

/** POST /v9/OpenAccountHk/status: session, user, application, steps and the content stamp. */
const statusQuery = preparedPerDb((db: Db) =>
  db
    .select({
      userId: sessions.userId,
      mobileMasked: users.mobileMasked,
      application: applicationColumns,
      steps: sql<StepJson[] | null>`(
        select json_agg(json_build_object(
          'step', s.step, 'answers', s.answers, 'confirmed_at', ${epochMs('s.confirmed_at')},
          'reopened_reason', s.reopened_reason) order by s.created_at)
        from ${applicationSteps} s where s.application_id = ${applications.id})`,
      contentStamp: contentStampSql(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(applications, eq(applications.userId, sessions.userId))
    .where(sessionIsActive)
    .limit(1)
    .prepare('applicant_status'),
);

export const readSessionStatus: SessionReader<StatusReading> = async (db: Db, tokenHash, now) => {
  const [row] = await statusQuery(db).execute({ tokenHash, now });
  if (!row) return null;
  return {
    session: { userId: row.userId, tokenHash },
    data: {
      mobileMasked: row.mobileMasked,
      application: row.application,
      steps: (row.steps ?? []).map(toStepRow),
      contentStamp: row.contentStamp,
    },
  };
};

export interface InfoReading {
  application: StatusReading['application'];
  /** The identity and account-type steps, when they exist. */
  steps: InfoStepRow[];
  /** The identity step's documents, not deleted, oldest first. */
  documents: InfoDocumentRow[];
}

/** POST /v9/OpenAccountHk/info: session, application, the two steps it shows and the ID documents. */
const infoQuery = preparedPerDb((db: Db) =>
  db
    .select({
      userId: sessions.userId,
      application: applicationColumns,
      steps: sql<StepJson[] | null>`(
        select json_agg(json_build_object(
          'step', s.step, 'answers', s.answers, 'confirmed_at', ${epochMs('s.confirmed_at')},
          'reopened_reason', s.reopened_reason, 'version', s.version,
          'id_number_masked', s.sealed->'id_number'->>'masked'))
        from ${applicationSteps} s
        where s.application_id = ${applications.id} and s.step in ('identity', 'account_type'))`,
      documents: sql<Record<string, unknown>[] | null>`(
        select json_agg(json_build_object(
          'id', d.id, 'kind', d.kind, 'mime', d.mime, 'width', d.width, 'height', d.height,
          'size', d.size, 'created_at', ${epochMs('d.created_at')}) order by d.created_at)
        from ${documents} d
        where d.application_id = ${applications.id} and d.step = 'identity' and d.deleted_at is null)`,
    })
    .from(sessions)
    .leftJoin(applications, eq(applications.userId, sessions.userId))
    .where(sessionIsActive)
    .limit(1)
    .prepare('applicant_info'),
);

export const readSessionInfo: SessionReader<InfoReading> = async (db: Db, tokenHash, now) => {
  const [row] = await infoQuery(db).execute({ tokenHash, now });
  if (!row) return null;
  return {
    session: { userId: row.userId, tokenHash },
    data: {
      application: row.application,
      steps: (row.steps ?? []).map((s) => ({
        ...toStepRow(s),
        version: s.version ?? 0,
        idNumberMasked: s.id_number_masked ?? null,
      })),
      documents: (row.documents ?? []).map((d) => ({
        id: d.id as string,
        kind: d.kind as string,
        mime: d.mime as string,
        width: d.width as number,
        height: d.height as number,
        size: d.size as number,
        createdAt: new Date(d.created_at as number),
      })),
    },
  };
};
