import { LANGUAGES } from '@hk/domain';
import { ASSET_PROOF_TYPES } from '@hk/domain/steps/account-type/account-rules';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverTodayInHongKong } from '../../../lib/server-today';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import {
  type Body,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import { centsOfTyped, dollarsOfCents } from '../lib/hkd';
import AccountTypePage from './account-type-page';

vi.mock('../../../step-kit/api/upload-document', () => ({ uploadDocument: vi.fn() }));
vi.mock('../../../step-kit/lib/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../step-kit/lib/compress-image')>()),
  compressImage: async (file: File) => file,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(uploadDocument).mockReset();
});

const PATH = '/userinfo/account-type';

/** A server that keeps the account type's answers, version and documents as the real one does. */
function accountTypeServer(others: { birth_date?: string; employment?: Body; investment?: Body }) {
  const step = { version: 0, answers: {} as Body, documents: [] as Record<string, unknown>[] };
  const server = fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('account_type')),
    '/v9/OpenAccountHk/step_info/account_type': () =>
      ok(
        makeStepInfo('account_type', {
          version: step.version,
          answers: step.answers,
          documents: step.documents as never,
        }),
      ),
    '/v9/OpenAccountHk/step_info/identity': ok(
      makeStepInfo('identity', { version: 3, answers: { birth_date: others.birth_date ?? '1990-05-05' } }),
    ),
    '/v9/OpenAccountHk/step_info/employment': ok(
      makeStepInfo('employment', others.employment ? { version: 1, answers: others.employment } : {}),
    ),
    '/v9/OpenAccountHk/step_info/investment': ok(
      makeStepInfo('investment', others.investment ? { version: 1, answers: others.investment } : {}),
    ),
    '/v9/OpenAccountHk/step/account_type': (body: Body) => {
      const b = body as { confirm: boolean; answers: Body; step_version?: number };
      if ((b.step_version ?? 0) !== step.version) return { status: 2007, data: null, info: 'conflict' };
      step.version++;
      step.answers = b.answers;
      return ok(
        makeSaveResult('account_type', {
          version: step.version,
          confirmed: b.confirm,
          next_step: b.confirm ? 'personal' : 'account_type',
        }),
      );
    },
  });
  return { server, step };
}

describe('account type page', () => {
  it('a student choosing margin is told why and switches to cash with one tap (zh-CN)', async () => {
    await setupStepI18n('zh-CN');
    const { server } = accountTypeServer({ employment: { status: 'student' } });
    renderStep(PATH, <AccountTypePage />);
    fireEvent.click(await screen.findByRole('radio', { name: /保证金账户/ }));
    fireEvent.click(screen.getByLabelText('港股'));
    const reason = i18n.t('margin_not_for_students', { ns: 'errors' });
    await waitFor(() => expect(screen.getByRole('note').textContent).toContain(reason));
    // confirming anyway is refused by the same rule, at the choice, before anything is sent
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(reason);
    expect(server.saves('account_type').filter((b) => b.confirm)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '改为现金账户' }));
    expect((screen.getByRole('radio', { name: /现金账户/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/personal');
    expect(server.saves('account_type').find((b) => b.confirm)!.answers).toEqual({
      securities: 'cash',
      markets: ['HK'],
      futures: false,
    });
  });

  it('67 with margin: the asset proof (type, HKD amount, date, images) or the switch to cash (en)', {
    timeout: 20_000,
  }, async () => {
    await setupStepI18n('en');
    const today = serverTodayInHongKong();
    const born = `${Number(today.slice(0, 4)) - 67}-01-01`;
    const { server, step } = accountTypeServer({ birth_date: born, employment: { status: 'retired' } });
    vi.mocked(uploadDocument).mockImplementation(async (kind) => {
      const doc = {
        document_id: `d${step.documents.length + 1}`,
        kind,
        mime: 'image/jpeg',
        width: 1000,
        height: 1400,
        size: 120_000,
        uploaded_at: '2026-11-26T00:00:00Z',
      };
      step.documents.push(doc);
      step.version++; // an upload is a change of the step
      return doc as never;
    });
    renderStep(PATH, <AccountTypePage />);
    expect(screen.queryByRole('region', { name: 'Proof of assets or income' })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: /Margin account/ }));
    const section = await screen.findByRole('region', { name: 'Proof of assets or income' });
    expect(section.textContent).toContain(i18n.t('margin_needs_asset_proof', { ns: 'errors' }));
    expect(screen.getByRole('button', { name: 'Switch to a cash account' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hong Kong stocks'));
    fireEvent.click(screen.getByLabelText('US stocks'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(
      i18n.t('margin_needs_asset_proof', { ns: 'errors' }),
    );

    fireEvent.change(screen.getByLabelText('Kind of proof'), { target: { value: 'bank_statement' } });
    fireEvent.change(screen.getByLabelText('Amount shown (HKD)'), { target: { value: '500,000' } });
    fireEvent.change(screen.getByLabelText('Date of the proof'), { target: { value: today } });
    // the image goes through the ID step's pipeline; what was typed is saved first
    const file = new File([new Uint8Array(2000)], 'proof.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Choose the proof from the album'), { target: { files: [file] } });
    await waitFor(() =>
      expect(uploadDocument).toHaveBeenCalledWith('asset_proof', file, expect.any(Function)),
    );
    expect(await screen.findByRole('figure', { name: 'Image 1' })).toBeTruthy();
    expect(server.saves('account_type')[0]).toMatchObject({
      confirm: false,
      answers: {
        securities: 'margin',
        asset_proof_type: 'bank_statement',
        asset_proof_amount_cents: 50_000_000,
      },
    });
    // the form starts again from the saved step with what was typed carried over, as it was typed
    expect((screen.getByLabelText('Amount shown (HKD)') as HTMLInputElement).value).toBe('500,000');
    // HKD 500,000 is not MORE than 500,000 (spec §5)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(i18n.t('asset_proof_too_low', { ns: 'errors' }))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount shown (HKD)'), { target: { value: '600,000.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/personal');
    expect(server.saves('account_type').find((b) => b.confirm)).toMatchObject({
      step_version: step.version - 1,
      answers: {
        securities: 'margin',
        markets: ['HK', 'US'],
        futures: false,
        asset_proof_type: 'bank_statement',
        asset_proof_amount_cents: 60_000_050,
        asset_proof_issued_on: today,
      },
    });
  });

  it('futures without derivatives knowledge (investment step answered) is offered to be dropped (zh-HK)', async () => {
    await setupStepI18n('zh-HK');
    const { server } = accountTypeServer({ investment: { derivatives_knowledge: [] } });
    renderStep(PATH, <AccountTypePage />);
    fireEvent.click(await screen.findByRole('radio', { name: /現金賬戶/ }));
    fireEvent.click(screen.getByLabelText('美股'));
    const futures = screen.getByLabelText('同時開立期貨賬戶（可選）') as HTMLInputElement;
    fireEvent.click(futures);
    const reason = i18n.t('futures_needs_derivatives_knowledge', { ns: 'errors' });
    await waitFor(() => expect(screen.getByRole('note').textContent).toContain(reason));
    fireEvent.click(screen.getByRole('button', { name: '不開立期貨賬戶，繼續' }));
    expect(futures.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/personal');
    expect(server.saves('account_type').find((b) => b.confirm)!.answers).toEqual({
      securities: 'cash',
      markets: ['US'],
      futures: false,
    });
  });

  it('HKD typed as dollars is sent in cents; every proof kind is named in every language', async () => {
    expect(centsOfTyped('600,000')).toBe(60_000_000);
    expect(centsOfTyped(' 500000.5 ')).toBe(50_000_050);
    expect(centsOfTyped('')).toBeUndefined();
    expect(centsOfTyped('12abc')).toBe('12abc');
    expect(centsOfTyped('1.234')).toBe('1.234');
    expect(dollarsOfCents(60_000_050)).toBe('600000.5');
    expect(dollarsOfCents(60_000_001)).toBe('600000.01');
    await setupStepI18n('en');
    for (const lng of LANGUAGES)
      for (const v of ASSET_PROOF_TYPES)
        expect(i18n.exists(`asset_proof_type_${v}`, { ns: 'account_type', lng }), `${lng} ${v}`).toBe(true);
  });
});
