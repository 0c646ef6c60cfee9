// Operations match identity deposits against the broker's bank statements (issue #15, docs/deposit.md
// "Operations"). The rules are the domain's (deposit/matching.ts, deposit-rule.ts, payer-name.ts,
// status-machine.ts); only the repositories touch the database. Every write is one transaction; a
// state-changing call names the version it was decided on and a stale one changes nothing. Notices
// go into the outbox inside the transaction and are sent after the commit.
import { ApplicationStatus, type Language, translateError } from '@hk/domain';
import type { FxRate } from '@hk/domain/deposit/deposit-rule';
import {
  type ApplicationToMatch,
  checkDepositMatch,
  type DepositFlagReason,
  depositAccountHashInput,
  designatedAccountForms,
} from '@hk/domain/deposit/matching';
import type {
  ApplicationSearch,
  CreditList,
  CreditListQuery,
  CreditView,
  FxRateList,
  ManualMatchRequest,
  ReceivingAccountList,
  RecordRefundRequest,
  VoucherRequest,
} from '@hk/domain/deposit/operations-contracts';
import {
  APPLICATION_STATUS_TEXTS,
  CREDIT_STATE_TEXTS,
  MATCH_KIND_TEXTS,
  REMITTANCE_STATE_TEXTS,
  VOUCHER_REQUEST_REASON_TEXTS,
  type VoucherRequestReason,
  voucherReasonOfFlag,
} from '@hk/domain/deposit/operations-texts';
import { normaliseReferenceCode } from '@hk/domain/deposit/reference-code';
import type { RemittanceState } from '@hk/domain/deposit/remittance';
import { moneyText } from '@hk/domain/steps/field-catalogue';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { clientKey } from '../../../lib/client-key';
import { type EventMeta, recordEvent } from '../events/event-repository';
import { queueDepositNotices } from '../notifications/deposit-notices';
import { kickOutboxSender } from '../notifications/outbox-sender';
import type { StaffRequestSession } from '../staff/staff-auth-service';
import { type ApplicationRow, listStepRows, lockApplication } from '../steps/step-repository';
import { changeApplicationStatus } from '../submissions/status-service';
import {
  type CreditListRow,
  type CreditRow,
  findApplicantNamesOf,
  findApplicationRow,
  findCreditListRow,
  findRemittances,
  insertContentEvent,
  listActiveReceivingAccounts,
  listFxRates,
  lockCredit,
  lockFxRate,
  lockRemittance,
  queryCredits,
  type ReceivingAccountRow,
  searchApplications as searchApplicationRows,
  setActivatedAt,
  updateCreditIfVersion,
  upsertFxRate,
  writeRemittance,
} from './deposit-repository';

export type Ctx = Pick<AppContext, 'db' | 'vault' | 'files' | 'now' | 'heavy'>;

/** Where a staff request came from (the events). */
export interface StaffRequestClient {
  ip: string;
  userAgent: string | null;
  requestId: string;
}

/** The staff member acting, in the language of this request. */
export interface Operator {
  session: StaffRequestSession;
  lang: Language;
  client: StaffRequestClient;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function metaOf(ctx: Ctx, op: Operator): EventMeta {
  return {
    actorType: 'operations',
    actorId: op.session.staff.id,
    requestId: op.client.requestId,
    clientHash: ctx.vault.lookupHash(`client:${clientKey(op.client.ip)}`),
    userAgent: op.client.userAgent ? op.client.userAgent.slice(0, 300) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// FX rates

export function ratesOf(
  rows: readonly { currency: string; validOn: string; hkdPerUnit: string }[],
): FxRate[] {
  return rows.map((r) => ({
    currency: r.currency as FxRate['currency'],
    validFrom: r.validOn,
    // numeric(18, 8) reads back as "7.81230000": the trailing zeros are dropped
    hkdPerUnit: trimRate(r.hkdPerUnit),
  }));
}

function trimRate(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export async function fetchFxRates(ctx: Ctx): Promise<FxRateList> {
  const rows = await listFxRates(ctx.db, 60);
  return {
    rates: rows.map((r) => ({
      currency: r.currency as 'USD',
      validFrom: r.validOn,
      hkdPerUnit: trimRate(r.hkdPerUnit),
      enteredBy: r.enteredBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** The day's rate, entered or corrected; a change is a content event with the values before and after. */
export async function putFxRate(ctx: Ctx, op: Operator, input: FxRate): Promise<FxRateList> {
  const now = ctx.now();
  const rate = trimRate(input.hkdPerUnit);
  await ctx.db.transaction(async (tx) => {
    const previous = await lockFxRate(tx, input.currency, input.validFrom);
    if (previous && trimRate(previous.hkdPerUnit) === rate) return; // the same rate again: nothing changes
    await upsertFxRate(
      tx,
      {
        currency: input.currency,
        validOn: input.validFrom,
        hkdPerUnit: rate,
        enteredBy: op.session.staff.id,
      },
      now,
    );
    await insertContentEvent(tx, {
      staffId: op.session.staff.id,
      entity: 'fx_rate',
      entityId: `${input.currency}:${input.validFrom}`,
      action: previous ? 'updated' : 'created',
      previous: previous ? { hkdPerUnit: trimRate(previous.hkdPerUnit) } : null,
      next: { hkdPerUnit: rate },
      requestId: op.client.requestId,
      createdAt: now,
    });
  });
  return fetchFxRates(ctx);
}

// ---------------------------------------------------------------------------------------------
// Receiving accounts

function accountLabel(a: ReceivingAccountRow, lang: Language): string {
  return `${a.bankName[lang] ?? a.bankName.en} · ${a.currency} · ${a.accountNumber}`;
}

export async function fetchReceivingAccounts(ctx: Ctx, lang: Language): Promise<ReceivingAccountList> {
  const rows = await listActiveReceivingAccounts(ctx.db);
  return {
    accounts: rows.map((a) => ({
      id: a.id,
      label: accountLabel(a, lang),
      currency: a.currency as 'HKD' | 'USD',
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Matching

/** The applicant's names and designated account of an application, as the matching compares them. */
async function applicationToMatch(tx: Tx, ctx: Ctx, app: ApplicationRow): Promise<ApplicationToMatch> {
  const rows = await listStepRows(tx, app.id);
  const identity = rows.find((r) => r.step === 'identity')?.answers ?? {};
  const bank = rows.find((r) => r.step === 'bank');
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const sealedNumber = bank?.sealed.card_number?.sealed;
  // decrypted here only to be hashed with the payer accounts' key; never returned nor logged
  const number = sealedNumber ? ctx.vault.decrypt(sealedNumber) : null;
  return {
    status: app.status,
    names: {
      chineseName: text(identity.chinese_name),
      englishSurname: text(identity.english_surname),
      englishGivenName: text(identity.english_given_name),
    },
    designatedAccountHashes: designatedAccountForms(text(bank?.answers.bank_code), number).map((f) =>
      ctx.vault.lookupHash(depositAccountHashInput(f)),
    ),
  };
}

type MatchOutcome = 'matched' | 'flagged' | 'unmatched';

/** Who a match is written as: the staff member, and the event's metadata (a request's or a job's). */
export interface MatchActor {
  staffId: string;
  meta: EventMeta;
}

export interface MatchScope {
  tx: Tx;
  ctx: Ctx;
  actor: MatchActor;
  rates: readonly FxRate[];
  now: Date;
  /** Set when a notice was queued (the sender is woken after the commit). */
  notified: { value: boolean };
}

/** A credit matched to `app`: the credit, the remittance, the status 2 → 3, the event, the notice. */
async function applyMatch(
  s: MatchScope,
  credit: CreditRow,
  app: ApplicationRow,
  kind: 'auto' | 'manual',
  nameForm: string,
): Promise<void> {
  const { tx, ctx, actor, now } = s;
  const updated = await updateCreditIfVersion(tx, credit.id, credit.version, {
    state: 'matched',
    applicationId: app.id,
    flagReasons: [],
    matchKind: kind,
    matchedBy: kind === 'manual' ? actor.staffId : null,
    matchedAt: now,
  });
  if (!updated) throw new AppError('DEPOSIT_VERSION_CONFLICT');
  const remittance = await lockRemittance(tx, app.id);
  const written = await writeRemittance(
    tx,
    app.id,
    remittance?.version ?? 0,
    { state: 'matched', matchedCreditId: credit.id, currency: credit.currency },
    now,
  );
  if (!written) throw new AppError('DEPOSIT_VERSION_CONFLICT');
  const meta = actor.meta;
  await changeApplicationStatus(tx, app, 'confirm_deposit', meta, now);
  await setActivatedAt(tx, app.id, now);
  await recordEvent(tx, meta, {
    type: 'deposit_matched',
    applicationId: app.id,
    userId: app.userId,
    data: { creditId: credit.id, kind, nameForm },
    at: now,
  });
  await queueDepositNotices(
    tx,
    ctx.vault,
    { eventKey: `deposit:${app.id}:activated`, app, template: 'activated' },
    now,
  );
  s.notified.value = true;
}

/**
 * A credit that names `app` but breaks a rule: flagged with its reasons (never matched silently).
 * Someone else's money or too little goes back: the applicant is asked again (the remittance to
 * voucher_requested with that reason) and told the money will be returned.
 */
async function applyFlag(
  s: MatchScope,
  credit: CreditRow,
  app: ApplicationRow,
  reasons: DepositFlagReason[],
): Promise<void> {
  const { tx, ctx, actor, now } = s;
  const updated = await updateCreditIfVersion(tx, credit.id, credit.version, {
    state: 'flagged',
    applicationId: app.id,
    flagReasons: reasons,
  });
  if (!updated) throw new AppError('DEPOSIT_VERSION_CONFLICT');
  const meta = actor.meta;
  await recordEvent(tx, meta, {
    type: 'deposit_flagged',
    applicationId: app.id,
    userId: app.userId,
    data: { creditId: credit.id, reasons },
    at: now,
  });
  const askAgain = voucherReasonOfFlag(reasons);
  if (!askAgain || app.status !== ApplicationStatus.APPROVED) return;
  const remittance = await lockRemittance(tx, app.id);
  if (remittance?.state === 'matched') return;
  const written = await writeRemittance(
    tx,
    app.id,
    remittance?.version ?? 0,
    {
      state: 'voucher_requested',
      voucherRequestedAt: now,
      voucherRequestedBy: null,
      voucherRequestReason: askAgain,
      voucherRequestNote: null,
    },
    now,
  );
  if (!written) throw new AppError('DEPOSIT_VERSION_CONFLICT');
  await queueDepositNotices(
    tx,
    ctx.vault,
    { eventKey: `credit:${credit.id}:third_party_refund`, app, template: 'third_party_refund' },
    now,
  );
  s.notified.value = true;
}

/** The automatic match of one new credit (inside the import batch's transaction). */
export async function matchNewCredit(
  s: MatchScope,
  credit: CreditRow,
  applicationId: string | undefined,
): Promise<MatchOutcome> {
  if (!applicationId) return 'unmatched';
  const app = await lockApplication(s.tx, applicationId);
  if (!app) return 'unmatched';
  const verdict = checkDepositMatch(
    creditToMatch(credit),
    await applicationToMatch(s.tx, s.ctx, app),
    s.rates,
  );
  if (verdict.ok) {
    await applyMatch(s, credit, app, 'auto', verdict.nameForm);
    return 'matched';
  }
  await applyFlag(s, credit, app, verdict.reasons);
  return 'flagged';
}

function creditToMatch(credit: CreditRow) {
  return {
    amountMinor: Number(credit.amountMinor),
    currency: credit.currency,
    bookedOn: credit.bookingDate,
    payerName: credit.payerName,
    payerAccountHash: credit.payerAccountHash,
  };
}

// ---------------------------------------------------------------------------------------------
// Credits and manual work

function statusKey(status: number | null): keyof typeof APPLICATION_STATUS_TEXTS {
  if (status === ApplicationStatus.APPROVED) return 'approved';
  if (status === ApplicationStatus.ACTIVATED) return 'activated';
  if (status === ApplicationStatus.OPENED) return 'opened';
  return 'other';
}

function creditViewOf(r: CreditListRow, names: Map<string, string>, lang: Language): CreditView {
  const c = r.credit;
  const reasons = c.flagReasons.filter((x): x is DepositFlagReason => x.length > 0) as DepositFlagReason[];
  const kind = c.matchKind as 'auto' | 'manual' | null;
  const state = c.state as CreditView['state'];
  return {
    id: c.id,
    state,
    stateLabel: CREDIT_STATE_TEXTS[state][lang],
    bookingDate: c.bookingDate,
    currency: c.currency as 'HKD' | 'USD',
    amountMinor: Number(c.amountMinor),
    amountText: moneyText(Number(c.amountMinor), c.currency),
    payerName: c.payerName,
    payerAccountMasked: c.payerAccountMasked,
    reference: c.reference,
    receivingAccount: `${r.accountBank[lang] ?? r.accountBank.en} · ${r.accountCurrency} · ${r.accountNumber}`,
    reasons: reasons.map((code) => ({ code, label: translateError(lang, `deposit_flag_${code}`) })),
    application: c.applicationId
      ? {
          id: c.applicationId,
          depositReference: r.depositReference,
          applicantName: names.get(c.applicationId) ?? '—',
          statusLabel: APPLICATION_STATUS_TEXTS[statusKey(r.applicationStatus)][lang],
        }
      : null,
    matchKind: kind,
    matchKindLabel: kind ? MATCH_KIND_TEXTS[kind][lang] : null,
    matchedBy: r.matchedByName,
    matchedAt: c.matchedAt?.toISOString() ?? null,
    refundRecordedBy: r.refundByName,
    refundRecordedAt: c.refundRecordedAt?.toISOString() ?? null,
    refundNote: c.refundNote,
    canRecordRefund: state === 'flagged' || state === 'unmatched',
    canMatch: state === 'flagged' || state === 'unmatched',
    version: c.version,
  };
}

export async function fetchCredits(ctx: Ctx, lang: Language, query: CreditListQuery): Promise<CreditList> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const { rows, total } = await queryCredits(ctx.db, query.state, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  const names = await findApplicantNamesOf(
    ctx.db,
    rows.map((r) => r.credit.applicationId).filter((x): x is string => x !== null),
  );
  return { credits: rows.map((r) => creditViewOf(r, names, lang)), page, pageSize, total };
}

async function fetchCreditView(ctx: Ctx, lang: Language, id: string): Promise<CreditView> {
  const row = await findCreditListRow(ctx.db, id);
  if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
  const appId = row.credit.applicationId;
  const names = await findApplicantNamesOf(ctx.db, appId ? [appId] : []);
  return creditViewOf(row, names, lang);
}

/** A credit locked at the version the staff member decided on, or the refusal. */
async function lockCreditAt(tx: Tx, id: string, version: number): Promise<CreditRow> {
  const credit = UUID_RE.test(id) ? await lockCredit(tx, id.toLowerCase()) : null;
  if (!credit) throw new AppError('DEPOSIT_NOT_FOUND');
  if (credit.version !== version) throw new AppError('DEPOSIT_VERSION_CONFLICT');
  return credit;
}

/**
 * Matches an unmatched or flagged credit to an application by hand: the same rules as the
 * automatic match, each broken one given back (and nothing written).
 */
export async function matchCreditByHand(
  ctx: Ctx,
  op: Operator,
  creditId: string,
  input: ManualMatchRequest,
): Promise<CreditView> {
  const now = ctx.now();
  const notified = { value: false };
  const rates = ratesOf(await listFxRates(ctx.db));
  await ctx.db.transaction(async (tx) => {
    const credit = await lockCreditAt(tx, creditId, input.version);
    if (credit.state !== 'unmatched' && credit.state !== 'flagged')
      throw new AppError('DEPOSIT_CREDIT_STATE');
    const app = await lockApplication(tx, input.applicationId.toLowerCase());
    if (!app) throw new AppError('DEPOSIT_NOT_FOUND');
    const verdict = checkDepositMatch(creditToMatch(credit), await applicationToMatch(tx, ctx, app), rates);
    if (!verdict.ok)
      throw new AppError(
        'DEPOSIT_MATCH_REFUSED',
        Object.fromEntries(verdict.reasons.map((r) => [r, `deposit_flag_${r}`])),
      );
    const actor = { staffId: op.session.staff.id, meta: metaOf(ctx, op) };
    await applyMatch({ tx, ctx, actor, rates, now, notified }, credit, app, 'manual', verdict.nameForm);
  });
  if (notified.value) kickOutboxSender(ctx.db);
  return fetchCreditView(ctx, op.lang, creditId.toLowerCase());
}

/** Records that a credit's money went back to its payer (who, when, a note). */
export async function recordRefund(
  ctx: Ctx,
  op: Operator,
  creditId: string,
  input: RecordRefundRequest,
): Promise<CreditView> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const credit = await lockCreditAt(tx, creditId, input.version);
    if (credit.state !== 'flagged' && credit.state !== 'unmatched')
      throw new AppError('DEPOSIT_CREDIT_STATE');
    const updated = await updateCreditIfVersion(tx, credit.id, credit.version, {
      state: 'refund_recorded',
      refundRecordedBy: op.session.staff.id,
      refundRecordedAt: now,
      refundNote: input.note,
    });
    if (!updated) throw new AppError('DEPOSIT_VERSION_CONFLICT');
    if (credit.applicationId)
      await recordEvent(tx, metaOf(ctx, op), {
        type: 'deposit_refund_recorded',
        applicationId: credit.applicationId,
        data: { creditId: credit.id, reasons: credit.flagReasons },
        at: now,
      });
  });
  return fetchCreditView(ctx, op.lang, creditId.toLowerCase());
}

/** Asks the applicant for a clearer voucher (a reason from the domain's list, a note). */
export async function requestVoucher(
  ctx: Ctx,
  op: Operator,
  applicationId: string,
  input: VoucherRequest,
): Promise<ApplicationSearch['applications'][number]> {
  const now = ctx.now();
  let notified = false;
  await ctx.db.transaction(async (tx) => {
    const app = UUID_RE.test(applicationId) ? await lockApplication(tx, applicationId.toLowerCase()) : null;
    if (!app) throw new AppError('DEPOSIT_NOT_FOUND');
    if (app.status !== ApplicationStatus.APPROVED) throw new AppError('DEPOSIT_VOUCHER_NOT_OPEN');
    const remittance = await lockRemittance(tx, app.id);
    if (remittance?.state === 'matched') throw new AppError('DEPOSIT_VOUCHER_NOT_OPEN');
    if ((remittance?.version ?? 0) !== input.version) throw new AppError('DEPOSIT_VERSION_CONFLICT');
    const written = await writeRemittance(
      tx,
      app.id,
      input.version,
      {
        state: 'voucher_requested',
        voucherRequestedAt: now,
        voucherRequestedBy: op.session.staff.id,
        voucherRequestReason: input.reason,
        voucherRequestNote: input.note?.trim() || null,
      },
      now,
    );
    if (!written) throw new AppError('DEPOSIT_VERSION_CONFLICT');
    await recordEvent(tx, metaOf(ctx, op), {
      type: 'deposit_voucher_requested',
      applicationId: app.id,
      userId: app.userId,
      data: { reason: input.reason, version: written.version },
      at: now,
    });
    await queueDepositNotices(
      tx,
      ctx.vault,
      {
        eventKey: `remittance:${app.id}:voucher_requested:${written.version}`,
        app,
        template: 'voucher_requested',
      },
      now,
    );
    notified = true;
  });
  if (notified) kickOutboxSender(ctx.db);
  const [found] = (await describeApplications(ctx.db, op.lang, [applicationId.toLowerCase()])) ?? [];
  if (!found) throw new AppError('DEPOSIT_NOT_FOUND');
  return found;
}

async function describeApplications(
  db: Db,
  lang: Language,
  ids: readonly string[],
  rows?: readonly { id: string; status: number; depositReference: string | null }[],
): Promise<ApplicationSearch['applications']> {
  const apps =
    rows ??
    (await Promise.all(ids.map((id) => findApplicationRow(db, id)))).filter(
      (a): a is NonNullable<typeof a> => a !== null,
    );
  const names = await findApplicantNamesOf(
    db,
    apps.map((a) => a.id),
  );
  const remittances = new Map(
    (
      await findRemittances(
        db,
        apps.map((a) => a.id),
      )
    ).map((r) => [r.applicationId, r]),
  );
  return apps.map((a) => {
    const r = remittances.get(a.id);
    const reason = r?.voucherRequestReason as VoucherRequestReason | null | undefined;
    return {
      id: a.id,
      depositReference: a.depositReference,
      applicantName: names.get(a.id) ?? '—',
      statusLabel: APPLICATION_STATUS_TEXTS[statusKey(a.status)][lang],
      remittance: r
        ? {
            state: r.state as RemittanceState,
            stateLabel: REMITTANCE_STATE_TEXTS[r.state as RemittanceState][lang],
            reasonLabel:
              r.state === 'voucher_requested' && reason && VOUCHER_REQUEST_REASON_TEXTS[reason]
                ? VOUCHER_REQUEST_REASON_TEXTS[reason][lang]
                : null,
            version: r.version,
          }
        : null,
    };
  });
}

/** Applications by reference code or applicant name (the manual match's search). */
export async function findApplications(ctx: Ctx, lang: Language, q: string): Promise<ApplicationSearch> {
  const rows = await searchApplicationRows(ctx.db, { code: normaliseReferenceCode(q), name: q.trim() });
  return { applications: await describeApplications(ctx.db, lang, [], rows) };
}
