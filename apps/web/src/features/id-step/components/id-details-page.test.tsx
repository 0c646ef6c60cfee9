import { ERROR_MESSAGES } from '@hk/domain';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import { fakeServer, makeDoc, makeInfo, ok, renderAt, setupI18n } from '../test-utils';
import IdDetailsPage from './id-details-page';

vi.mock('../../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/toast')>()),
  showToast: vi.fn(async () => {}),
}));

// 11010519491231002X: the GB 11643 sample number, born 1949-12-31, female.
const CN_ID = '11010519491231002x';
const both = [makeDoc('id_front'), makeDoc('id_back')];
const cnInfo = makeInfo({ id_location: 'CN', id_type: 'cn_id', documents: both });

beforeEach(async () => {
  vi.mocked(showToast).mockClear();
  await setupI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillMainland(overrides: Partial<Record<'id' | 'birth', string>> = {}) {
  type('Chinese name', '王小明');
  type('English surname', 'wang');
  type('English given name', 'xiaoming');
  fireEvent.click(screen.getByRole('checkbox', { name: 'My English name matches my bank record' }));
  type('ID number', overrides.id ?? CN_ID);
  fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
  type('Date of birth', overrides.birth ?? '1949-12-31');
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ID details form', () => {
  it('says what is missing at each field and sends nothing', async () => {
    const server = fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(errorOf('English surname')).toBe('Please enter your surname'));
    expect(errorOf('Chinese name')).toBe('Please enter your Chinese name');
    expect(errorOf('English given name')).toBe('Please enter your given name');
    expect(errorOf('My English name matches my bank record')).toBe(
      'Please confirm that the English name matches your bank record',
    );
    expect(errorOf('ID number')).toBe('Please enter the ID number');
    expect(errorOf('Date of birth')).toBe('Please choose your date of birth');
    expect(screen.getByText('Please choose your gender')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/id_info'))).toBe(false);
  });

  it('checks the mainland number: check digit, then agreement with the date of birth', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    fillMainland({ id: '110105194912310021' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(errorOf('ID number')).toBe('The ID number is not valid. Please check it and try again'),
    );
    type('ID number', CN_ID);
    type('Date of birth', '1949-12-30');
    await waitFor(() => expect(errorOf('ID number')).toBe('The ID number does not match the date of birth'));
  });

  it('refuses a birth date under 18 years and one in the future', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    const year = new Date().getFullYear();
    fillMainland({ birth: `${year - 10}-01-01` });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(errorOf('Date of birth')).toBe('You must be at least 18 years old to open an account'),
    );
    type('Date of birth', `${year + 1}-01-01`);
    await waitFor(() => expect(errorOf('Date of birth')).toBe('The date of birth is not valid'));
  });

  it('sends the normalised details and goes on with the flow (/userinfo picks the next step)', async () => {
    const server = fakeServer({
      '/v9/OpenAccountHk/info': ok(cnInfo),
      '/v9/OpenAccountHk/id_info': ok({
        info_progress: 10,
        id_number_masked: '1101**********002X',
        version: 4,
      }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    fillMainland({ birth: '1949/12/31' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo');
    const body = server.calls.find((c) => c.path.endsWith('/id_info'))!.body;
    expect(body.has('step_version')).toBe(false); // version 0: the step was never saved
    expect(
      Object.fromEntries(
        [
          'id_type',
          'id_location',
          'chinese_name',
          'english_surname',
          'english_given_name',
          'name_matches_bank',
          'id_number',
          'gender',
          'birth_date',
        ].map((k) => [k, body.get(k)]),
      ),
    ).toEqual({
      id_type: 'cn_id',
      id_location: 'CN',
      chinese_name: '王小明',
      english_surname: 'WANG',
      english_given_name: 'XIAOMING',
      name_matches_bank: 'true',
      id_number: '11010519491231002X',
      gender: 'F',
      birth_date: '1949-12-31',
    });
  });

  it('puts server field errors at their field and keeps what was typed', async () => {
    fakeServer({
      '/v9/OpenAccountHk/info': ok(cnInfo),
      '/v9/OpenAccountHk/id_info': {
        status: 1002,
        data: { fields: { english_given_name: 'Given name refused by the server' } },
        info: 'Some information is not valid.',
      },
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    fillMainland();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(errorOf('English given name')).toBe('Given name refused by the server'));
    expect((screen.getByLabelText('English given name') as HTMLInputElement).value).toBe('xiaoming');
    expect((screen.getByLabelText('ID number') as HTMLInputElement).value).toBe('11010519491231002X');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('keeps a number on file masked and sends it empty; "change" asks for a new one', async () => {
    const server = fakeServer({
      '/v9/OpenAccountHk/info': ok(
        makeInfo({
          id_location: 'HK',
          id_type: 'hk_id',
          documents: both,
          english_surname: 'CHAN',
          english_given_name: 'TAI MAN',
          name_matches_bank: true,
          id_number_masked: 'A1*****3',
          gender: 'M',
          birth_date: '1980-05-01',
          confirmed_at: '2026-11-25T10:00:00Z',
        }),
      ),
      '/v9/OpenAccountHk/id_info': ok({ info_progress: 10, id_number_masked: 'A1*****3', version: 4 }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />, '?state=edit');
    expect((await screen.findByLabelText('ID number')).textContent).toBe('A1*****3');
    expect(screen.getByText('Hong Kong ID card')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change ID number' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    await waitFor(() => expect(errorOf('ID number')).toBe('Please enter the ID number'));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the number on file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm modification' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/progress?state=edit');
    const body = server.calls.find((c) => c.path.endsWith('/id_info'))!.body;
    expect(body.get('id_number')).toBe('');
    expect(body.get('english_given_name')).toBe('TAI MAN');
  });

  it('labels the submit button by the state query (spec §2)', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />, '?state=refused');
    expect(await screen.findByRole('button', { name: 'Submit modification' })).toBeTruthy();
  });

  it('offers the pinyin spelling of a mainland name and fills both fields', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    type('Chinese name', '欧阳娜娜');
    fireEvent.click(await screen.findByRole('button', { name: 'Use suggestion' }, { timeout: 5000 }));
    expect((screen.getByLabelText('English surname') as HTMLInputElement).value).toBe('OUYANG');
    expect((screen.getByLabelText('English given name') as HTMLInputElement).value).toBe('NANA');
  });

  it('fills the date of birth and gender from a valid mainland number', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    type('ID number', CN_ID);
    fireEvent.click(screen.getByRole('button', { name: 'Fill date of birth and gender from the ID number' }));
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('1949-12-31');
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the duplicate-account dialog with the server message (spec §4)', async () => {
    fakeServer({
      '/v9/OpenAccountHk/info': ok(cnInfo),
      '/v9/OpenAccountHk/id_info': {
        status: 2003,
        data: null,
        info: 'This ID has already been used to open an account with another mobile number.',
      },
      '/app/index/getIpInfo': ok({ tel: '+852 2345 6789', tel_hk: '+852 2345 6789', service_hours: '' }),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    fillMainland();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/already been used to open an account/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Log in with another number' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: '+852 2345 6789' }).getAttribute('href')).toBe(
        'tel:+852 2345 6789',
      ),
    );
    expect((screen.getByLabelText('Chinese name') as HTMLInputElement).value).toBe('王小明');
  });

  it('names the version the form started from; on 2007 keeps every typed value, says so, reloads the info and names the new version next', async () => {
    // another device saved the step (version 3 → 5) with other names while this form was open
    const infos = [
      makeInfo({ id_location: 'CN', id_type: 'cn_id', documents: both, english_surname: 'LI', version: 3 }),
      makeInfo({
        id_location: 'CN',
        id_type: 'cn_id',
        documents: both,
        chinese_name: '李四',
        english_surname: 'LI',
        english_given_name: 'SI',
        version: 5,
      }),
    ];
    let infoCalls = 0;
    const server = fakeServer({
      '/v9/OpenAccountHk/info': () => ok(infos[Math.min(infoCalls++, 1)]),
      '/v9/OpenAccountHk/id_info': (body: URLSearchParams) =>
        body.get('step_version') === '5'
          ? ok({ info_progress: 10, id_number_masked: '1101**********002X', version: 6 })
          : { status: 2007, data: null, info: ERROR_MESSAGES.en.code_step_version_conflict },
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await waitFor(() =>
      expect((screen.getByLabelText('English surname') as HTMLInputElement).value).toBe('LI'),
    );
    fillMainland();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'This step was changed on another device. We have loaded the latest version: please check it and save again.',
        'warn',
        expect.any(Number),
      ),
    );
    const saves = () => server.calls.filter((c) => c.path.endsWith('/id_info'));
    expect(saves().map((c) => c.body.get('step_version'))).toEqual(['3']);
    expect(infoCalls).toBe(2); // loaded again after the conflict
    // nothing typed was replaced by what the other device saved
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Chinese name')).toBe('王小明');
    expect(value('English surname')).toBe('wang');
    expect(value('English given name')).toBe('xiaoming');
    expect(value('ID number')).toBe('11010519491231002X');
    expect(value('Date of birth')).toBe('1949-12-31');
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'My English name matches my bank record' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo');
    expect(saves().map((c) => c.body.get('step_version'))).toEqual(['3', '5']);
    expect(saves()[1]!.body.get('english_surname')).toBe('WANG');
  });

  it('names the version fetched for this screen, not an older one left in the cache (a photo replaced here)', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    // the cache still holds version 3; replacing a photo on this device made it 4 on the server
    client.setQueryData(
      INFO_QUERY_KEY,
      makeInfo({ id_location: 'CN', id_type: 'cn_id', documents: both, version: 3 }),
    );
    let infoCalls = 0;
    const server = fakeServer({
      '/v9/OpenAccountHk/info': () => {
        infoCalls++;
        return ok(makeInfo({ id_location: 'CN', id_type: 'cn_id', documents: both, version: 4 }));
      },
      '/v9/OpenAccountHk/id_info': ok({ info_progress: 10, id_number_masked: 'x', version: 5 }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />, '', { client });
    await screen.findByLabelText('Chinese name');
    await waitFor(() => expect(infoCalls).toBe(1));
    fillMainland();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('location');
    expect(server.calls.find((c) => c.path.endsWith('/id_info'))!.body.get('step_version')).toBe('4');
  });

  it('keeps naming the version it started from when the info is merely loaded again', async () => {
    let infoCalls = 0;
    const server = fakeServer({
      '/v9/OpenAccountHk/info': () =>
        ok(makeInfo({ id_location: 'CN', id_type: 'cn_id', documents: both, version: 3 + infoCalls++ })),
      '/v9/OpenAccountHk/id_info': ok({ info_progress: 10, id_number_masked: 'x', version: 9 }),
      '/v9/OpenAccountHk/status': ok({}),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    // back to the tab: the info is fetched again in the background and now says version 4
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(infoCalls).toBe(2));
    fillMainland();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('location');
    // the form was filled in from version 3: a save in between must be refused, not overwritten
    expect(server.calls.find((c) => c.path.endsWith('/id_info'))!.body.get('step_version')).toBe('3');
    focusManager.setFocused(undefined);
  });
});

describe('reopened step', () => {
  it('says why the details must be confirmed again after a photo was replaced', async () => {
    fakeServer({
      '/v9/OpenAccountHk/info': ok(
        makeInfo({ ...cnInfo.id_step, english_surname: 'WANG', reopened_reason: 'documents_changed' }),
      ),
    });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    const note = await screen.findByRole('note', { name: 'Please confirm again' });
    expect(note.textContent).toContain(
      'You replaced a photo of your ID. Please check the details below and confirm them again.',
    );
    // above the form
    const form = screen.getByLabelText('English surname').closest('form')!;
    expect(note.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no notice for a step that was not reopened', async () => {
    fakeServer({ '/v9/OpenAccountHk/info': ok(cnInfo) });
    renderAt('/userinfo/id/details', <IdDetailsPage />);
    await screen.findByLabelText('Chinese name');
    expect(screen.queryByRole('note', { name: 'Please confirm again' })).toBeNull();
  });
});
