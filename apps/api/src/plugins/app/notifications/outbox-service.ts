import { findPhoneRegion, maskMobile, type PhoneRegion } from '@hk/domain';
import {
  OUTBOX_OPEN_STATUSES,
  type OutboxErrorKind,
  type OutboxList,
  type OutboxMessageView,
  type OutboxOpenStatus,
} from '@hk/domain/review/outbox';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import { recordEvent } from '../events/event-repository';
import { maskEmailForLog } from '../mail/mailer';
import type { StaffRequestClient } from '../review/case-access';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { findStepRow } from '../steps/step-repository';
import {
  findOutboxMessage,
  findUserPhone,
  listOpenMessages,
  type OutboxRow,
  requeueMessage,
} from './outbox-repository';
import { kickOutboxSender } from './outbox-sender';

// The outbox as operations see it (issue #22, docs/backoffice.md "Notifications"; permission
// `outbox.manage`, checked by the routes): the open messages with their recipient masked, and the
// retry of one that failed or whose outcome is unknown — a compare-and-set on its version, recorded
// as an event of its application in the same transaction, the sender kicked after the commit.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 200;

/** `+852 ****5678`: the dial code and the mobile masked as everywhere (spec §5), or null. */
async function maskedRecipient(ctx: Ctx, m: OutboxRow): Promise<string | null> {
  if (m.channel === 'sms') {
    const phone = await findUserPhone(ctx.db, m.userId);
    const region = phone ? findPhoneRegion(phone.region as PhoneRegion) : undefined;
    if (!phone || !region) return null;
    return `+${region.dial} ${maskMobile(ctx.vault.decrypt(phone.mobileEnc))}`;
  }
  const personal = await findStepRow(ctx.db, m.applicationId, 'personal');
  const raw = personal?.answers.email;
  const email = typeof raw === 'string' ? normalizeEmail(raw) : '';
  return email ? maskEmailForLog(email) : null;
}

async function toView(ctx: Ctx, m: OutboxRow): Promise<OutboxMessageView> {
  return {
    id: m.id,
    applicationId: m.applicationId,
    channel: m.channel as OutboxMessageView['channel'],
    recipient: await maskedRecipient(ctx, m),
    template: m.template as OutboxMessageView['template'],
    status: m.status as OutboxMessageView['status'],
    attempts: m.attempts,
    errorKind: (m.errorKind as OutboxErrorKind | null) ?? null,
    createdAt: m.createdAt.toISOString(),
    lastAttemptAt: m.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: m.status === 'pending' ? m.availableAt.toISOString() : null,
    failedAt: m.failedAt?.toISOString() ?? null,
    version: m.version,
  };
}

export async function fetchOutbox(ctx: Ctx, status: OutboxOpenStatus | undefined): Promise<OutboxList> {
  const { rows, counts } = await listOpenMessages(
    ctx.db,
    status ? [status] : OUTBOX_OPEN_STATUSES,
    LIST_LIMIT,
  );
  const messages: OutboxMessageView[] = [];
  // one after the other: a small list, and PGlite has one connection
  for (const row of rows) messages.push(await toView(ctx, row));
  return { messages, counts };
}

/**
 * Sends a `failed` or `unknown` message again (its attempts from zero), if it still has `version`.
 * Two retries of one message at once: one wins, the other is refused (OUTBOX_VERSION_CONFLICT),
 * and the message is queued once.
 */
export async function retryOutboxMessage(
  ctx: Ctx,
  session: StaffRequestSession,
  id: string,
  version: number,
  client: StaffRequestClient,
): Promise<OutboxMessageView> {
  if (!UUID_RE.test(id)) throw new AppError('OUTBOX_MESSAGE_NOT_FOUND');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findOutboxMessage(tx, id.toLowerCase());
    if (!before) throw new AppError('OUTBOX_MESSAGE_NOT_FOUND');
    const after = await requeueMessage(tx, before.id, version, now);
    if (!after) throw new AppError('OUTBOX_VERSION_CONFLICT');
    await recordEvent(
      tx,
      {
        actorType: 'staff',
        actorId: session.staff.id,
        requestId: client.requestId,
        clientHash: ctx.vault.lookupHash(`client:${clientKey(client.ip)}`),
        userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
      },
      {
        type: 'notification_retried',
        applicationId: before.applicationId,
        userId: before.userId,
        data: {
          outboxId: before.id,
          channel: before.channel,
          template: before.template,
          from: before.status,
          attempts: before.attempts,
        },
        at: now,
      },
    );
    return after;
  });
  // after the commit: this process's sender takes it now, not awaited
  kickOutboxSender(ctx.db);
  return toView(ctx, row);
}
