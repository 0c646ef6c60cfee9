import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { usePageFlags } from '../../lib/page-flags';
import { showToast } from '../../lib/toast';
import type { StepInfo } from '../api/step-api';
import { useStepForm } from '../lib/use-step-form';
import {
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../test-utils';
import { ChoiceField, StepForm, StepSubmit, TextField } from './fields';
import { StepPage } from './step-page';

vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/toast')>()),
  showToast: vi.fn(async () => {}),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

interface Values {
  position: string;
  status: string;
}
const schema = z.object({
  position: z.string().check(z.trim(), z.minLength(1, 'position_required')),
  status: z.enum(['employed', 'student'], { error: 'employment_status_required' }),
});

function Form({ info }: { info: StepInfo }) {
  const { state } = usePageFlags();
  const { form, onSubmit, submitting, formError } = useStepForm<Values>({
    step: 'employment',
    info,
    schema,
    toValues: (i) => ({ position: String(i.answers.position ?? ''), status: String(i.answers.status ?? '') }),
  });
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <ChoiceField
        control={form.control}
        name="status"
        label="Status"
        options={[
          { value: 'employed', label: 'Employed' },
          { value: 'student', label: 'Student' },
        ]}
      />
      {/* a screen that reacts to a choice re-renders the hook's owner on that change */}
      {form.watch('status') === 'student' ? <p>Students skip the job</p> : null}
      <TextField register={form.register} name="position" label="Position" />
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

const Page = () => (
  <StepPage step="employment" title="Employment">
    {(info) => <Form info={info} />}
  </StepPage>
);
const PATH = '/userinfo/employment';

/** A response whose body arrives after 1.2 s (longer than the draft's 0.8 s delay). */
function slowResponse(json: unknown) {
  const body = new ReadableStream({
    start(c) {
      setTimeout(() => {
        c.enqueue(new TextEncoder().encode(JSON.stringify(json)));
        c.close();
      }, 1200);
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}

describe('step kit', () => {
  it('shows the saved answers, saves a draft while typing with the version it was built from', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': ok(
        makeStepInfo('employment', { version: 3, answers: { status: 'employed', position: 'Cl' } }),
      ),
      '/v9/OpenAccountHk/step/employment': ok(makeSaveResult('employment', { version: 4, confirmed: false })),
    });
    renderStep(PATH, <Page />);
    const input = await screen.findByLabelText('Position');
    expect((input as HTMLInputElement).value).toBe('Cl');
    expect(screen.getByText('Step 3 of 6: Personal information')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Clerk' } });
    await waitFor(() => expect(server.saves('employment')).toHaveLength(1), { timeout: 3000 });
    expect(server.saves('employment')[0]).toMatchObject({
      confirm: false,
      step_version: 3,
      answers: { status: 'employed', position: 'Clerk' },
    });
    // the next save names the version this draft got back
    fireEvent.change(input, { target: { value: 'Clerk II' } });
    await waitFor(() => expect(server.saves('employment')).toHaveLength(2), { timeout: 3000 });
    expect(server.saves('employment')[1]).toMatchObject({ step_version: 4 });
  });

  it('focuses a choice in error like any field: the first invalid field takes the focus (issue #16)', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment', { version: 1 })),
      '/v9/OpenAccountHk/step/employment': ok(makeSaveResult('employment', { version: 2 })),
    });
    renderStep(PATH, <Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    // both fields are invalid; the choice comes first, so its first radio has the focus, not Position
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Employed' })));
    const group = screen.getByRole('group', { name: 'Status' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.getAttribute('role')).toBe(
      'alert',
    );
    // the focused radio itself is invalid and described by the error, so the error is heard there
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-invalid')).toBe('true');
    expect(focused.getAttribute('aria-describedby')).toBe(group.getAttribute('aria-describedby'));
    // once chosen, the chosen radio is the one focused (where the arrow keys start)
    fireEvent.click(screen.getByRole('radio', { name: 'Student' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Position')));
  });

  it('checks with the schema, shows the server field errors in place, then goes to the next step', async () => {
    await setupStepI18n('zh-CN');
    let calls = 0;
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment', { version: 1 })),
      '/v9/OpenAccountHk/step/employment': (body: Record<string, unknown>) => {
        if ((body as { confirm?: boolean }).confirm !== true)
          return ok(makeSaveResult('employment', { version: 2 }));
        calls++;
        return calls === 1
          ? fail(1002, '请检查', { position: '服务器说职位不对' })
          : ok(makeSaveResult('employment', { version: 3, next_step: 'financial' }));
      },
    });
    renderStep(PATH, <Page />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    // the domain schema's keys, translated (flow messages in `errors`)
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain('请选择就业状况');
    fireEvent.click(screen.getByRole('radio', { name: 'Employed' }));
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Clerk' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('服务器说职位不对')).toBeTruthy();
    expect((screen.getByLabelText('Position') as HTMLInputElement).value).toBe('Clerk');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/financial');
    const confirms = server.saves('employment').filter((b) => b.confirm === true);
    expect(confirms.at(-1)).toMatchObject({ answers: { status: 'employed', position: 'Clerk' } });
  });

  it('on a version conflict reloads the step, keeps what was typed, and names the new version', async () => {
    await setupStepI18n('en');
    let infoCalls = 0;
    let confirms = 0;
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': () =>
        ok(
          makeStepInfo('employment', {
            version: ++infoCalls === 1 ? 1 : 5,
            confirmed_at: '2026-11-25T10:00:00Z',
          }),
        ),
      '/v9/OpenAccountHk/step/employment': () =>
        ++confirms === 1
          ? fail(2007, 'saved elsewhere')
          : ok(makeSaveResult('employment', { version: 6, next_step: 'review' })),
    });
    renderStep(PATH, <Page />, '?state=edit');
    expect(await screen.findByRole('button', { name: 'Confirm modification' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Student' }));
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'None' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect((screen.getByLabelText('Position') as HTMLInputElement).value).toBe('None');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    // an edit that leaves nothing else open goes back to the review, without the flag
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/review');
    expect(server.saves('employment').map((b) => b.step_version)).toEqual([1, 5]);
  });

  it('a change pressed through before its draft was saved: confirmed once, no draft after it', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': ok(
        makeStepInfo('employment', { version: 3, answers: { status: 'employed', position: 'Cl' } }),
      ),
      // the confirmation's answer takes longer than the draft's delay
      '/v9/OpenAccountHk/step/employment': (body: { confirm?: boolean }) =>
        body.confirm
          ? slowResponse(
              ok(makeSaveResult('employment', { version: 4, confirmed: true, next_step: 'financial' })),
            )
          : ok(makeSaveResult('employment', { version: 5, confirmed: false })),
    });
    renderStep(PATH, <Page />);
    fireEvent.change(await screen.findByLabelText('Position'), { target: { value: 'Clerk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/financial'));
    await new Promise((r) => setTimeout(r, 300));
    expect(server.saves('employment')).toEqual([
      expect.objectContaining({ confirm: true, answers: { status: 'employed', position: 'Clerk' } }),
    ]);
  });

  it('saves a draft after a choice, although the choice re-renders the form', async () => {
    await setupStepI18n('en');
    const server = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('employment')),
      '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment', { version: 2 })),
      '/v9/OpenAccountHk/step/employment': ok(makeSaveResult('employment', { version: 3, confirmed: false })),
    });
    renderStep(PATH, <Page />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Student' }));
    await waitFor(() => expect(server.saves('employment')).toHaveLength(1), { timeout: 3000 });
    expect(server.saves('employment')[0]).toMatchObject({ confirm: false, answers: { status: 'student' } });
  });

  it('when an earlier step is open again (2005), goes there and keeps this step as a draft', async () => {
    await setupStepI18n('en');
    let statusCalls = 0;
    fakeStepServer({
      // first the step is open; after the draft reopened the account type, that comes first
      '/v9/OpenAccountHk/status': () => ok(makeStatus(++statusCalls === 1 ? 'employment' : 'account_type')),
      '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment', { version: 2 })),
      '/v9/OpenAccountHk/step/employment': (body: Record<string, unknown>) =>
        body.confirm === true
          ? fail(2005, 'Please finish the earlier steps first')
          : ok(makeSaveResult('employment', { version: 3, confirmed: false })),
    });
    renderStep(PATH, <Page />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Student' }));
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'None' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/account-type');
    expect(showToast).toHaveBeenCalledWith(
      'Please finish the earlier steps first',
      'warn',
      expect.any(Number),
    );
  });

  it('sends the person to the first unfinished step when this one is not open yet', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('address')),
      '/v9/OpenAccountHk/step_info/employment': ok(makeStepInfo('employment')),
    });
    renderStep(PATH, <Page />, '?title=x');
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/address?title=x');
  });
});
