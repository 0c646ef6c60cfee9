import type { UserStatus } from '@hk/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderAt, setupI18n } from '../test-utils';
import ProgressPage from './progress-page';

// The identity step confirmed, the address step next (the status response of issue #5).
const status = (info_progress: number, stages_done: string[]) =>
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
    next_step: 'address',
    steps: [
      { step: 'identity', confirmed: true, reopened_reason: null },
      { step: 'address', confirmed: false, reopened_reason: null },
    ],
    mobile_masked: '5123****',
  });

beforeEach(() => setupI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('progress page', () => {
  it('shows the six stages, the completed percentage, what is not online yet and the phone', async () => {
    fakeServer({
      '/v9/OpenAccountHk/status': status(10, ['id']),
      '/app/index/getIpInfo': ok({ tel: '+85223456789', tel_hk: '+85223456789', service_hours: '' }),
    });
    renderAt('/userinfo/progress', <ProgressPage />);
    expect(await screen.findByRole('heading', { name: 'Account-opening progress' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    expect(screen.getByText('Completed 10%')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '✓Identity10%Done',
      '2Account type30%Not started',
      '3Personal information50%Not started',
      '4Risk disclosure60%Not started',
      '5Bank card verification90%Not started',
      '6Signature100%Not started',
    ]);
    expect(screen.getByText(/not yet available online/)).toBeTruthy();
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
});
