import type { DocumentInfo } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import {
  fail,
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import AddressPage from './address-page';

vi.mock('../../../step-kit/api/upload-document', () => ({ uploadDocument: vi.fn() }));
// jsdom decodes no image: the photo is sent as chosen
vi.mock('../../../step-kit/lib/compress-image', async (original) => ({
  ...(await original<typeof import('../../../step-kit/lib/compress-image')>()),
  compressImage: vi.fn(async (file: File) => file),
}));

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

/** What staff returned, as POST /returned answers it (issue #14), for one address-proof file. */
function returnedOf(document: DocumentInfo) {
  return ok({
    status: -1,
    submission_number: 1,
    returned_at: '2026-11-27T02:30:00.000Z',
    items: [
      {
        step: 'address',
        kind: 'document',
        document_kind: 'address_proof',
        document_id: document.document_id,
        label: '地址证明',
        reasons: ['文件已超过三个月'],
        comment: '请上传最近三个月内的账单',
      },
    ],
    steps: [{ step: 'address', confirmed: false }],
  });
}

// issue #22 finding 9 (docs/backoffice.md "The applicant's side of a return"): the returned file
// is marked where it is, not only in the note above the form
describe('a returned address proof (state=refused)', () => {
  it('a returned photo is marked under it, and the mark describes it; the other photo is not marked', async () => {
    await setupStepI18n('zh-CN');
    const returned = doc();
    const other = doc({ document_id: '00000000-0000-4000-8000-000000000002' });
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('address')),
      '/v9/OpenAccountHk/step_info/address': ok(
        makeStepInfo('address', { version: 2, answers: CN_ANSWERS, documents: [returned, other] }),
      ),
      '/v9/OpenAccountHk/returned': returnedOf(returned),
      [`/v9/OpenAccountHk/file/${returned.document_id}`]: new Response(new Blob(['jpeg'])),
      [`/v9/OpenAccountHk/file/${other.document_id}`]: new Response(new Blob(['jpeg'])),
    });
    renderStep(PATH, <AddressPage />, '?state=refused');
    const note = await screen.findByRole('note', {}, LOAD);
    expect(note.textContent).toContain('文件已超过三个月');
    const mark = await waitFor(() => {
      const found = document.querySelectorAll('.id-tile__returned');
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(mark.textContent).toContain('文件已超过三个月');
    expect(mark.textContent).toContain('请上传最近三个月内的账单');
    const figure = mark.closest('figure')!;
    expect(figure.getAttribute('aria-describedby')).toBe(mark.id);
    // the returned one is the first photo; its remove button is described by the reason too
    expect(figure.querySelector('button')!.getAttribute('aria-describedby')).toBe(mark.id);
    expect([...document.querySelectorAll('figure')].indexOf(figure)).toBe(0);
  });

  it('a returned PDF is marked in its file row, in words for a file', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('address')),
      '/v9/OpenAccountHk/step_info/address': ok(
        makeStepInfo('address', { version: 2, answers: CN_ANSWERS, documents: [PDF] }),
      ),
      '/v9/OpenAccountHk/returned': returnedOf(PDF),
    });
    renderStep(PATH, <AddressPage />, '?state=refused');
    const row = await screen.findByRole('region', { name: 'E-statement (PDF)' }, LOAD);
    const mark = await waitFor(() => {
      const found = row.querySelector('.id-tile__returned');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(mark.textContent).toMatch(/^Please replace this file: 文件已超过三个月/);
    expect(row.getAttribute('aria-describedby')).toBe(mark.id);
  });

  it('outside a return nothing is marked', async () => {
    await setupStepI18n('en');
    const s = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('address')),
      '/v9/OpenAccountHk/step_info/address': ok(
        makeStepInfo('address', { version: 2, answers: CN_ANSWERS, documents: [PDF] }),
      ),
      '/v9/OpenAccountHk/returned': returnedOf(PDF),
    });
    renderStep(PATH, <AddressPage />);
    await screen.findByRole('region', { name: 'E-statement (PDF)' }, LOAD);
    expect(document.querySelector('.id-tile__returned')).toBeNull();
    expect(s.calls.some((c) => c.path === '/v9/OpenAccountHk/returned')).toBe(false);
  });
});

describe('address page', () => {
  it('spec §5: area empty, address empty, postal invalid, at their fields, in Simplified Chinese; the area focused; nothing confirmed', async () => {
    await setupStepI18n('zh-CN');
    const s = server({ answers: { region: 'CN', postal_code: '1' }, documents: [doc()] });
    renderStep(PATH, <AddressPage />);
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }, LOAD));
    // the area is said at its first level not chosen, which is the first invalid field: focused (issue #16)
    const province = screen.getByRole('combobox', { name: '省份' });
    await waitFor(() => expect(document.activeElement).toBe(province));
    expect(province.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(province.getAttribute('aria-describedby')!)!;
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toBe('请选择省份');
    expect(screen.getByRole('group', { name: '省 / 市 / 区' })).toBeTruthy();
    expect(screen.getByText('请填写详细地址')).toBeTruthy();
    expect(screen.getByText('邮政编码不正确，应为 6 位数字')).toBeTruthy();
    expect(s.saves('address').filter((b) => b.confirm === true)).toHaveLength(0);
  });

  it('the area by three native selects, each enabled once the one before is chosen: saved as the three codes (issue #16)', async () => {
    await setupStepI18n('en');
    const s = server({ answers: { region: 'CN' }, documents: [] });
    renderStep(PATH, <AddressPage />);
    const province = (await screen.findByRole('combobox', { name: 'Province' }, LOAD)) as HTMLSelectElement;
    const city = screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement;
    const county = screen.getByRole('combobox', { name: 'District or county' }) as HTMLSelectElement;
    expect(screen.getByRole('group', { name: 'Province / city / district' })).toBeTruthy();
    expect(province.disabled).toBe(false);
    expect(city.disabled).toBe(true);
    expect(county.disabled).toBe(true);
    expect(province.options[0]!.textContent).toBe('Choose the province');
    fireEvent.change(province, { target: { value: '440000' } });
    expect(city.disabled).toBe(false);
    expect([...city.options].map((o) => o.textContent)).toContain('深圳市');
    fireEvent.change(city, { target: { value: '440300' } });
    expect(county.disabled).toBe(false);
    fireEvent.change(county, { target: { value: '440305' } });
    await waitFor(() =>
      expect(s.saves('address').at(-1)).toMatchObject({
        confirm: false,
        answers: { region: 'CN', province_code: '440000', city_code: '440300', county_code: '440305' },
      }),
    );
    // another province empties the levels below it
    fireEvent.change(province, { target: { value: '110000' } });
    expect(city.value).toBe('');
    expect(county.value).toBe('');
    expect(county.disabled).toBe(true);
  });

  it('a mainland area chosen after the screen opened is still the first invalid field focused, not the proof below it (issue #16)', async () => {
    await setupStepI18n('en');
    server({ answers: {}, documents: [] });
    renderStep(PATH, <AddressPage />);
    const region = await screen.findByRole('group', { name: 'Where is your address?' }, LOAD);
    fireEvent.click(within(region).getByRole('radio', { name: 'Mainland China' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Province' }), {
      target: { value: '440000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // the province is chosen: the city is where the area's error is said and the focus goes
    const city = screen.getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(document.activeElement).toBe(city));
    expect(document.getElementById(city.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose the city.',
    );
  });

  it('shows a saved mainland address in its selects and confirms it with the codes; then the account type', async () => {
    await setupStepI18n('en');
    const s = server({ answers: CN_ANSWERS, documents: [doc()] }, (body) =>
      body.confirm === true
        ? ok(makeSaveResult('address', { version: 3, next_step: 'account_type' }))
        : undefined,
    );
    renderStep(PATH, <AddressPage />);
    const province = (await screen.findByRole('combobox', { name: 'Province' }, LOAD)) as HTMLSelectElement;
    expect(province.selectedOptions[0]!.textContent).toBe('广东省');
    expect(
      (screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement).selectedOptions[0]!.textContent,
    ).toBe('深圳市');
    expect(
      (screen.getByRole('combobox', { name: 'District or county' }) as HTMLSelectElement).selectedOptions[0]!
        .textContent,
    ).toBe('南山区');
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
    // the files are the first invalid field: their first control takes the focus (issue #16), in a
    // group described by the message
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Take a photo of the proof')),
    );
    const files = screen.getByRole('group', { name: 'Proof files' });
    expect(document.getElementById(files.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Upload 1 to 3 images of the address proof, or one PDF e-statement.',
    );
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

  describe('the focus after an upload (issue #16: it fell to <body> when the form was rebuilt)', () => {
    /** A step whose documents are what has been uploaded so far. */
    function filesServer(documents: DocumentInfo[]) {
      return fakeStepServer({
        '/v9/OpenAccountHk/status': ok(makeStatus('address')),
        '/v9/OpenAccountHk/step_info/address': () =>
          ok(
            makeStepInfo('address', { version: 2 + documents.length, answers: { region: 'HK' }, documents }),
          ),
        '/v9/OpenAccountHk/step/address': ok(makeSaveResult('address', { version: 2, confirmed: false })),
        '/v9/OpenAccountHk/file/00000000-0000-4000-8000-000000000001': new Response(new Blob(['jpeg'])),
      });
    }
    // a browser takes the focus off a control when it is disabled (it is, while it sends)
    const blurWhileSending = () => (document.activeElement as HTMLElement | null)?.blur();

    it('a photo: the next photo tile’s control it was taken with, and the result said', async () => {
      await setupStepI18n('en');
      const documents: DocumentInfo[] = [];
      filesServer(documents);
      vi.mocked(uploadDocument).mockImplementation(async () => {
        blurWhileSending();
        documents.push(doc());
        return doc();
      });
      renderStep(PATH, <AddressPage />);
      const camera = await screen.findByLabelText('Take a photo of the proof', {}, LOAD);
      camera.focus();
      fireEvent.change(camera, { target: { files: [new File(['jpeg'], 'p.jpg', { type: 'image/jpeg' })] } });
      expect(await screen.findByRole('figure', { name: 'Proof photo 1' })).toBeTruthy();
      // the form was rebuilt: the control is the new tile's (photo 2), with the same name
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByLabelText('Take a photo of the proof')),
      );
      expect(document.activeElement).not.toBe(camera);
      expect(screen.getByRole('region', { name: 'Proof photo 2' }).contains(document.activeElement)).toBe(
        true,
      );
      await waitFor(() =>
        expect(document.getElementById('app-status')?.textContent).toBe('Proof photo 1: uploaded.'),
      );
    });

    it('a photo refused: back on its control, which the refusal describes', async () => {
      await setupStepI18n('en');
      filesServer([]);
      vi.mocked(uploadDocument).mockImplementation(async () => {
        blurWhileSending();
        throw new ApiError(3005, 'The image could not be read. Please take it again.');
      });
      renderStep(PATH, <AddressPage />);
      const album = await screen.findByLabelText('Choose a photo of the proof from the album', {}, LOAD);
      album.focus();
      fireEvent.change(album, { target: { files: [new File(['jpeg'], 'p.jpg', { type: 'image/jpeg' })] } });
      const refusal = await screen.findByText('The image could not be read. Please take it again.');
      await waitFor(() => expect(document.activeElement).toBe(album));
      expect(album.getAttribute('aria-describedby')).toBe(refusal.id);
    });

    it('a PDF: the new file’s download, and the result said; a refused PDF: back on the upload control', async () => {
      await setupStepI18n('en');
      const documents: DocumentInfo[] = [];
      filesServer(documents);
      vi.mocked(uploadDocument)
        .mockImplementationOnce(async () => {
          blurWhileSending();
          throw new ApiError(3001, 'This file is not a PDF.');
        })
        .mockImplementationOnce(async () => {
          blurWhileSending();
          documents.push(PDF);
          return PDF;
        });
      renderStep(PATH, <AddressPage />);
      const input = await screen.findByLabelText('Upload a PDF e-statement', {}, LOAD);
      const statement = new File(['%PDF-1.7\n%%EOF'], 'statement.pdf', { type: 'application/pdf' });
      input.focus();
      fireEvent.change(input, { target: { files: [statement] } });
      expect(await screen.findByText('This file is not a PDF.')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(input));

      fireEvent.change(input, { target: { files: [statement] } });
      const row = await screen.findByRole('region', { name: 'E-statement (PDF)' });
      await waitFor(() =>
        expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Download' })),
      );
      await waitFor(() =>
        expect(document.getElementById('app-status')?.textContent).toBe('The PDF e-statement is uploaded.'),
      );
    });
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
