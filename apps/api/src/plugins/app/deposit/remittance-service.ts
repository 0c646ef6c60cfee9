// The applicant's side of the identity deposit (issue #15, docs/deposit.md): what to pay, to whom,
// from which account; the voucher; "I have paid" and taking it back; the bank-update redirect.
import { createHash } from 'node:crypto';
import {
  ApplicationStatus,
  DEPOSIT_DOCUMENT_KINDS,
  DEPOSIT_DOCUMENT_STEP,
  ErrorCode,
  hongKongToday,
  type Language,
} from '@hk/domain';
import type { BankUpdateTarget, RemittanceInfo } from '@hk/domain/deposit/contracts';
import { IDENTITY_DEPOSIT_MIN_HKD_MINOR, identityDepositMinimum } from '@hk/domain/deposit/deposit-rule';
import { VOUCHER_REQUEST_REASON_TEXTS, type VoucherRequestReason } from '@hk/domain/deposit/operations-texts';
import {
  checkIsDepositStatus,
  decideRemittance,
  REMITTANCE_CHANGES_PER_HOUR,
  type RemittanceAction,
  type RemittanceState,
} from '@hk/domain/deposit/remittance';
import { ACTION_LIMIT_WINDOW_MS } from '@hk/domain/flow/action-limits';
import { PDF_MIME } from '@hk/domain/steps/address/address-proof';
import { bankNameIn, hongKongBankOf, mainlandBankOf } from '@hk/domain/steps/bank/bank-data';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { requireApplication } from '../application/application-access';
import { fetchApplicationInfo } from '../application/application-info-service';
import { checkActionBudget, requireActionBudget } from '../budgets/action-budget';
import { insertDocument } from '../documents/document-repository';
import { checkUploadedImageHeader } from '../documents/image';
import { countEventsSince, type EventMeta, recordEvent } from '../events/event-repository';
import { type ApplicationRow, findStepRow, lockApplicationOfUser } from '../steps/step-repository';
import { issueReferenceCode } from './reference-code-repository';
import {
  findFxRateOn,
  findRemittance,
  findVoucherDocument,
  listActiveReceivingAccounts,
  lockRemittance,
  type RemittanceRow,
  updateRemittanceIfVersion,
} from './remittance-repository';

const VOUCHER_KIND = DEPOSIT_DOCUMENT_KINDS[0];

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The application, if its status has a deposit to show (spec §4: 2, 3, 5); else 2101. */
async function requireDepositApplication(ctx: AppContext, userId: string): Promise<ApplicationRow> {
  const app = await requireApplication(ctx, userId);
  if (!checkIsDepositStatus(app.status)) throw new AppError('DEPOSIT_NOT_AVAILABLE');
  return app;
}

/**
 * An approved application's reference code and remittance row, made the first time the applicant
 * asks. Under the application's row lock: two first requests at once give one code.
 */
async function ensureDeposit(ctx: AppContext, userId: string, meta: EventMeta): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplicationOfUser(tx, userId);
    if (app.status !== ApplicationStatus.APPROVED) return;
    const { code, issued } = await issueReferenceCode(tx, app.id);
    await lockRemittance(tx, app.id, now);
    if (issued)
      await recordEvent(tx, meta, {
        type: 'deposit_reference_issued',
        applicationId: app.id,
        userId,
        data: { reference: code },
        at: now,
      });
  });
}

/** spec §7 `remittance_info`: everything the deposit screens show, in the request's language. */
export async function fetchRemittanceInfo(
  ctx: AppContext,
  userId: string,
  lang: Language,
  meta: EventMeta,
): Promise<RemittanceInfo> {
  let app = await requireDepositApplication(ctx, userId);
  if (app.status === ApplicationStatus.APPROVED && !app.depositReference) {
    await ensureDeposit(ctx, userId, meta);
    app = await requireDepositApplication(ctx, userId);
  }
  return describeDeposit(ctx, app, lang);
}

async function describeDeposit(
  ctx: AppContext,
  app: ApplicationRow,
  lang: Language,
): Promise<RemittanceInfo> {
  const today = hongKongToday(ctx.now());
  const [accounts, rate, remittance, bank] = await Promise.all([
    listActiveReceivingAccounts(ctx.db),
    findFxRateOn(ctx.db, 'USD', today),
    findRemittance(ctx.db, app.id),
    findStepRow(ctx.db, app.id, 'bank'),
  ]);
  const voucher = remittance?.voucherDocumentId
    ? await findVoucherDocument(ctx.db, app.id, remittance.voucherDocumentId)
    : null;
  const usd = rate
    ? identityDepositMinimum('USD', today, [
        { currency: 'USD', hkdPerUnit: rate.hkdPerUnit, validFrom: rate.validOn },
      ])
    : null;
  return {
    status: app.status,
    bank_type: app.bankType,
    reference: app.depositReference,
    receiving_accounts: accounts.map((a) => ({
      currency: a.currency as 'HKD' | 'USD',
      bank_name: a.bankName[lang] ?? a.bankName.en,
      bank_code: a.bankCode,
      account_name: a.accountName,
      account_number: a.accountNumber,
      fps_id: a.fpsId,
      swift: a.swift,
    })),
    minimum: {
      hkd: { currency: 'HKD', amount_minor: IDENTITY_DEPOSIT_MIN_HKD_MINOR },
      usd: usd?.ok ? { currency: 'USD', amount_minor: usd.amountMinor } : null,
      usd_rate:
        rate && usd?.ok ? { hkd_per_unit: normaliseRate(rate.hkdPerUnit), valid_from: rate.validOn } : null,
    },
    designated_account: designatedAccountOf(bank?.answers ?? {}, lang),
    remittance: {
      // activated or opened without a row (matched before this issue's tables): matched
      state: (remittance?.state as RemittanceState | undefined) ?? (app.status === 2 ? 'open' : 'matched'),
      version: remittance?.version ?? 0,
      paid_at: remittance?.paidAt?.toISOString() ?? null,
      voucher: voucher
        ? {
            document_id: voucher.id,
            mime: voucher.mime,
            size: voucher.size,
            uploaded_at: voucher.createdAt.toISOString(),
          }
        : null,
      voucher_request:
        remittance?.state === 'voucher_requested' && remittance.voucherRequestedAt
          ? {
              reason: remittance.voucherRequestReason,
              reason_text: voucherReasonText(remittance.voucherRequestReason, lang),
              note: remittance.voucherRequestNote,
              requested_at: remittance.voucherRequestedAt.toISOString(),
            }
          : null,
    },
    activated_at: app.activatedAt?.toISOString() ?? null,
    opened_at: app.openedAt?.toISOString() ?? null,
    account_number: app.status === ApplicationStatus.OPENED ? app.accountNumber : null,
  };
}

/** The sentence of operations' reason (the one the console shows them), in the applicant's language. */
function voucherReasonText(reason: string | null, lang: Language): string | null {
  if (!reason || !Object.hasOwn(VOUCHER_REQUEST_REASON_TEXTS, reason)) return null;
  return VOUCHER_REQUEST_REASON_TEXTS[reason as VoucherRequestReason][lang];
}

/** `7.80000000` (numeric(18,8)) as `7.8`: the rate as people write it. */
function normaliseRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
}

/**
 * The designated account from the bank step's answers (the number only as its mask: the sealed
 * one is never read here), with its bank's name in the request's language.
 */
function designatedAccountOf(
  answers: Record<string, unknown>,
  lang: Language,
): RemittanceInfo['designated_account'] {
  const masked = str(answers.number_masked);
  if (!masked) return null;
  const code = str(answers.bank_code) ?? '';
  const bank = answers.bank_type === 2 ? hongKongBankOf(code) : mainlandBankOf(code);
  return {
    bank_name: bank ? bankNameIn(bank, lang) : null,
    number_masked: masked,
    holder_name: str(answers.holder_name),
  };
}

function factsOf(app: ApplicationRow, row: RemittanceRow, voucherAt: Date | null) {
  return {
    status: app.status,
    state: row.state as RemittanceState,
    hasVoucher: row.voucherDocumentId !== null,
    hasVoucherSinceRequest:
      voucherAt !== null && row.voucherRequestedAt !== null && voucherAt > row.voucherRequestedAt,
  };
}

/** The read-only check before costly work: the transaction decides again, under its locks. */
async function precheck(ctx: AppContext, userId: string, action: RemittanceAction): Promise<ApplicationRow> {
  const app = await requireApplication(ctx, userId);
  const row = await findRemittance(ctx.db, app.id);
  const decision = decideRemittance(action, {
    status: app.status,
    state: (row?.state as RemittanceState | undefined) ?? 'open',
    hasVoucher: Boolean(row?.voucherDocumentId),
    hasVoucherSinceRequest: false,
  });
  if (decision.kind === 'refused') throw new AppError(decision.code);
  return app;
}

/** A PDF is recognised by its first bytes (ISO 32000), never by its name or declared type. */
const checkIsPdfContent = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The voucher's content by its bytes, through the upload pipeline's checks (docs/uploads.md): a
 * photo or screenshot re-encoded, or a bank's PDF receipt checked by the address proof's
 * allow-list and re-serialised; the decoding in the heavy-work pool. The refusal says what the
 * voucher takes, not what the address proof takes.
 */
async function cleanVoucher(ctx: AppContext, bytes: Buffer) {
  if (checkIsPdfContent(bytes)) {
    try {
      const clean = await ctx.heavy.run('pdf', bytes);
      return { bytes: asBuffer(clean), mime: PDF_MIME, width: 0, height: 0 };
    } catch (err) {
      if (err instanceof AppError && err.code !== 'UPLOAD_PROCESSING_LIMIT')
        throw new AppError(err.code, { file: 'remittance_voucher_pdf_refused' });
      throw err;
    }
  }
  try {
    await checkUploadedImageHeader(bytes);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UPLOAD_TYPE_REFUSED')
      throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'remittance_voucher_file_type' });
    throw err;
  }
  const image = await ctx.heavy.run('image', bytes);
  return { ...image, bytes: asBuffer(image.bytes) };
}

/**
 * spec §7 `update_remittance`: the transfer's voucher. Status 2, the remittance open or a new
 * voucher asked for; it becomes the voucher on file, the previous one stays (a record, not
 * deleted). Spends the application's upload budget like every upload.
 */
export async function uploadVoucher(
  ctx: AppContext,
  input: { userId: string; bytes: Buffer; lang: Language; meta: EventMeta },
): Promise<RemittanceInfo> {
  const early = await precheck(ctx, input.userId, 'upload_voucher');
  await checkActionBudget(ctx.db, early.id, 'upload', ctx.now());
  const file = await cleanVoucher(ctx, input.bytes).catch(async (err: unknown) => {
    if (err instanceof AppError)
      await recordEvent(ctx.db, input.meta, {
        type: 'upload_refused',
        applicationId: early.id,
        userId: input.userId,
        step: DEPOSIT_DOCUMENT_STEP,
        data: { kind: VOUCHER_KIND, status: ErrorCode[err.code], size: input.bytes.length },
        at: ctx.now(),
      });
    throw err;
  });
  const staged = await ctx.files.stage(file.bytes);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const app = await lockApplicationOfUser(tx, input.userId);
      const row = await lockRemittance(tx, app.id, now);
      const decision = decideRemittance('upload_voucher', factsOf(app, row, null));
      if (decision.kind === 'refused') throw new AppError(decision.code);
      await requireActionBudget(tx, app.id, 'upload', now);
      await staged.attach(tx);
      const doc = await insertDocument(tx, {
        userId: input.userId,
        applicationId: app.id,
        step: DEPOSIT_DOCUMENT_STEP,
        kind: VOUCHER_KIND,
        storageKey: staged.key,
        mime: file.mime,
        size: file.bytes.length,
        width: file.width,
        height: file.height,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        createdAt: now,
      });
      const updated = await updateRemittanceIfVersion(tx, app.id, row.version, {
        voucherDocumentId: doc.id,
        updatedAt: now,
      });
      if (!updated) throw new AppError('REMITTANCE_CHANGED');
      await recordEvent(tx, input.meta, {
        type: 'document_uploaded',
        applicationId: app.id,
        userId: input.userId,
        step: DEPOSIT_DOCUMENT_STEP,
        data: {
          document_id: doc.id,
          kind: VOUCHER_KIND,
          replaced: row.voucherDocumentId ? [row.voucherDocumentId] : [],
        },
        at: now,
      });
    });
  } catch (err) {
    await staged.discard();
    throw err;
  }
  return fetchRemittanceInfo(ctx, input.userId, input.lang, input.meta);
}

/**
 * `finish_remittance` ("I have paid", paid_at, the voucher request cleared) and `reset_status`
 * (taken back: open again, the voucher kept). `version` is the remittance's version the screen
 * showed: if operations asked for another voucher since, the call is refused (2105) rather than
 * passing over their request. Said again once done, either answers the state unchanged.
 */
export async function changeRemittance(
  ctx: AppContext,
  input: { userId: string; action: 'finish' | 'reset'; version: number; lang: Language; meta: EventMeta },
): Promise<RemittanceInfo> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplicationOfUser(tx, input.userId);
    if (!checkIsDepositStatus(app.status)) throw new AppError('DEPOSIT_NOT_AVAILABLE');
    const row = await lockRemittanceIfApproved(tx, app, now);
    const voucher = row.voucherDocumentId
      ? await findVoucherDocument(tx, app.id, row.voucherDocumentId)
      : null;
    const decision = decideRemittance(input.action, factsOf(app, row, voucher?.createdAt ?? null));
    if (decision.kind === 'refused') throw new AppError(decision.code);
    if (decision.kind === 'unchanged') return;
    if (row.version !== input.version) throw new AppError('REMITTANCE_CHANGED');
    // counted under the application's lock: racing calls count each other
    const since = new Date(now.getTime() - ACTION_LIMIT_WINDOW_MS);
    if (
      (await countEventsSince(tx, app.id, ['remittance_paid', 'remittance_reset'], since)) >=
      REMITTANCE_CHANGES_PER_HOUR
    )
      throw new AppError('ACTION_LIMIT');
    const changes =
      input.action === 'finish'
        ? {
            state: decision.to,
            paidAt: now,
            voucherRequestedAt: null,
            voucherRequestedBy: null,
            voucherRequestReason: null,
            voucherRequestNote: null,
            updatedAt: now,
          }
        : { state: decision.to, paidAt: null, updatedAt: now };
    const updated = await updateRemittanceIfVersion(tx, app.id, row.version, changes);
    if (!updated) throw new AppError('REMITTANCE_CHANGED');
    await recordEvent(tx, input.meta, {
      type: input.action === 'finish' ? 'remittance_paid' : 'remittance_reset',
      applicationId: app.id,
      userId: input.userId,
      step: DEPOSIT_DOCUMENT_STEP,
      data: {
        voucher_document_id: row.voucherDocumentId,
        from: row.state,
        to: decision.to,
        // what operations had asked, kept in the history once "I have paid" clears it
        ...(input.action === 'finish' && row.voucherRequestedAt
          ? { voucher_request_reason: row.voucherRequestReason, voucher_requested_at: row.voucherRequestedAt }
          : {}),
      },
      at: now,
    });
  });
  return fetchRemittanceInfo(ctx, input.userId, input.lang, input.meta);
}

/** The remittance row, locked; past approval only read (no row is made for a closed deposit). */
async function lockRemittanceIfApproved(tx: Tx, app: ApplicationRow, now: Date): Promise<RemittanceRow> {
  if (app.status === ApplicationStatus.APPROVED) return lockRemittance(tx, app.id, now);
  const row = await findRemittance(tx, app.id);
  return (
    row ?? {
      applicationId: app.id,
      state: 'matched',
      currency: null,
      voucherDocumentId: null,
      paidAt: null,
      voucherRequestedAt: null,
      voucherRequestedBy: null,
      voucherRequestReason: null,
      voucherRequestNote: null,
      matchedCreditId: null,
      version: 0,
      createdAt: now,
      updatedAt: now,
    }
  );
}

/**
 * spec §4's bank-update redirect (status 1, no designated account, `bank_audit` 0): BANK_UPDATE_URL
 * when it names the broker's page, with the fields the spec lists (the web app adds the session
 * token to the form it posts, docs/deposit.md); otherwise this product's own bank step.
 */
export async function fetchBankUpdateTarget(ctx: AppContext, userId: string): Promise<BankUpdateTarget> {
  const app = await requireApplication(ctx, userId);
  if (app.status !== ApplicationStatus.SUBMITTED || app.bankType !== 0 || app.bankAudit !== 0)
    throw new AppError('BANK_UPDATE_NOT_NEEDED');
  const url = ctx.config.bankUpdateUrl;
  if (!url || url.startsWith('/')) return { kind: 'internal', path: url ?? null };
  const info = await fetchApplicationInfo(ctx, userId);
  return {
    kind: 'external',
    url,
    fields: {
      status: String(app.status),
      apptheme: '1',
      full_name: info.full_name.value,
      first_name: info.first_name.value,
      last_name: info.last_name.value,
    },
  };
}
