// What the screens read of an application: the user centre's status and the ID step's info, built
// from one read each (applicant-view-repository.ts, decision 023).
import {
  type ApplicationInfo,
  checkIsEditableStatus,
  type IdLocation,
  type IdType,
  type ReopenReason,
  stagesReached,
  type UserStatus,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { toDocumentInfo } from '../documents/document-info';
import { listActiveDocuments } from '../documents/document-repository';
import { listStepRows } from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import type { InfoReading, StatusReading, StatusStepRow } from './applicant-view-repository';
import { requireApplication } from './application-access';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The status call's answer from what `readSessionStatus` read (one query, decision 023). */
export async function buildUserStatus(
  ctx: Pick<AppContext, 'content'>,
  userId: string,
  reading: StatusReading,
): Promise<UserStatus> {
  const { application: app, steps: rows } = reading;
  // the customer-service block as staff set it (docs/content.md): from the cache, at the stamp the
  // reading carries (no query while the content is unchanged)
  const service = await ctx.content.serviceInfoAt(reading.contentStamp, 'zh-CN');
  const progress = app ? progressOf(app, rows) : null;
  const editable = app ? checkIsEditableStatus(app.status) : false;
  // no application yet (registered): nothing is under way
  const infoProgress = progress?.infoProgress ?? 0;
  return {
    suid: userId,
    // direct-marketing consent: a separate opt-in of the declarations step, off until given
    is_marketing: progress?.facts.answers.declarations?.direct_marketing === true ? 1 : 0,
    // the service QR block shows when staff set it up (an image and a chat account, docs/content.md)
    is_show_open_cs_qrcode: service.is_show_open_cs_qrcode,
    status: app?.status ?? 0,
    bank_type: app?.bankType ?? 0,
    bank_audit: app?.bankAudit ?? 0,
    info_progress: infoProgress,
    progress: !app ? 'registered' : editable ? 'opening' : 'submitted',
    stages_done: stagesReached(progress?.completedProgress ?? 0),
    next_step: progress && editable ? progress.nextStep : null,
    steps: progress ? stepStates(progress, rows) : [],
    mobile_masked: reading.mobileMasked,
  };
}

/** Every applicable step (the review aside): confirmed or not, and why it was reopened. */
function stepStates(
  progress: ReturnType<typeof progressOf>,
  rows: readonly StatusStepRow[],
): UserStatus['steps'] {
  const reasons = new Map(rows.map((r) => [r.step, r.reopenedReason]));
  return progress.applicable
    .filter((s) => s.id !== 'review')
    .map((s) => ({
      step: s.id,
      confirmed: progress.confirmed.has(s.id),
      reopened_reason: (reasons.get(s.id) ?? null) as ReopenReason | null,
    }));
}

/** The info call's answer for the caller's application (other services: the remittance notice). */
export async function fetchApplicationInfo(ctx: AppContext, userId: string): Promise<ApplicationInfo> {
  const app = await requireApplication(ctx, userId);
  const [rows, docs] = await Promise.all([listStepRows(ctx.db, app.id), listActiveDocuments(ctx.db, app.id)]);
  return buildApplicationInfo({
    application: app,
    steps: rows
      .filter((r) => r.step === 'identity' || r.step === 'account_type')
      .map((r) => ({ ...r, idNumberMasked: r.sealed.id_number?.masked ?? null })),
    documents: docs.filter((d) => d.step === 'identity'),
  });
}

/** The info call's answer from what was read (`readSessionInfo`, one query, or `fetchApplicationInfo`). */
export function buildApplicationInfo(reading: InfoReading): ApplicationInfo {
  const app = reading.application;
  if (!app) throw new AppError('APPLICATION_NOT_FOUND');
  const rows = reading.steps;
  const identity = rows.find((r) => r.step === 'identity');
  const a = identity?.answers ?? {};
  const accountType = rows.find((r) => r.step === 'account_type')?.answers ?? {};
  const surname = str(a.english_surname) ?? '';
  const given = str(a.english_given_name) ?? '';
  const chinese = str(a.chinese_name);
  return {
    // spec §3: M = margin, otherwise cash. The account-type step decides once answered; before
    // that the markets asked for at creation (HKMargin, USMargin) are margin accounts.
    account_type: {
      value:
        accountType.securities !== undefined
          ? accountType.securities === 'margin'
            ? 'M'
            : 'C'
          : app.markets.some((m) => m.endsWith('Margin'))
            ? 'M'
            : 'C',
    },
    // spec §3: 1 = a futures account was asked for in the account-type step
    is_future_account: { value: accountType.futures === true ? '1' : '0' },
    full_name: { value: chinese || [surname, given].filter(Boolean).join(' ') },
    first_name: { value: given },
    last_name: { value: surname },
    application: {
      id: app.id,
      status: app.status,
      markets: app.markets,
      created_at: app.createdAt.toISOString(),
    },
    id_step: {
      id_location: (str(a.id_location) as IdLocation | null) ?? null,
      nationality: str(a.nationality),
      documents: reading.documents.map(toDocumentInfo),
      chinese_name: chinese,
      english_surname: str(a.english_surname),
      english_given_name: str(a.english_given_name),
      name_matches_bank: a.name_matches_bank === true,
      id_type: str(a.id_type) as IdType | null,
      id_number_masked: identity?.idNumberMasked ?? null,
      gender: str(a.gender) as 'M' | 'F' | null,
      birth_date: str(a.birth_date),
      confirmed_at: identity?.confirmedAt?.toISOString() ?? null,
      version: identity?.version ?? 0,
      reopened_reason: (identity?.reopenedReason ?? null) as ReopenReason | null,
    },
  };
}
