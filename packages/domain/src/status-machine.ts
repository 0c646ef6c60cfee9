// spec §4: the application's status and who may move it where. The API changes a status only
// through `transitionStatus`; a test covers every pair of statuses for every actor.
import { ApplicationStatus } from './progress';

export const ACTORS = ['applicant', 'staff', 'operations', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

export const STATUS_ACTIONS = [
  'submit',
  'resubmit',
  'refuse',
  'decline',
  'approve',
  'confirm_deposit',
  'open',
] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

interface Transition {
  action: StatusAction;
  from: ApplicationStatus;
  to: ApplicationStatus;
  actor: Actor;
}

/**
 * Every allowed move, and nothing else:
 * - the applicant submits a filled-in application, and re-submits one that staff sent back;
 * - staff refuse (send back, -1), decline (-2, final: issue #14) or approve (2) a submitted one;
 * - operations confirm the identity deposit (3, activated) and open the account (5).
 */
export const STATUS_TRANSITIONS: readonly Transition[] = [
  { action: 'submit', from: ApplicationStatus.FILLING, to: ApplicationStatus.SUBMITTED, actor: 'applicant' },
  {
    action: 'resubmit',
    from: ApplicationStatus.REJECTED,
    to: ApplicationStatus.SUBMITTED,
    actor: 'applicant',
  },
  { action: 'refuse', from: ApplicationStatus.SUBMITTED, to: ApplicationStatus.REJECTED, actor: 'staff' },
  { action: 'decline', from: ApplicationStatus.SUBMITTED, to: ApplicationStatus.DECLINED, actor: 'staff' },
  { action: 'approve', from: ApplicationStatus.SUBMITTED, to: ApplicationStatus.APPROVED, actor: 'staff' },
  {
    action: 'confirm_deposit',
    from: ApplicationStatus.APPROVED,
    to: ApplicationStatus.ACTIVATED,
    actor: 'operations',
  },
  { action: 'open', from: ApplicationStatus.ACTIVATED, to: ApplicationStatus.OPENED, actor: 'operations' },
];

export type TransitionResult =
  | { ok: true; to: ApplicationStatus }
  | { ok: false; reason: 'unknown_status' | 'not_allowed_from_status' | 'not_allowed_for_actor' };

/** Where `action` by `actor` takes an application in status `from`, or why it may not. */
export function transitionStatus(from: number, action: StatusAction, actor: Actor): TransitionResult {
  if (!checkIsApplicationStatus(from)) return { ok: false, reason: 'unknown_status' };
  const fromHere = STATUS_TRANSITIONS.filter((t) => t.from === from && t.action === action);
  if (fromHere.length === 0) return { ok: false, reason: 'not_allowed_from_status' };
  const allowed = fromHere.find((t) => t.actor === actor);
  return allowed ? { ok: true, to: allowed.to } : { ok: false, reason: 'not_allowed_for_actor' };
}

/** The action that moves `from` to `to`, if any actor may make that move. */
export function actionBetween(from: number, to: number): Transition | undefined {
  return STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

const ALL_STATUSES = new Set<number>(Object.values(ApplicationStatus));
export function checkIsApplicationStatus(value: number): value is ApplicationStatus {
  return ALL_STATUSES.has(value);
}

/** spec §4: only an application being filled in (0) or sent back by staff (-1) can change. */
export const EDITABLE_STATUSES: readonly ApplicationStatus[] = [
  ApplicationStatus.FILLING,
  ApplicationStatus.REJECTED,
];

export function checkIsEditableStatus(status: number): boolean {
  return (EDITABLE_STATUSES as readonly number[]).includes(status);
}

/**
 * Why the applicant cannot change an application that is not editable: a declined one (-2) is a
 * final decision (2020), any other is submitted and waits for staff (2002, "cannot be changed now").
 */
export function lockedErrorOf(status: number): 'APPLICATION_DECLINED' | 'APPLICATION_LOCKED' {
  return status === ApplicationStatus.DECLINED ? 'APPLICATION_DECLINED' : 'APPLICATION_LOCKED';
}

/**
 * issue #14: which steps the applicant may change. While being filled in (0), any; once sent back
 * by staff (-1), only the steps not confirmed: those the review returned (unconfirmed by the
 * return) and those a change to them reopens through the registry (stepsToReopen); every other
 * answer stays as reviewed. Re-confirming a step without changing it is not a change.
 */
export function checkCanChangeStep(status: number, isStepConfirmed: boolean): boolean {
  if (!checkIsEditableStatus(status)) return false;
  return status !== ApplicationStatus.REJECTED || !isStepConfirmed;
}
