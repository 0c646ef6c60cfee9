import { ApplicationStatus } from '@hk/domain';
import { bcanAsTagged, nextAccountNumber, nextBcan, openingTerms } from '@hk/domain/opening/account-number';
import type { OpenAccountResponse, OpeningQueue } from '@hk/domain/opening/contracts';
import { applicantNameOfSnapshot, snapshotSteps } from '@hk/domain/review/items';
import { noticeLanguage } from '@hk/domain/review/notices';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import type { Vault } from '../../../lib/crypto';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { loadEmailVerifier } from '../mail/email-code-service';
import { insertOutboxMessages, type NewOutboxMessage } from '../notifications/outbox-repository';
import { kickOutboxSender } from '../notifications/outbox-sender';
import type { StaffRequestClient } from '../review/case-access';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { type ApplicationRow, findStepRow, lockApplication } from '../steps/step-repository';
import { changeApplicationStatus } from '../submissions/status-service';
import {
  findApplicantNamesOfApplications,
  findHighestAccountNumber,
  findHighestBcan,
  findLatestSubmissions,
  listActivatedApplications,
  lockNumbering,
  setOpenedAccount,
} from './opening-repository';

// Opening an account (issue #15, docs/opening.md): 3 → 5 through the status machine, the account
// number and (with the HKIDR consent) the BCAN, the `opened` notice through the outbox. One
// transaction; the notice goes out after the commit.

type Ctx = Pick<AppContext, 'db' | 'vault' | 'now'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUE_LIMIT = 500;

/** The HKIDR consent as the approved submission recorded it (the declarations step). */
function hkidrConsentOf(snapshot: unknown): boolean {
  const declarations = snapshotSteps(snapshot).find((s) => s.step === 'declarations');
  return declarations?.answers.hkidr_consent === true;
}

export async function fetchOpeningQueue(ctx: Ctx): Promise<OpeningQueue> {
  const rows = await listActivatedApplications(ctx.db, QUEUE_LIMIT);
  const ids = rows.map((r) => r.id);
  const [latest, names] = await Promise.all([
    findLatestSubmissions(ctx.db, ids),
    findApplicantNamesOfApplications(ctx.db, ids),
  ]);
  return {
    applications: rows.map((r) => {
      const snapshot = latest.get(r.id)?.snapshot;
      return {
        applicationId: r.id,
        applicantName: names.get(r.id) ?? (snapshot ? applicantNameOfSnapshot(snapshot) : '—'),
        submittedAt: r.submittedAt?.toISOString() ?? null,
        activatedAt: r.activatedAt?.toISOString() ?? null,
        hkidrConsent: snapshot ? hkidrConsentOf(snapshot) : false,
      };
    }),
  };
}

function operationsMeta(session: StaffRequestSession, client: StaffRequestClient, vault: Vault): EventMeta {
  return {
    actorType: 'operations',
    actorId: session.staff.id,
    requestId: client.requestId,
    clientHash: vault.lookupHash(`client:${clientKey(client.ip)}`),
    userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
  };
}

/**
 * The `opened` notice, in the opening's transaction: a text message always, an email when the
 * application verified its address; in the language the applicant signed in. One per application
 * and channel (the event key), however often it is queued. The account number is read by the
 * sender when it sends (the outbox keeps none).
 */
async function queueOpenedNotices(tx: Tx, vault: Vault, app: ApplicationRow, now: Date): Promise<number> {
  const signature = await findStepRow(tx, app.id, 'signature');
  const personal = await findStepRow(tx, app.id, 'personal');
  const email = typeof personal?.answers.email === 'string' ? normalizeEmail(personal.answers.email) : '';
  const hasVerifiedEmail = email !== '' && (await loadEmailVerifier(vault, tx, app.id))(email);
  const base = {
    eventKey: `application:${app.id}:opened`,
    applicationId: app.id,
    userId: app.userId,
    template: 'opened' as const,
    lang: noticeLanguage(signature?.answers.language),
  };
  const rows: NewOutboxMessage[] = [{ ...base, channel: 'sms' }];
  if (hasVerifiedEmail) rows.push({ ...base, channel: 'email' });
  return insertOutboxMessages(tx, rows, now);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Opens the account of an activated application (account.open). Two staff opening the same one:
 * the second waits on the row lock, then finds it opened (409, nothing written). Two openings of
 * different applications take their numbers one after the other under the numbering lock.
 */
export async function openAccount(
  ctx: Ctx,
  session: StaffRequestSession,
  applicationId: string,
  client: StaffRequestClient,
): Promise<OpenAccountResponse> {
  if (!UUID_RE.test(applicationId)) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
  const id = applicationId.toLowerCase();
  const now = ctx.now();
  let result: OpenAccountResponse;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      if (!app) throw new AppError('RECORDS_APPLICATION_NOT_FOUND');
      if (app.status === ApplicationStatus.OPENED) throw new AppError('OPENING_ALREADY_OPENED');
      if (app.status !== ApplicationStatus.ACTIVATED) throw new AppError('OPENING_NOT_ACTIVATED');
      const submission = (await findLatestSubmissions(tx, [app.id])).get(app.id);
      const terms = openingTerms(submission ? hkidrConsentOf(submission.snapshot) : false);

      const meta = operationsMeta(session, client, ctx.vault);
      await changeApplicationStatus(tx, app, 'open', meta, now);
      await lockNumbering(tx);
      const accountNumber = nextAccountNumber(await findHighestAccountNumber(tx));
      const bcan = terms.withBcan ? nextBcan(await findHighestBcan(tx)) : null;
      if (
        !(await setOpenedAccount(tx, app.id, {
          accountNumber,
          bcan,
          sellOnly: terms.sellOnly,
          openedAt: now,
        }))
      )
        throw new AppError('OPENING_ALREADY_OPENED');
      await recordEvent(tx, meta, {
        type: 'account_opened',
        applicationId: app.id,
        userId: app.userId,
        data: { accountNumber, bcan, sellOnly: terms.sellOnly },
        at: now,
      });
      await queueOpenedNotices(tx, ctx.vault, app, now);
      return {
        applicationId: app.id,
        accountNumber,
        bcan,
        bcanTagged: bcan ? bcanAsTagged(bcan) : null,
        sellOnly: terms.sellOnly,
        openedAt: now.toISOString(),
      };
    });
  } catch (err) {
    // the numbering lock makes this unreachable in one database; kept as a clear answer, not a 500
    if (isUniqueViolation(err)) throw new AppError('OPENING_NUMBER_BUSY');
    throw err;
  }
  // after the commit: the notice goes out now, not awaited
  kickOutboxSender(ctx.db);
  return result;
}
