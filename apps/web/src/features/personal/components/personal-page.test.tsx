import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import {
  type Body,
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import PersonalPage from './personal-page';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(async () => {}),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.mocked(showToast).mockClear();
});

const PATH = '/userinfo/personal';
const MAIL = '/v9/OpenAccountHk/mailCheck';
const VERIFIED = 'Email verified. If you change it, you will need to verify the new address.';

/** A server whose mailCheck sends code 123456 and accepts only it; every call is recorded. */
function server(info = makeStepInfo('personal', { version: 2 }), opts: { failSend?: boolean } = {}) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('personal')),
    '/v9/OpenAccountHk/step_info/personal': ok(info),
    '/v9/OpenAccountHk/step/personal': (body: Body) =>
      ok(
        makeSaveResult('personal', {
          version: 3,
          confirmed: body.confirm === true,
          next_step: body.confirm === true ? 'employment' : null,
        }),
      ),
    [MAIL]: (body: Body) => {
      const email = String(body.email).trim().toLowerCase();
      if (body.action === 'send')
        return opts.failSend
          ? fail(1002, 'x', {
              email: 'The email could not be sent. Please check the address or try again later.',
            })
          : ok({ action: 'send', email, verified: false, expires_in: 300, resend_in: 60 });
      if (body.action === 'status') return ok({ action: 'status', email, verified: email === 'kept@b.co' });
      return body.code === '123456'
        ? ok({ action: 'verify', email, verified: true })
        : fail(1002, 'x', { code: 'The code is wrong. Please check the email and try again.' });
    },
  });
}

async function fillChoices() {
  fireEvent.change(await screen.findByLabelText('Education level'), { target: { value: 'undergraduate' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Married' }));
  fireEvent.change(screen.getByLabelText('Residential property'), { target: { value: 'rented' } });
}

describe('the personal step screen', () => {
  it('offers the spec §3 lists as pickers, in the language chosen', async () => {
    await setupStepI18n('zh-HK');
    server();
    renderStep(PATH, <PersonalPage />);
    const education = (await screen.findByLabelText('教育程度')) as HTMLSelectElement;
    expect([...education.options].map((o) => o.value)).toEqual([
      '',
      'postgraduate',
      'undergraduate',
      'diploma',
      'secondary',
      'primary_or_below',
    ]);
    const property = screen.getByLabelText('住宅物業類型') as HTMLSelectElement;
    expect([...property.options].map((o) => o.textContent)).toContain('與父母同住');
    expect(screen.getByRole('radio', { name: '未婚' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeTruthy();
  });

  it('sends a code (60 s countdown), verifies it, then confirms with the verified email', {
    timeout: 20000,
  }, async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <PersonalPage />);
    await fillChoices();
    const send = screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true); // no valid address yet
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Chan@Example.com ' } });
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    expect(
      await screen.findByText('A code was sent to chan@example.com. It is valid for 5 minutes.'),
    ).toBeTruthy();
    expect(s.calls.filter((c) => c.path === MAIL).map((c) => c.body)).toEqual([
      expect.objectContaining({ action: 'send', email: 'chan@example.com' }),
    ]);
    const countdown = screen.getByRole('button', { name: /^(60|59) s$/ }) as HTMLButtonElement;
    expect(countdown.disabled).toBe(true);

    // a wrong code: the server's message at the code field
    fireEvent.change(screen.getByLabelText('Email code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong. Please check the email and try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send|s$/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/employment');
    expect(s.saves('personal').filter((b) => b.confirm === true)).toEqual([
      expect.objectContaining({
        step_version: 2,
        answers: {
          education: 'undergraduate',
          marital_status: 'married',
          residential_property: 'rented',
          email: 'chan@example.com',
        },
      }),
    ]);
  });

  it('refuses to confirm an email that is not verified, and a changed email must be verified again', async () => {
    await setupStepI18n('en');
    const s = server(
      makeStepInfo('personal', {
        version: 4,
        confirmed_at: '2026-11-25T10:00:00Z',
        answers: {
          education: 'diploma',
          marital_status: 'single',
          residential_property: 'rented',
          email: 'a@b.co',
        },
      }),
    );
    renderStep(PATH, <PersonalPage />, '?state=edit');
    // the confirmed step's email was verified
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@b.co' } });
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(screen.queryByText(VERIFIED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    expect(
      await screen.findByText('Please verify this email address with the code we send to it.'),
    ).toBeTruthy();
    expect(s.saves('personal').filter((b) => b.confirm === true)).toEqual([]);
    // back to the verified address: verified again without a new code
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'A@B.co' } });
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
  });

  it("shows a draft's email verified before a reload as verified, asking the server and mailing nothing", async () => {
    await setupStepI18n('en');
    const s = server(makeStepInfo('personal', { version: 3, answers: { email: 'kept@b.co' } }));
    renderStep(PATH, <PersonalPage />);
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    const mailCalls = s.calls.filter((c) => c.path === MAIL).map((c) => c.body.action);
    expect(mailCalls).toEqual(['status']);
    cleanup();
    // an unverified draft address stays unverified: the person sends a code
    const other = server(makeStepInfo('personal', { version: 3, answers: { email: 'new@b.co' } }));
    renderStep(PATH, <PersonalPage />);
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeTruthy();
    await waitFor(() => expect(other.calls.filter((c) => c.path === MAIL)).toHaveLength(1));
    expect(screen.queryByText(VERIFIED)).toBeNull();
  });

  it('names each missing choice at its field', async () => {
    await setupStepI18n('zh-CN');
    server();
    renderStep(PATH, <PersonalPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining(['请选择教育程度', '请选择婚姻状况', '请选择住宅物业类型', '请输入电子邮箱']),
    );
  });

  it('a send the server refuses is said at the email field', async () => {
    await setupStepI18n('en');
    server(undefined, { failSend: true });
    renderStep(PATH, <PersonalPage />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'x@y.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('The email could not be sent. Please check the address or try again later.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Email code')).toBeNull();
  });
});
