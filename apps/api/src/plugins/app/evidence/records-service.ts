import type { DisposalList, LegalHold, RecordsView } from '@hk/domain/evidence/contracts';
import { retentionCutoff, retentionOf } from '@hk/domain/opening/retention';
import { RECORDS_ACTION_PERMISSIONS } from '@hk/domain/staff/permissions';
import { checkHasPermission } from '@hk/domain/staff/roles';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { findApplicantNamesOfApplications } from '../opening/opening-repository';
import type { StaffRequestClient } from '../review/case-access';
import { findStaffNames } from '../review/review-repository';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { lockApplication } from '../steps/step-repository';
import {
  countActiveHolds,
  findApplicationRecord,
  findHold,
  insertHold,
  type LegalHoldRow,
  listDisposalCandidates,
  listHolds,
  releaseHoldIfActive,
} from './evidence-repository';

// An application's records (issue #15, docs/evidence-pack.md "Retention and legal holds"): the
// retention clock (the domain's rule), legal holds placed and released with a reason (each change
// an application event), and the read-only list of records whose time has come. Nothing is deleted.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DISPOSAL_LIMIT = 200;

function applicationIdOf(raw: string): string {
  if (!UUID_RE.test(raw)) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  return raw.toLowerCase();
}

function staffMeta(session: StaffRequestSession, client: StaffRequestClient, ctx: Ctx): EventMeta {
  return {
    actorType: 'staff',
    actorId: session.staff.id,
    requestId: client.requestId,
    clientHash: ctx.vault.lookupHash(`client:${clientKey(client.ip)}`),
    userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
  };
}

async function holdViews(ctx: Ctx, rows: LegalHoldRow[]): Promise<LegalHold[]> {
  const names = await findStaffNames(
    ctx.db,
    rows.flatMap((h) => (h.releasedBy ? [h.placedBy, h.releasedBy] : [h.placedBy])),
  );
  return rows.map((h) => ({
    id: h.id,
    reason: h.reason,
    placedBy: names.get(h.placedBy) ?? '—',
    placedAt: h.placedAt.toISOString(),
    releasedBy: h.releasedBy ? (names.get(h.releasedBy) ?? '—') : null,
    releasedAt: h.releasedAt?.toISOString() ?? null,
    releaseReason: h.releaseReason,
  }));
}

export async function fetchRecords(
  ctx: Ctx,
  session: StaffRequestSession,
  rawId: string,
): Promise<RecordsView> {
  const id = applicationIdOf(rawId);
  const app = await findApplicationRecord(ctx.db, id);
  if (!app) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const [holds, names] = await Promise.all([
    listHolds(ctx.db, id),
    findApplicantNamesOfApplications(ctx.db, [id]),
  ]);
  const r = retentionOf(
    {
      status: app.status,
      relationshipEndedAt: app.relationshipEndedAt,
      lastActivityAt: app.updatedAt,
      activeHolds: holds.filter((h) => !h.releasedAt).length,
    },
    ctx.now(),
  );
  return {
    applicationId: app.id,
    applicantName: names.get(app.id) ?? '—',
    status: app.status,
    accountNumber: app.accountNumber,
    openedAt: app.openedAt?.toISOString() ?? null,
    retention: {
      basis: r.basis,
      clockFrom: r.clockFrom?.toISOString() ?? null,
      keepUntil: r.keepUntil?.toISOString() ?? null,
      onHold: r.onHold,
      eligible: r.eligible,
    },
    holds: await holdViews(ctx, holds),
    can: {
      // the permissions of the calls these buttons make (the one table)
      export: checkHasPermission(session.roles, RECORDS_ACTION_PERMISSIONS.export),
      hold: checkHasPermission(session.roles, RECORDS_ACTION_PERMISSIONS.hold),
    },
  };
}

/** Places a hold (records.hold): one transaction with the application locked, and its event. */
export async function placeHold(
  ctx: Ctx,
  session: StaffRequestSession,
  rawId: string,
  reason: string,
  client: StaffRequestClient,
): Promise<RecordsView> {
  const id = applicationIdOf(rawId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
    const hold = await insertHold(tx, {
      applicationId: id,
      reason,
      placedBy: session.staff.id,
      placedAt: now,
    });
    await recordEvent(tx, staffMeta(session, client, ctx), {
      type: 'legal_hold_placed',
      applicationId: id,
      userId: app.userId,
      data: { holdId: hold.id, reason },
      at: now,
    });
  });
  return fetchRecords(ctx, session, id);
}

/** Releases a hold (records.hold) that is still active: two releases at once, one wins. */
export async function releaseHold(
  ctx: Ctx,
  session: StaffRequestSession,
  rawId: string,
  holdId: string,
  reason: string,
  client: StaffRequestClient,
): Promise<RecordsView> {
  const id = applicationIdOf(rawId);
  if (!UUID_RE.test(holdId)) throw new AppError('LEGAL_HOLD_NOT_FOUND');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
    const released = await releaseHoldIfActive(tx, id, holdId.toLowerCase(), {
      releasedBy: session.staff.id,
      releasedAt: now,
      releaseReason: reason,
    });
    if (!released) {
      const hold = await findHold(tx, id, holdId.toLowerCase());
      throw new AppError(hold ? 'LEGAL_HOLD_ALREADY_RELEASED' : 'LEGAL_HOLD_NOT_FOUND');
    }
    await recordEvent(tx, staffMeta(session, client, ctx), {
      type: 'legal_hold_released',
      applicationId: id,
      userId: app.userId,
      data: { holdId: released.id, reason },
      at: now,
    });
  });
  return fetchRecords(ctx, session, id);
}

/** Applications whose records may go now (read-only: nothing is deleted), the oldest first. */
export async function fetchDisposalList(ctx: Ctx): Promise<DisposalList> {
  const now = ctx.now();
  const rows = await listDisposalCandidates(ctx.db, retentionCutoff(now), DISPOSAL_LIMIT);
  const ids = rows.map((r) => r.id);
  const [holds, names] = await Promise.all([
    countActiveHolds(ctx.db, ids),
    findApplicantNamesOfApplications(ctx.db, ids),
  ]);
  const applications: DisposalList['applications'] = [];
  for (const row of rows) {
    const r = retentionOf(
      {
        status: row.status,
        relationshipEndedAt: row.relationshipEndedAt,
        lastActivityAt: row.updatedAt,
        activeHolds: holds.get(row.id) ?? 0,
      },
      now,
    );
    if (!r.eligible || !r.keepUntil) continue;
    applications.push({
      applicationId: row.id,
      applicantName: names.get(row.id) ?? '—',
      status: row.status,
      basis: r.basis,
      keepUntil: r.keepUntil.toISOString(),
    });
  }
  return { applications };
}
