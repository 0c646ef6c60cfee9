import { describe, expect, test } from 'vitest';
import { ApplicationStatus } from '../progress';
import { checkIsDepositStatus, decideRemittance, depositScreenFor, type RemittanceFacts } from './remittance';

const approved = (f: Partial<RemittanceFacts> = {}): RemittanceFacts => ({
  status: ApplicationStatus.APPROVED,
  state: 'open',
  hasVoucher: false,
  hasVoucherSinceRequest: false,
  ...f,
});

describe('remittance rules', () => {
  test('the deposit exists from approval on', () => {
    expect([-2, -1, 0, 1, 2, 3, 4, 5].filter(checkIsDepositStatus)).toEqual([2, 3, 5]);
  });

  test('a voucher while open or asked again, not once paid or matched', () => {
    expect(decideRemittance('upload_voucher', approved())).toEqual({ kind: 'change', to: 'open' });
    expect(decideRemittance('upload_voucher', approved({ state: 'voucher_requested' }))).toEqual({
      kind: 'change',
      to: 'voucher_requested',
    });
    expect(decideRemittance('upload_voucher', approved({ state: 'paid', hasVoucher: true }))).toEqual({
      kind: 'refused',
      code: 'REMITTANCE_ALREADY_PAID',
    });
    expect(decideRemittance('upload_voucher', approved({ state: 'matched' }))).toEqual({
      kind: 'refused',
      code: 'REMITTANCE_MATCHED',
    });
  });

  test('"I have paid" needs a voucher; after a request, a new one; twice is once', () => {
    expect(decideRemittance('finish', approved())).toEqual({
      kind: 'refused',
      code: 'REMITTANCE_VOUCHER_MISSING',
    });
    expect(decideRemittance('finish', approved({ hasVoucher: true }))).toEqual({
      kind: 'change',
      to: 'paid',
    });
    expect(decideRemittance('finish', approved({ state: 'voucher_requested', hasVoucher: true }))).toEqual({
      kind: 'refused',
      code: 'REMITTANCE_VOUCHER_MISSING',
    });
    expect(
      decideRemittance(
        'finish',
        approved({ state: 'voucher_requested', hasVoucher: true, hasVoucherSinceRequest: true }),
      ),
    ).toEqual({ kind: 'change', to: 'paid' });
    expect(decideRemittance('finish', approved({ state: 'paid', hasVoucher: true }))).toEqual({
      kind: 'unchanged',
    });
  });

  test('reset takes "paid" back to open, changes nothing elsewhere, never after the match', () => {
    expect(decideRemittance('reset', approved({ state: 'paid', hasVoucher: true }))).toEqual({
      kind: 'change',
      to: 'open',
    });
    expect(decideRemittance('reset', approved())).toEqual({ kind: 'unchanged' });
    expect(decideRemittance('reset', approved({ state: 'voucher_requested' }))).toEqual({
      kind: 'unchanged',
    });
    expect(decideRemittance('reset', approved({ state: 'matched' }))).toEqual({
      kind: 'refused',
      code: 'REMITTANCE_MATCHED',
    });
  });

  test('other statuses: not available before approval, matched after activation', () => {
    for (const status of [-2, -1, 0, 1])
      for (const action of ['upload_voucher', 'finish', 'reset'] as const)
        expect(decideRemittance(action, approved({ status }))).toEqual({
          kind: 'refused',
          code: 'DEPOSIT_NOT_AVAILABLE',
        });
    for (const status of [3, 5])
      expect(decideRemittance('finish', approved({ status, state: 'paid' }))).toEqual({
        kind: 'refused',
        code: 'REMITTANCE_MATCHED',
      });
  });

  test('the screen of each state while approved', () => {
    expect(depositScreenFor('open')).toBe('remitUpload');
    expect(depositScreenFor('voucher_requested')).toBe('remitUploadAgain');
    expect(depositScreenFor('paid')).toBe('remitted');
    expect(depositScreenFor('matched')).toBe('remitted');
  });
});
