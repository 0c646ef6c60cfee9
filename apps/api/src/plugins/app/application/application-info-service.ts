// What the screens read of an application: the user centre's status and the ID step's info.
import {
  type ApplicationInfo,
  applicableSteps,
  checkIsEditableStatus,
  type IdLocation,
  type IdType,
  type ReopenReason,
  stagesReached,
  type UserStatus,
} from '@hk/domain';
import type { AppContext } from '../../../context';
import { toDocumentInfo } from '../documents/document-info';
import { listActiveDocuments } from '../documents/document-repository';
import { findApplicationByUser, listStepRows, type StepRow } from '../steps/step-repository';
import { progressOf } from '../steps/step-service';
import { requireApplication } from './application-access';
import { findUserMobileMasked } from './application-repository';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export async function fetchUserStatus(ctx: AppContext, userId: string): Promise<UserStatus> {
  const [app, mobileMasked, service] = await Promise.all([
    findApplicationByUser(ctx.db, userId),
    findUserMobileMasked(ctx.db, userId),
    // the customer-service block as staff set it (docs/content.md): the cache's one stamp query
    ctx.content.serviceInfo('zh-CN'),
  ]);
  const rows = app ? await listStepRows(ctx.db, app.id) : [];
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
    mobile_masked: mobileMasked ?? '',
  };
}

/** Every applicable step (the review aside): confirmed or not, and why it was reopened. */
function stepStates(progress: ReturnType<typeof progressOf>, rows: readonly StepRow[]): UserStatus['steps'] {
  return applicableSteps(progress.facts)
    .filter((s) => s.id !== 'review')
    .map((s) => ({
      step: s.id,
      confirmed: progress.confirmed.has(s.id),
      reopened_reason: (rows.find((r) => r.step === s.id)?.reopenedReason ?? null) as ReopenReason | null,
    }));
}

export async function fetchApplicationInfo(ctx: AppContext, userId: string): Promise<ApplicationInfo> {
  const app = await requireApplication(ctx, userId);
  const [rows, docs] = await Promise.all([listStepRows(ctx.db, app.id), listActiveDocuments(ctx.db, app.id)]);
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
      documents: docs.filter((d) => d.step === 'identity').map(toDocumentInfo),
      chinese_name: chinese,
      english_surname: str(a.english_surname),
      english_given_name: str(a.english_given_name),
      name_matches_bank: a.name_matches_bank === true,
      id_type: str(a.id_type) as IdType | null,
      id_number_masked: identity?.sealed.id_number?.masked ?? null,
      gender: str(a.gender) as 'M' | 'F' | null,
      birth_date: str(a.birth_date),
      confirmed_at: identity?.confirmedAt?.toISOString() ?? null,
      version: identity?.version ?? 0,
      reopened_reason: (identity?.reopenedReason ?? null) as ReopenReason | null,
    },
  };
}
