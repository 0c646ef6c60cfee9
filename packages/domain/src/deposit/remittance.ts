// The applicant's side of the identity deposit (issue #15; spec §4, §5): which application statuses
// show the deposit, and what each remittance state lets the applicant do. One place for the API
// (which enforces it) and the screens (which offer only what it allows).
import { ApplicationStatus } from '../progress';

/** `remittances.state`: open → paid → matched; operations may send paid (or open) back to voucher_requested. */
export const REMITTANCE_STATES = ['open', 'paid', 'voucher_requested', 'matched'] as const;
export type RemittanceState = (typeof REMITTANCE_STATES)[number];

/**
 * spec §4: approved (2) shows how to pay, activated (3) and opened (5) what was paid and what
 * follows. Any other status has no deposit to show.
 */
export const DEPOSIT_STATUSES: readonly number[] = [
  ApplicationStatus.APPROVED,
  ApplicationStatus.ACTIVATED,
  ApplicationStatus.OPENED,
];

export function checkIsDepositStatus(status: number): boolean {
  return DEPOSIT_STATUSES.includes(status);
}

export type RemittanceAction = 'upload_voucher' | 'finish' | 'reset';

/**
 * Issue #12 item 8 (every call that writes history has a budget): "I have paid" and taking it back
 * write an event each; 20 an hour per application is several times what a person needs (a wrong
 * voucher found twice), and stops a client filling the history. Past it: 2019 ACTION_LIMIT. The
 * voucher itself spends the upload budget.
 */
export const REMITTANCE_CHANGES_PER_HOUR = 20;

/** Error code names of the refusals (packages/domain/src/errors.ts, 2101–2129). */
export type RemittanceRefusal =
  | 'DEPOSIT_NOT_AVAILABLE'
  | 'REMITTANCE_VOUCHER_MISSING'
  | 'REMITTANCE_ALREADY_PAID'
  | 'REMITTANCE_MATCHED';

export type RemittanceDecision =
  | { kind: 'change'; to: RemittanceState }
  /** Nothing to do: the call was made before (a double tap, a retry); it answers the state. */
  | { kind: 'unchanged' }
  | { kind: 'refused'; code: RemittanceRefusal };

export interface RemittanceFacts {
  status: number;
  state: RemittanceState;
  /** A voucher is on file. */
  hasVoucher: boolean;
  /** When state is voucher_requested: a voucher was uploaded after operations asked. */
  hasVoucherSinceRequest: boolean;
}

/**
 * What `action` does from here:
 * - the voucher may be (re)placed while the deposit is open or a clearer one was asked for; once
 *   the applicant said "I have paid" they go back first (`reset`), so that operations never look
 *   at a voucher that changed under them;
 * - "I have paid" needs a voucher on file, and after a request from operations a new one;
 *   said twice it changes nothing;
 * - `reset` takes "I have paid" back (paid → open) while nothing is matched; elsewhere it
 *   changes nothing;
 * - once matched (or the application activated or opened) nothing changes any more.
 */
export function decideRemittance(action: RemittanceAction, facts: RemittanceFacts): RemittanceDecision {
  if (facts.status !== ApplicationStatus.APPROVED || facts.state === 'matched') {
    const done = facts.state === 'matched' || checkIsDepositStatus(facts.status);
    return { kind: 'refused', code: done ? 'REMITTANCE_MATCHED' : 'DEPOSIT_NOT_AVAILABLE' };
  }
  switch (action) {
    case 'upload_voucher':
      return facts.state === 'paid'
        ? { kind: 'refused', code: 'REMITTANCE_ALREADY_PAID' }
        : { kind: 'change', to: facts.state };
    case 'finish':
      if (facts.state === 'paid') return { kind: 'unchanged' };
      if (!facts.hasVoucher) return { kind: 'refused', code: 'REMITTANCE_VOUCHER_MISSING' };
      if (facts.state === 'voucher_requested' && !facts.hasVoucherSinceRequest)
        return { kind: 'refused', code: 'REMITTANCE_VOUCHER_MISSING' };
      return { kind: 'change', to: 'paid' };
    case 'reset':
      return facts.state === 'paid' ? { kind: 'change', to: 'open' } : { kind: 'unchanged' };
  }
}

/**
 * The deposit screen for a remittance state while approved (spec §2 routes): upload (open),
 * upload again with the reason (voucher_requested), waiting for the match (paid). The route
 * names are the web's (`remitUpload`…); the status itself routes by `routeForStatus`.
 */
export function depositScreenFor(state: RemittanceState): 'remitUpload' | 'remitUploadAgain' | 'remitted' {
  if (state === 'voucher_requested') return 'remitUploadAgain';
  if (state === 'open') return 'remitUpload';
  return 'remitted';
}
