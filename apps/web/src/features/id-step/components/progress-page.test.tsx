import type { UserStatus } from '@hk/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderAt, setupI18n } from '../test-utils';
import ProgressPage from './progress-page';

// The identity step confirmed, the address step next (the status response of issue #5).
const status = (
  info_progress: number,
  stages_done: string[],
  next_step: UserStatus['next_step'] = 'address',
  steps: UserStatus['steps'] = [
    { step: 'identity', confirmed: true, reopened_reason: null },
    { step: 'address', confirmed: false, reopened_reason: null },
  ],
) =>
  ok<UserStatus>({
    suid: 'u1',
    is_marketing: 0,
    is_show_open_cs_qrcode: 0,
    status: 0,
    bank_type: 0,
    bank_audit: 0,
    info_progress,
    progress: 'opening',
    stages_done,
    next_step,
    steps,
    mobile_masked: '5123****',
  });

beforeEach(() => setupI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('progress page', () => {
  it('shows the six stages, the completed percentage, what happens next and the phone', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': status(10, ['id']),
      '/app/index/getIpInfo': ok({ tel: '+85223456789', tel_hk: '+85223456789', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    expect(await screen.findByRole('heading', { name: 'Account-opening progress' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    expect(screen.getByText('Completed 10%')).toBeTruthy();
    const stages = screen.getAllByRole('list')[0]!;
    const items = within(stages)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '✓Identity10%Done',
      '2Account type30%Not started',
      '3Personal information50%Not started',
      '4Risk disclosure60%Not started',
      '5Bank card verification90%Not started',
      '6Signature100%Not started',
    ]);
    expect(screen.getByText(/Continue with the steps above/)).toBeTruthy();
    expect(screen.getByText('Hours: Monday to Friday 9:00–18:00')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '+85223456789' })).getAttribute('href')).toBe(
      'tel:+85223456789',
    );
  });

  it('opens the details in edit mode', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': status(10, ['id']),
      '/app/index/getIpInfo': ok({ tel: '1', tel_hk: '1', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Review or edit ID details' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/id/details?state=edit');
  });

  it('lists the first part of the flow: continue with the next step, review a finished one', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': status(30, ['id', 'account_type'], 'personal', [
        { step: 'identity', confirmed: true, reopened_reason: null },
        { step: 'address', confirmed: true, reopened_reason: null },
        { step: 'account_type', confirmed: true, reopened_reason: null },
        { step: 'personal', confirmed: false, reopened_reason: null },
        { step: 'employment', confirmed: false, reopened_reason: null },
      ]),
      '/app/index/getIpInfo': ok({ tel: '1', tel_hk: '1', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    const steps = (await screen.findAllByRole('list'))[1]!;
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'AddressDoneReview or edit',
      'Account typeDoneReview or edit',
      'Personal detailsNot started',
      'EmploymentNot started',
    ]);
    fireEvent.click(within(steps).getAllByRole('button', { name: 'Review or edit' })[1]!);
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/account-type?state=edit');
  });

  it('continues with the next step, the second part of the flow included, and says what follows submission', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': status(10, ['id']),
      '/app/index/getIpInfo': ok({ tel: '1', tel_hk: '1', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue: Address' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/address');
    cleanup();
    fakeServer({
      '/v9/OpenAccountHk/status': status(50, ['id', 'account_type', 'personal_info'], 'risk_disclosure', [
        { step: 'identity', confirmed: true, reopened_reason: null },
        { step: 'investment', confirmed: true, reopened_reason: null },
      ]),
      '/app/index/getIpInfo': ok({ tel: '1', tel_hk: '1', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue: Risk disclosure' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/risk-disclosure');
    cleanup();
    fakeServer({
      '/v9/OpenAccountHk/status': status(100, ['id', 'account_type', 'personal_info'], null, [
        { step: 'identity', confirmed: true, reopened_reason: null },
        { step: 'signature', confirmed: true, reopened_reason: null },
        { step: 'review', confirmed: true, reopened_reason: null },
      ]),
      '/app/index/getIpInfo': ok({ tel: '1', tel_hk: '1', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    expect(await screen.findByText(/review your application and submit it/)).toBeTruthy();
    const steps = (await screen.findAllByRole('list'))[1]!;
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Agreements and signatureDoneReview or edit', 'Review and submitDoneReview or edit']);
    expect(screen.queryByText(/Continue with the steps above/)).toBeNull();
  });
});
