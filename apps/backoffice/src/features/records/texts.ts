import { ApplicationStatus } from '@hk/domain';
import { RETENTION_BASES, type RetentionBasis } from '@hk/domain/opening/retention';

// Keys of the `records` namespace chosen at run time (the locales test checks each exists).

const STATUS_KEYS = {
  [ApplicationStatus.DECLINED]: 'status_declined',
  [ApplicationStatus.REJECTED]: 'status_rejected',
  [ApplicationStatus.FILLING]: 'status_filling',
  [ApplicationStatus.SUBMITTED]: 'status_submitted',
  [ApplicationStatus.APPROVED]: 'status_approved',
  [ApplicationStatus.ACTIVATED]: 'status_activated',
  [ApplicationStatus.OPENED]: 'status_opened',
} as const satisfies Record<ApplicationStatus, string>;

export function statusKey(status: number): string {
  return (STATUS_KEYS as Record<number, string>)[status] ?? 'status_unknown';
}

export function basisKey(basis: RetentionBasis): string {
  return `basis_${basis}`;
}

export const RECORDS_RUNTIME_KEYS: readonly string[] = [
  ...Object.values(STATUS_KEYS),
  'status_unknown',
  ...RETENTION_BASES.map(basisKey),
];
