import { ErrorCode } from '@hk/domain';
import { ApiError } from '../../../lib/api-client';

/** spec §4 duplicate-account cases: the ID or the mobile is already tied to another account. */
export function checkIsDuplicateAccountError(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    (err.status === ErrorCode.ID_USED_BY_OTHER_MOBILE || err.status === ErrorCode.MOBILE_USED_WITH_OTHER_ID)
  );
}

/**
 * The step was saved elsewhere (another device, another tab) after this screen loaded it: the
 * server kept that save and refused this one (2007, issue #5 §2 optimistic concurrency).
 */
export function checkIsStepVersionConflict(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === ErrorCode.STEP_VERSION_CONFLICT;
}

/** The message to show for a failed call: the server's translated `info`, else the fallback. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
