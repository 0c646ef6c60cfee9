import { STEP_STAGES, type StepId } from './steps/types';

// spec §4: opening progress stages, status routing and the login page's progress button.

export const FLOW_STAGES = [
  { id: 'id', progress: 10 },
  { id: 'account_type', progress: 30 },
  { id: 'personal_info', progress: 50 },
  { id: 'risk_disclosure', progress: 60 },
  { id: 'bank_card', progress: 90 },
  { id: 'signature', progress: 100 },
] as const;
export type FlowStage = (typeof FLOW_STAGES)[number]['id'];

/**
 * spec §2: label key (namespace `login`) of the progress button by percentage, read from
 * `info_progress`, the stage the person is in (decision 011): up to 10 the ID, up to 30 the account
 * type, … up to 100 the signature.
 */
export function progressButtonKey(percent: number): string {
  if (percent <= 10) return 'progress_continue_id';
  if (percent <= 30) return 'progress_account_type';
  if (percent <= 50) return 'progress_personal_info';
  if (percent <= 60) return 'progress_risk_disclosure';
  if (percent <= 90) return 'progress_bank_card';
  return 'progress_signature';
}

/** The "completed N%" of the progress bars: the last stage done (`stages_done`), 0 before any. */
export function completedPercent(stagesDone: readonly string[]): number {
  return FLOW_STAGES.reduce((max, s) => (stagesDone.includes(s.id) ? Math.max(max, s.progress) : max), 0);
}

/** Display stages reached at this percentage (the progress page ticks them). */
export function stagesReached(infoProgress: number): FlowStage[] {
  return FLOW_STAGES.filter((s) => s.progress <= infoProgress).map((s) => s.id);
}

/** `progress` of the status response: registered = logged in, no application yet. */
export const PROGRESS_VALUES = ['registered', 'opening', 'submitted'] as const;
export type ProgressValue = (typeof PROGRESS_VALUES)[number];

/** Application status (spec §4 routing table); 0 is an application being filled in. */
export const ApplicationStatus = {
  /** Declined outright by staff (issue #14): final, nothing can be changed or re-submitted. */
  DECLINED: -2,
  /** Returned by staff for revision (spec's "refused", edit mode). */
  REJECTED: -1,
  FILLING: 0,
  SUBMITTED: 1,
  APPROVED: 2,
  ACTIVATED: 3,
  OPENED: 5,
} as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

export type RouteName =
  | 'login'
  | 'accountType'
  | 'usercenter'
  | 'userinfo'
  | 'active'
  | 'activated'
  | 'remit'
  | 'remitted'
  | 'opened';

export type StatusRoute =
  | { route: RouteName; query?: Record<string, string> }
  | { route: 'bank_update' }
  | { route: 'submitted_view' };

type StatusKey = 'declined' | 'rejected' | 'filling' | 'submitted' | 'approved' | 'activated' | 'opened';
const statusKey = {
  [ApplicationStatus.DECLINED]: 'declined',
  [ApplicationStatus.REJECTED]: 'rejected',
  [ApplicationStatus.FILLING]: 'filling',
  [ApplicationStatus.SUBMITTED]: 'submitted',
  [ApplicationStatus.APPROVED]: 'approved',
  [ApplicationStatus.ACTIVATED]: 'activated',
  [ApplicationStatus.OPENED]: 'opened',
} satisfies Record<ApplicationStatus, StatusKey>;

/** spec §4 account status routing, in one place for every screen. */
export function routeForStatus(s: {
  status: number;
  bank_type: number;
  bank_audit: number;
  progress?: string;
  bindBankQuery?: boolean;
}): StatusRoute {
  if (s.progress === 'registered') return { route: 'accountType' };
  const key: StatusKey | undefined = statusKey[s.status as ApplicationStatus];
  switch (key) {
    case 'rejected':
      return { route: 'userinfo', query: { state: 'refused' } };
    case 'declined':
      // not in spec §4's table (a status of ours): the user centre says so, nothing to fill in
      return { route: 'usercenter' };
    case 'submitted':
      return s.bank_type === 0 && s.bank_audit === 0 && !s.bindBankQuery
        ? { route: 'bank_update' }
        : { route: 'submitted_view' };
    case 'approved':
      return { route: s.bank_type === 0 ? 'active' : 'remit' };
    case 'activated':
      return { route: s.bank_type === 0 ? 'activated' : 'remitted' };
    case 'opened':
      return { route: 'opened' };
    default:
      return { route: 'userinfo' };
  }
}

/**
 * spec §2: label key (namespace `login`) of the progress button: the percentage it is read from
 * is the stage of the step the person goes on with.
 */
export function progressButtonKeyForStep(next: StepId | null): string {
  // the table, not the registry: the login page must not load every step's definition
  return progressButtonKey(next ? (STEP_STAGES[next] ?? 100) : 100);
}
