import type { DocumentInfo } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadDocument } from '../../id-step/api/upload-document';
import {
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../steps/test-utils';
import AddressPage from './address-page';

vi.mock('../../id-step/api/upload-document', () => ({ uploadDocument: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(uploadDocument).mockReset();
});

const PATH = '/userinfo/address';
const LOAD = { timeout: 5000 };

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
}

function doc(extra: Partial<DocumentInfo> = {}): DocumentInfo {
  return {
    document_id: '00000000-0000-4000-8000-000000000001',
    kind: 'address_proof',
    mime: 'image/jpeg',
    width: 800,
    height: 500,
    size: 40_000,
    uploaded_at: '2026-05-01T00:00:00.000Z',
    ...extra,
  };
}
const PDF = doc({
  document_id: '00000000-0000-4000-8000-0000000000aa',
  mime: 'application/pdf',
  width: 0,
  height: 0,
  size: 120_000,
});

const CN_ANSWERS = {
  region: 'CN',
  province_code: '440000',
  city_code: '440300',
  county_code: '440305',
  detail: '科技园南区 1 栋',
  correspondence_same: true,
  proof_type: 'utility_bill',
  proof_issued_on: today(),
  proof_confirmed: true,
};

function server(
  info: Parameters<typeof makeStepInfo>[1],
  onSave?: (body: Record<string, unknown>) => unknown,
) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('address')),
    '/v9/OpenAccountHk/step_info/address': ok(makeStepInfo('address', { version: 2, ...info })),
    '/v9/OpenAccountHk/step/address': (body: Record<string, unknown>) =>
      onSave?.(body) ?? ok(makeSaveResult('address', { version: 3, confirmed: false })),
    '/v9/OpenAccountHk/file/00000000-0000-4000-8000-000000000001': new Response(new Blob(['jpeg'])),
  });
}

describe('address page', () => {
  it('spec §5: area empty, address empty, postal invalid, at their fields, in Simplified Chinese; nothing confirmed', async () => {
    await setupStepI18n('zh-CN');
    const s = server({ answers: { region: 'CN', postal_code: '1' }, documents: [doc()] });
    renderStep(PATH, <AddressPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }, LOAD));
    const area = await screen.findByText('请选择地区');
    expect(area.getAttribute('role')).toBe('alert');
    expect(screen.getByText('请填写详细地址')).toBeTruthy();
    expect(screen.getByText('邮政编码不正确，应为 6 位数字')).toBeTruthy();
    // the area picker's button is tied to its message
    const picker = screen.getByRole('button', { name: /省 \/ 市 \/ 区/ });
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(s.saves('address').filter((b) => b.confirm === true)).toHaveLength(0);
  });

  it('the area picker: a full selection is taken as three codes and saved as a draft', async () => {
    await setupStepI18n('zh-CN');
    const s = server({ answers: { region: 'CN' }, documents: [] });
    renderStep(PATH, <AddressPage />);
    fireEvent.click(await screen.findByRole('button', { name: /省 \/ 市 \/ 区/ }, LOAD));
    // the wheel starts on the first entry of each level: 北京市 / 北京市 / 东城区 (its selection
    // reaches the picker a tick later, as after any touch)
    const confirm = await screen.findByText('确定');
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(confirm);
    expect(await screen.findByText('北京市 北京市 东城区')).toBeTruthy();
    await waitFor(() => expect(s.saves('address').length).toBeGreaterThan(0), { timeout: 3000 });
    expect(s.saves('address').at(-1)).toMatchObject({
      confirm: false,
      answers: { region: 'CN', province_code: '110000', city_code: '110100', county_code: '110101' },
    });
  }, 20_000);

  it('shows a saved mainland address by its names and confirms it with the codes; then the account type', async () => {
    await setupStepI18n('en');
    const s = server({ answers: CN_ANSWERS, documents: [doc()] }, (body) =>
      body.confirm === true
        ? ok(makeSaveResult('address', { version: 3, next_step: 'account_type' }))
        : undefined,
    );
    renderStep(PATH, <AddressPage />);
    expect(await screen.findByText('广东省 深圳市 南山区', {}, LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/account-type'));
    const confirm = s.saves('address').find((b) => b.confirm === true)!;
    expect(confirm).toMatchObject({
      step_version: 2,
      answers: {
        region: 'CN',
        province_code: '440000',
        city_code: '440300',
        county_code: '440305',
        correspondence_same: true,
        proof_confirmed: true,
      },
    });
    expect(confirm.answers).not.toHaveProperty('area');
    expect(confirm.answers).not.toHaveProperty('address_proof');
  });

  it('the proof files rule before sending: no file is refused at the files, in English', async () => {
    await setupStepI18n('en');
    const s = server({ answers: CN_ANSWERS, documents: [] });
    renderStep(PATH, <AddressPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }, LOAD));
    const alerts = await screen.findAllByText(
      'Upload 1 to 3 images of the address proof, or one PDF e-statement.',
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(s.saves('address').filter((b) => b.confirm === true)).toHaveLength(0);
  });

  it('a server refusal lands at its field in Traditional Chinese (a proof older than 3 months)', async () => {
    await setupStepI18n('zh-HK');
    server({ answers: CN_ANSWERS, documents: [doc()] }, (body) =>
      body.confirm === true
        ? fail(1002, '地址證明須為最近 3 個月內發出。', {
            proof_issued_on: '地址證明須為最近 3 個月內發出。',
            area: '所選地區不在列表中，請重新選擇省、市、區。',
          })
        : undefined,
    );
    renderStep(PATH, <AddressPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }, LOAD));
    const date = screen.getByLabelText('發出日期');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('地址證明須為最近 3 個月內發出。')).toBeTruthy();
    expect(screen.getByText('所選地區不在列表中，請重新選擇省、市、區。')).toBeTruthy();
  });

  it('a PDF e-statement is a file row with a download, never shown in the page; no photo beside it', async () => {
    await setupStepI18n('en');
    const created: HTMLAnchorElement[] = [];
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string, opts?: ElementCreationOptions) => {
      const el = realCreate(tag, opts);
      if (tag === 'a') {
        created.push(el as HTMLAnchorElement);
        vi.spyOn(el as HTMLAnchorElement, 'click').mockImplementation(() => {});
      }
      return el;
    });
    const real = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('address')),
      '/v9/OpenAccountHk/step_info/address': ok(
        makeStepInfo('address', { version: 2, answers: CN_ANSWERS, documents: [PDF] }),
      ),
      [`/v9/OpenAccountHk/file/${PDF.document_id}`]: new Response(
        new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        {
          headers: { 'content-type': 'application/pdf' },
        },
      ),
    });
    const { container } = renderStep(PATH, <AddressPage />);
    const row = await screen.findByRole('region', { name: 'E-statement (PDF)' }, LOAD);
    expect(within(row).getByText('117 KB')).toBeTruthy();
    expect(container.querySelector('iframe, embed, object')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.queryByLabelText('Take a photo of the proof')).toBeNull();
    expect(screen.queryByLabelText('Upload a PDF e-statement')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created.some((a) => a.download === 'address-proof.pdf')).toBe(true));
    const link = created.find((a) => a.download === 'address-proof.pdf')!;
    expect(link.href).toBe('blob:pdf');
    expect(link.click).toHaveBeenCalled();
    URL.createObjectURL = real.create;
    URL.revokeObjectURL = real.revoke;
    vi.restoreAllMocks();
  });

  it('uploads a PDF as the proof, refuses one over 6 MB before sending, and reloads the step', async () => {
    await setupStepI18n('en');
    const s = server({ answers: { region: 'HK' }, documents: [] });
    vi.mocked(uploadDocument).mockResolvedValue(PDF);
    renderStep(PATH, <AddressPage />);
    const input = (await screen.findByLabelText('Upload a PDF e-statement', {}, LOAD)) as HTMLInputElement;
    const big = new File([new Uint8Array(6 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The PDF must not be larger than 6 MB.')).toBeTruthy();
    expect(uploadDocument).not.toHaveBeenCalled();
    const statement = new File(['%PDF-1.7\n%%EOF'], 'statement.pdf', { type: 'application/pdf' });
    const before = s.calls.filter((c) => c.path === '/v9/OpenAccountHk/step_info/address').length;
    fireEvent.change(input, { target: { files: [statement] } });
    await waitFor(() =>
      expect(uploadDocument).toHaveBeenCalledWith('address_proof', statement, expect.any(Function)),
    );
    await waitFor(() =>
      expect(s.calls.filter((c) => c.path === '/v9/OpenAccountHk/step_info/address').length).toBeGreaterThan(
        before,
      ),
    );
  });

  it('what was typed before an upload survives the rebuilt form when its draft was lost to a conflict, and is saved again', async () => {
    await setupStepI18n('en');
    let saves = 0;
    const s = server({ answers: { region: 'HK' }, documents: [] }, () => {
      saves += 1;
      // the draft made just before the upload meets another save (2007): the old form dropped it
      return saves === 1
        ? fail(2007, 'changed elsewhere')
        : ok(makeSaveResult('address', { version: 4, confirmed: false }));
    });
    vi.mocked(uploadDocument).mockResolvedValue(PDF);
    renderStep(PATH, <AddressPage />);
    const detail = (await screen.findByLabelText('Detailed address', {}, LOAD)) as HTMLInputElement;
    fireEvent.change(detail, { target: { value: 'Flat 8, 8/F, 8 Nathan Road' } });
    fireEvent.change(screen.getByLabelText('Date of issue'), { target: { value: today() } });
    const input = screen.getByLabelText('Upload a PDF e-statement') as HTMLInputElement;
    const statement = new File(['%PDF-1.7\n%%EOF'], 'statement.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [statement] } });
    await waitFor(() => expect(uploadDocument).toHaveBeenCalled());
    // the rebuilt form (the reloaded step knows nothing of the typing) still shows it, and saves it
    await waitFor(() => expect(s.saves('address').length).toBeGreaterThanOrEqual(2));
    const again = s.saves('address').at(-1)!.answers as Record<string, unknown>;
    expect(again.detail).toBe('Flat 8, 8/F, 8 Nathan Road');
    expect(again.proof_issued_on).toBe(today());
    expect((screen.getByLabelText('Detailed address') as HTMLInputElement).value).toBe(
      'Flat 8, 8/F, 8 Nathan Road',
    );
    expect((screen.getByLabelText('Date of issue') as HTMLInputElement).value).toBe(today());
  });

  it('Hong Kong: the 18 districts named in the language; another correspondence address asks its own region', async () => {
    await setupStepI18n('zh-HK');
    server({ answers: { region: 'HK', correspondence_same: false }, documents: [doc()] });
    renderStep(PATH, <AddressPage />);
    const districts = (await screen.findAllByLabelText('地區', {}, LOAD))[0] as HTMLSelectElement;
    const options = [...districts.options].slice(1);
    expect(options).toHaveLength(18);
    expect(options.map((o) => o.textContent)).toContain('沙田區 · 新界');
    expect(screen.getAllByRole('group', { name: '地址所在地' })).toHaveLength(2);
    expect(screen.getAllByRole('radio', { name: '中國內地' })).toHaveLength(2);
    expect(screen.getAllByRole('radio', { name: '其他' })).toHaveLength(2);
  });
});
