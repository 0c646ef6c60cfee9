import type { UserStatus } from '@hk/domain';
import { ErrorCode } from '@hk/domain';
import { useSyncExternalStore } from 'react';
import { fetchUserStatusWithToken } from './api/user-status-fetch';
import { ApiError } from './api-client';
import { getSession, replaceSession, saveSession } from './session';
import { clearAllStored } from './storage';

/**
 * A hand-off link's token met another live session (issue #5 §4.2, docs/host-app-handoff.md).
 * - `checking`: whose is each token? (one status call per token, the link's never stored)
 * - `ask`: the person chooses between the two masked numbers (an empty string: not known)
 * - `link_expired`: the link's token is dead; the current session stays and the person is told
 * While one is pending the app mounts no screen (app/session-handoff-gate.tsx), so neither token
 * is used for anything but the two status calls.
 */
export type Handoff =
  | { stage: 'checking'; linkToken: string }
  | { stage: 'ask'; linkToken: string; currentMobile: string; linkMobile: string }
  | { stage: 'link_expired' };

let state: Handoff | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setPendingHandoff(next: Handoff | null) {
  state = next;
  for (const l of listeners) l();
}

export function getHandoff(): Handoff | null {
  return state;
}

export function useHandoff(): Handoff | null {
  return useSyncExternalStore(subscribe, getHandoff, getHandoff);
}

const isDead = (r: PromiseSettledResult<UserStatus>) =>
  r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === ErrorCode.SESSION_INVALID;
const settledValue = (r: PromiseSettledResult<UserStatus>) => (r.status === 'fulfilled' ? r.value : null);

let running: Promise<void> | null = null;

/** Settles a `checking` hand-off (once, however often it is called while it runs). */
export function checkHandoff(): Promise<void> {
  running ??= resolveHandoff().finally(() => {
    running = null;
  });
  return running;
}

async function resolveHandoff() {
  const pending = state;
  if (pending?.stage !== 'checking') return;
  const { linkToken } = pending;
  const current = getSession();
  if (!current?.token) {
    replaceSession({ token: linkToken });
    setPendingHandoff(null);
    return;
  }
  const [link, mine] = await Promise.allSettled([
    fetchUserStatusWithToken(linkToken),
    fetchUserStatusWithToken(current.token),
  ]);
  const linkStatus = settledValue(link);
  const myStatus = settledValue(mine);
  if (isDead(link)) {
    setPendingHandoff({ stage: 'link_expired' });
  } else if (isDead(mine)) {
    // The stored session had already ended: no live session to protect, as if none were stored.
    replaceSession({ token: linkToken, mobile: linkStatus?.mobile_masked });
    setPendingHandoff(null);
  } else if (linkStatus && myStatus && linkStatus.suid === myStatus.suid) {
    // The same person signed in again in the host app: nothing to ask, the host app's token wins.
    saveSession({ token: linkToken });
    setPendingHandoff(null);
  } else {
    setPendingHandoff({
      stage: 'ask',
      linkToken,
      currentMobile: myStatus?.mobile_masked || current.mobile || '',
      linkMobile: linkStatus?.mobile_masked ?? '',
    });
  }
}

/** "Continue as the current number": the link's token is forgotten (it is the host app's to revoke). */
export function keepCurrentSession() {
  if (state?.stage === 'ask') setPendingHandoff(null);
}

/**
 * "Switch to the link's number": everything of the previous person goes (spec §4 full logout,
 * locally); the previous token is not revoked on the server, it is simply no longer held here.
 */
export function switchToLinkSession() {
  if (state?.stage !== 'ask') return;
  const { linkToken, linkMobile } = state;
  clearAllStored();
  replaceSession({ token: linkToken, mobile: linkMobile });
  setPendingHandoff(null);
}
