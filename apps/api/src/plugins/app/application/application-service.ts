import {
  type ApplicationInfo,
  checkIdNumber,
  computeInfoProgress,
  ERROR_MESSAGES,
  type FlowStage,
  type IdDetails,
  type IdLocation,
  type IdType,
  idDetailsSchema,
  idTypeFor,
  maskIdNumber,
  normalizeIdNumber,
  type UserStatus,
} from '@hk/domain';
import * as z from 'zod/mini';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { type DocumentRow, listActiveDocuments } from '../documents/document-repository';
import {
  type ApplicationRow,
  checkIsEditable,
  checkIsUniqueViolation,
  confirmIdStep,
  findApplicationByUser,
  findOtherApplicationWithIdHash,
  findUserMobileMasked,
  lockApplicationOfUser,
  updateEditableApplication,
} from './application-repository';
import { idStepResetPatch } from './id-step-reset';

/** Today's date in Hong Kong (YYYY-MM-DD): the age rule counts birthdays where the broker is. */
export function hongKongToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Hong_Kong',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export async function requireApplication(ctx: AppContext, userId: string): Promise<ApplicationRow> {
  const app = await findApplicationByUser(ctx.db, userId);
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  return app;
}

export function requireEditable(app: ApplicationRow): void {
  // spec §4: only an application being filled in (0) or sent back (-1) can change
  if (!checkIsEditable(app)) throw new AppError('APPLICATION_LOCKED');
}

function stagesOf(app: ApplicationRow | null): FlowStage[] {
  return (app?.stagesDone ?? []) as FlowStage[];
}

export async function fetchUserStatus(ctx: AppContext, userId: string): Promise<UserStatus> {
  const [app, mobileMasked] = await Promise.all([
    findApplicationByUser(ctx.db, userId),
    findUserMobileMasked(ctx.db, userId),
  ]);
  const stages = stagesOf(app);
  return {
    suid: userId,
    is_marketing: 0,
    is_show_open_cs_qrcode: 0,
    status: app?.status ?? 0,
    bank_type: app?.bankType ?? 0,
    bank_audit: app?.bankAudit ?? 0,
    info_progress: computeInfoProgress(new Set(stages)),
    progress: !app ? 'registered' : checkIsEditable(app) ? 'opening' : 'submitted',
    stages_done: stages,
    mobile_masked: mobileMasked ?? '',
  };
}

const MARGIN_MARKETS = new Set(['HKMargin', 'USMargin']);

function toDocumentInfo(d: DocumentRow) {
  return {
    document_id: d.id,
    kind: d.kind as 'id_front' | 'id_back',
    mime: d.mime,
    width: d.width,
    height: d.height,
    size: d.size,
    uploaded_at: d.createdAt.toISOString(),
  };
}

export { toDocumentInfo };

export async function fetchApplicationInfo(ctx: AppContext, userId: string): Promise<ApplicationInfo> {
  const app = await requireApplication(ctx, userId);
  const docs = await listActiveDocuments(ctx.db, app.id);
  const surname = app.englishSurname ?? '';
  const given = app.englishGivenName ?? '';
  return {
    // spec §3: M = margin, otherwise cash; HKMargin and USMargin are both margin accounts
    account_type: { value: app.markets.some((m) => MARGIN_MARKETS.has(m)) ? 'M' : 'C' },
    is_future_account: { value: '0' },
    full_name: { value: app.chineseName || [surname, given].filter(Boolean).join(' ') },
    first_name: { value: given },
    last_name: { value: surname },
    application: {
      id: app.id,
      status: app.status,
      markets: app.markets,
      created_at: app.createdAt.toISOString(),
    },
    id_step: {
      id_location: app.idLocation as IdLocation | null,
      nationality: app.nationality,
      documents: docs.map(toDocumentInfo),
      chinese_name: app.chineseName,
      english_surname: app.englishSurname,
      english_given_name: app.englishGivenName,
      name_matches_bank: app.nameMatchesBank,
      id_type: app.idType as IdType | null,
      id_number_masked: app.idNumberMasked,
      gender: app.gender as 'M' | 'F' | null,
      birth_date: app.birthDate,
      confirmed_at: app.idConfirmedAt?.toISOString() ?? null,
    },
  };
}

/**
 * Saves where the ID is from. A different location (or, for OTHER, a different nationality)
 * means a different document: the ID type and number entered for the previous one are cleared
 * and the ID step is no longer confirmed. Photos are kept; the client asks for new ones.
 */
export async function saveIdLocation(
  ctx: AppContext,
  userId: string,
  input: { id_location: IdLocation; nationality?: string | undefined },
): Promise<void> {
  // The row stays locked from the read to the write, so a confirmation (id_info) cannot slip in
  // between and survive a change of document.
  await ctx.db.transaction(async (tx) => {
    const app = await lockApplicationOfUser(tx, userId);
    if (!app) throw new AppError('APPLICATION_NOT_FOUND');
    requireEditable(app);
    const nationality = input.id_location === 'OTHER' ? (input.nationality ?? null) : null;
    const changed = app.idLocation !== input.id_location || app.nationality !== nationality;
    const hadIdData = app.idConfirmedAt !== null || app.idNumberEnc !== null || app.idType !== null;
    const ok = await updateEditableApplication(tx, app.id, {
      idLocation: input.id_location,
      nationality,
      updatedAt: ctx.now(),
      ...(changed && hadIdData ? idStepResetPatch(app, { clearIdNumber: true }) : {}),
    });
    if (!ok) throw new AppError('APPLICATION_LOCKED');
  });
}

const KNOWN_ERROR_KEYS = new Set(Object.keys(ERROR_MESSAGES['zh-CN']));

/** zod issues → {field: errors key}, first issue of each field, in order. */
export function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    fields[field] ??= KNOWN_ERROR_KEYS.has(issue.message) ? issue.message : 'invalid_value';
  }
  return fields;
}

/**
 * spec §4/§5 ID details: validated with the shared schema (today in Hong Kong), the number
 * checked against the saved location, the duplicate-account cases, then saved encrypted.
 */
export async function saveIdDetails(
  ctx: AppContext,
  userId: string,
  body: unknown,
): Promise<{ info_progress: number; id_number_masked: string }> {
  const app = await requireApplication(ctx, userId);
  if (!app.idLocation) throw new AppError('STEP_NOT_READY');
  const location = app.idLocation as IdLocation;
  if (checkIsEditable(app)) {
    const docs = await listActiveDocuments(ctx.db, app.id);
    const kinds = new Set(docs.map((d) => d.kind));
    if (!(kinds.has('id_front') && kinds.has('id_back'))) throw new AppError('ID_IMAGES_MISSING');
  }

  const storedType = app.idType as IdType | null;
  const hasStoredIdNumber = Boolean(app.idNumberEnc) && storedType === idTypeFor(location);
  const parsed = z.safeParse(idDetailsSchema({ today: hongKongToday(ctx.now()), hasStoredIdNumber }), body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldsOf(parsed.error.issues));
  const details: IdDetails = parsed.data;
  if (details.id_location !== location)
    throw new AppError('VALIDATION_FAILED', { id_location: 'id_location_mismatch' });

  let idNumber: string;
  if (details.id_number) {
    idNumber = normalizeIdNumber(details.id_type, details.id_number);
  } else {
    // The form left the masked number alone: the stored one must still agree with the details.
    idNumber = ctx.vault.decrypt(app.idNumberEnc!);
    const problem = checkIdNumber(details.id_type, idNumber, {
      birthDate: details.birth_date,
      gender: details.gender,
    });
    if (problem) throw new AppError('VALIDATION_FAILED', { id_number: problem });
  }
  const idNumberHash = ctx.vault.lookupHash(`${details.id_type}:${idNumber}`);

  // spec §4 duplicate-account cases
  if (await findOtherApplicationWithIdHash(ctx.db, idNumberHash, app.id))
    throw new AppError('ID_USED_BY_OTHER_MOBILE');
  if (!checkIsEditable(app)) {
    if (app.idNumberHash !== idNumberHash) throw new AppError('MOBILE_USED_WITH_OTHER_ID');
    throw new AppError('APPLICATION_LOCKED');
  }

  const stagesDone = [...new Set([...app.stagesDone, 'id'])];
  const infoProgress = computeInfoProgress(new Set(stagesDone as FlowStage[]));
  const idNumberMasked = maskIdNumber(idNumber);
  const now = ctx.now();
  let outcome: Awaited<ReturnType<typeof confirmIdStep>>;
  try {
    outcome = await confirmIdStep(
      ctx.db,
      app.id,
      {
        idType: details.id_type,
        idNumberEnc: ctx.vault.encrypt(idNumber),
        idNumberHash,
        idNumberMasked,
        chineseName: details.chinese_name || null,
        englishSurname: details.english_surname,
        englishGivenName: details.english_given_name,
        nameMatchesBank: details.name_matches_bank,
        gender: details.gender,
        birthDate: details.birth_date,
        idConfirmedAt: now,
        stagesDone,
        infoProgress,
        updatedAt: now,
      },
      { idLocation: location, nationality: app.nationality },
    );
  } catch (err) {
    // Two people confirming the same ID at once: the unique index decides, the loser gets 2003.
    if (checkIsUniqueViolation(err, 'applications_id_number_idx'))
      throw new AppError('ID_USED_BY_OTHER_MOBILE');
    throw err;
  }
  if (outcome === 'locked') throw new AppError('APPLICATION_LOCKED');
  if (outcome === 'images_missing') throw new AppError('ID_IMAGES_MISSING');
  // the location changed while the details were checked: they belong to another document
  if (outcome === 'location_changed')
    throw new AppError('VALIDATION_FAILED', { id_location: 'id_location_mismatch' });
  return { info_progress: infoProgress, id_number_masked: idNumberMasked };
}
