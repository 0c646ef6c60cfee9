// The ID step's own calls (spec §4/§5): where the ID is from, and its details, checked and sealed.
import {
  checkIdNumber,
  checkIsEditableStatus,
  fieldErrorsOf,
  hongKongToday,
  ID_CHECKS_PER_DAY,
  type IdDetails,
  type IdLocation,
  type IdType,
  idDetailsSchema,
  identityStep,
  idTypeFor,
  lockedErrorOf,
  maskIdNumber,
  missingDocuments,
  normalizeIdNumber,
} from '@hk/domain';
import * as z from 'zod/mini';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { countDocuments } from '../documents/document-counts';
import { listActiveDocuments } from '../documents/document-repository';
import { countEventsSince, type EventMeta, recordEvent } from '../events/event-repository';
import {
  type ApplicationRow,
  findStepRow,
  findSubmittedHolderOfIdHash,
  listStepRows,
  lockApplication,
  lockEditableApplicationOfUser,
  lockStepRow,
} from '../steps/step-repository';
import { progressOf, writeStep } from '../steps/step-service';
import { requireApplication } from './application-access';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const versionOf = (body: unknown): number | undefined => {
  const v = (body as { step_version?: unknown } | null)?.step_version;
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    throw new AppError('VALIDATION_FAILED', { step_version: 'invalid_value' });
  return n;
};

/**
 * Saves where the ID is from. A different location (or, for OTHER, a different nationality)
 * means a different document: the ID type and number entered for the previous one are cleared
 * and the step is no longer confirmed. Photos are kept; the client asks for new ones.
 */
export async function saveIdLocation(
  ctx: AppContext,
  userId: string,
  input: { id_location: IdLocation; nationality?: string | undefined; step_version?: number | undefined },
  meta: EventMeta,
): Promise<{ version: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const current = await lockStepRow(tx, app.id, 'identity', now);
    const nationality = input.id_location === 'OTHER' ? (input.nationality ?? null) : null;
    const changed =
      str(current.answers.id_location) !== input.id_location ||
      str(current.answers.nationality) !== nationality;
    const hadIdNumber = current.sealed.id_number !== undefined || current.answers.id_type !== undefined;
    const { row } = await writeStep(tx, { vault: ctx.vault, now, meta }, app, 'identity', {
      answers: {
        id_location: input.id_location,
        nationality,
        ...(changed && hadIdNumber ? { id_type: undefined } : {}),
      },
      ...(changed && hadIdNumber ? { sealed: { id_number: null } } : {}),
      expectedVersion: input.step_version,
    });
    return { version: row.version };
  });
}

/**
 * The look-up hash input of an ID number: a passport number is only unique together with the
 * country that issued it (issue #5 §4.4); mainland and HK numbers are unique in themselves.
 */
export function idNumberHashInput(type: IdType, idNumber: string, nationality: string | null): string {
  return type === 'passport' ? `passport:${nationality ?? ''}:${idNumber}` : `${type}:${idNumber}`;
}

/**
 * Counts one ID-number confirmation, committed on its own so that refused attempts count too:
 * more than ID_CHECKS_PER_DAY in 24 hours are refused (a guessing oracle otherwise).
 */
async function countIdCheck(ctx: AppContext, app: ApplicationRow, meta: EventMeta, now: Date) {
  await ctx.db.transaction(async (tx) => {
    await lockApplication(tx, app.id); // concurrent attempts are counted one after the other
    const since = new Date(now.getTime() - 24 * 3600 * 1000);
    if ((await countEventsSince(tx, app.id, 'id_number_checked', since)) >= ID_CHECKS_PER_DAY)
      throw new AppError('ID_CHECK_LIMIT');
    await recordEvent(tx, meta, {
      type: 'id_number_checked',
      applicationId: app.id,
      userId: app.userId,
      step: 'identity',
      at: now,
    });
  });
}

/**
 * spec §4/§5 ID details: validated with the shared schema (today in Hong Kong), the number
 * checked against the saved location, the duplicate-account cases, then saved sealed and the step
 * confirmed (steps resting on the name or number reopened).
 */
export async function saveIdDetails(
  ctx: AppContext,
  userId: string,
  body: unknown,
  meta: EventMeta,
): Promise<{ info_progress: number; id_number_masked: string; version: number }> {
  const app = await requireApplication(ctx, userId);
  const identity = await findStepRow(ctx.db, app.id, 'identity');
  const location = str(identity?.answers.id_location) as IdLocation | null;
  if (!identity || !location) throw new AppError('STEP_NOT_READY');
  const nationality = str(identity.answers.nationality);
  const editable = checkIsEditableStatus(app.status);
  if (editable) await requireIdentityPhotos(ctx, app.id);
  const expectedVersion = versionOf(body);
  // a form loaded before another device saved is told so before anything else (checked again when writing)
  if (expectedVersion !== undefined && expectedVersion !== identity.version)
    throw new AppError('STEP_VERSION_CONFLICT');

  const storedType = str(identity.answers.id_type) as IdType | null;
  const stored = identity.sealed.id_number;
  const hasStoredIdNumber = Boolean(stored) && storedType === idTypeFor(location);
  const parsed = z.safeParse(idDetailsSchema({ today: hongKongToday(ctx.now()), hasStoredIdNumber }), body);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error.issues));
  const details: IdDetails = parsed.data;
  if (details.id_location !== location)
    throw new AppError('VALIDATION_FAILED', { id_location: 'id_location_mismatch' });

  let idNumber: string;
  if (details.id_number) {
    idNumber = normalizeIdNumber(details.id_type, details.id_number);
  } else {
    // The form left the masked number alone: the stored one must still agree with the details.
    idNumber = ctx.vault.decrypt(stored!.sealed);
    const problem = checkIdNumber(details.id_type, idNumber, {
      birthDate: details.birth_date,
      gender: details.gender,
    });
    if (problem) throw new AppError('VALIDATION_FAILED', { id_number: problem });
  }
  const hashInput = idNumberHashInput(details.id_type, idNumber, nationality);
  const idNumberHash = ctx.vault.lookupHash(hashInput);

  const now = ctx.now();
  await countIdCheck(ctx, app, meta, now);
  // spec §4 duplicate-account cases, against applications already submitted (decision 007)
  if (await findSubmittedHolderOfIdHash(ctx.db, idNumberHash, app.id))
    throw new AppError('ID_USED_BY_OTHER_MOBILE');
  if (!editable) {
    if (stored?.hash !== idNumberHash) throw new AppError('MOBILE_USED_WITH_OTHER_ID');
    throw new AppError(lockedErrorOf(app.status));
  }

  const idNumberMasked = maskIdNumber(idNumber);
  return ctx.db.transaction(async (tx) => {
    const locked = await lockEditableApplicationOfUser(tx, userId);
    const current = await lockStepRow(tx, locked.id, 'identity', now);
    // the location changed while the details were checked: they belong to another document
    if (str(current.answers.id_location) !== location || str(current.answers.nationality) !== nationality)
      throw new AppError('VALIDATION_FAILED', { id_location: 'id_location_mismatch' });
    // a photo deleted meanwhile would leave a step confirmed against nothing
    const docs = await listActiveDocuments(tx, locked.id);
    if (missingDocuments(identityStep, countDocuments(docs)).length > 0)
      throw new AppError('ID_IMAGES_MISSING');
    const { row } = await writeStep(tx, { vault: ctx.vault, now, meta }, locked, 'identity', {
      answers: {
        id_type: details.id_type,
        chinese_name: details.chinese_name || undefined,
        english_surname: details.english_surname,
        english_given_name: details.english_given_name,
        name_matches_bank: details.name_matches_bank,
        gender: details.gender,
        birth_date: details.birth_date,
      },
      sealed: { id_number: { plain: idNumber, hashInput, masked: idNumberMasked } },
      confirm: true,
      expectedVersion,
    });
    const rows = await listStepRows(tx, locked.id);
    return {
      info_progress: progressOf(locked, rows).infoProgress,
      id_number_masked: idNumberMasked,
      version: row.version,
    };
  });
}

/** spec §5 'upload the ID front and back': the identity step declares both, at least one each. */
async function requireIdentityPhotos(ctx: AppContext, applicationId: string) {
  const docs = await listActiveDocuments(ctx.db, applicationId);
  if (missingDocuments(identityStep, countDocuments(docs)).length > 0)
    throw new AppError('ID_IMAGES_MISSING');
}
