import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import DeclarationsPage from './declarations-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/declarations';
const err = (key: string) => i18n.t(key, { ns: 'errors' });
const tr = (key: string) => i18n.t(key, { ns: 'declarations' });
type Server = ReturnType<typeof fakeStepServer>;
const confirms = (server: Server) => server.saves('declarations').filter((b) => b.confirm);

function answer(key: string, yes: boolean) {
  const label = i18n.t(yes ? 'yes' : 'no', { ns: 'flow' });
  fireEvent.click(within(screen.getByRole('group', { name: tr(key) })).getByLabelText(label));
}
function answerAllNo() {
  for (const key of ['pep', 'licensed_employee', 'staff_relation', 'corporate_voting_35']) answer(key, false);
  answer('beneficial_owner', true);
  answer('hkidr_consent', true);
}
function server(info = makeStepInfo('declarations')) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('declarations')),
    '/v9/OpenAccountHk/step_info/declarations': ok(info),
    '/v9/OpenAccountHk/step/declarations': (body: Record<string, unknown>) =>
      ok(makeSaveResult('declarations', { confirmed: body.confirm === true, next_step: 'investment' })),
  });
}

describe('declarations page', () => {
  it('every question answered; marketing is a separate opt-in, off by default; goes on', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <DeclarationsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(err('declaration_answer_required'))).length).toBe(6);
    const marketing = screen.getByLabelText(tr('direct_marketing')) as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    answerAllNo();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/investment'));
    expect(confirms(s)[0]!.answers).toEqual({
      pep: false,
      licensed_employee: false,
      staff_relation: false,
      beneficial_owner: true,
      corporate_voting_35: false,
      hkidr_consent: true,
      direct_marketing: false,
    });
  });

  it('a PEP says who and gives details; a yes elsewhere asks its details, in the person\u2019s language', async () => {
    await setupStepI18n('zh-HK');
    const s = server();
    renderStep(PATH, <DeclarationsPage />);
    await screen.findByRole('group', { name: tr('pep') });
    answerAllNo();
    answer('pep', true);
    answer('staff_relation', true);
    answer('corporate_voting_35', true);
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('pep_relation_required'))).toBeTruthy();
    expect(screen.getAllByText(err('declaration_details_required'))).toHaveLength(3);
    expect(confirms(s)).toEqual([]);
    fireEvent.click(screen.getByLabelText(tr('pep_relation_family_member')));
    fireEvent.change(screen.getByLabelText(tr('pep_details')), { target: { value: '兄長：立法會議員' } });
    fireEvent.change(screen.getByLabelText(tr('staff_relation_details')), {
      target: { value: '表妹在交收部' },
    });
    fireEvent.change(screen.getByLabelText(tr('corporate_voting_details')), {
      target: { value: '海港貿易有限公司 40%' },
    });
    fireEvent.click(screen.getByLabelText(tr('direct_marketing')));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(confirms(s)).toHaveLength(1));
    expect(confirms(s)[0]!.answers).toMatchObject({
      pep: true,
      pep_relations: ['family_member'],
      pep_details: '兄長：立法會議員',
      staff_relation_details: '表妹在交收部',
      corporate_voting_details: '海港貿易有限公司 40%',
      direct_marketing: true,
    });
  });

  it('not the beneficial owner: cannot open online, and why; HKIDR refused: sell only', async () => {
    await setupStepI18n('zh-CN');
    const s = server();
    renderStep(PATH, <DeclarationsPage />);
    await screen.findByRole('group', { name: tr('pep') });
    // the HKIDR consent is explained on its own, before it is answered
    expect(screen.getByText(tr('hkidr_explanation'))).toBeTruthy();
    answerAllNo();
    answer('hkidr_consent', false);
    expect(screen.getByText(tr('hkidr_sell_only'))).toBeTruthy();
    answer('beneficial_owner', false);
    expect(screen.getByText(tr('beneficial_owner_refused'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText(err('beneficial_owner_not_online'))).toBeTruthy();
    expect(confirms(s)).toEqual([]);
  });

  it('a licensed employee names the employer and uploads the consent letter first', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <DeclarationsPage />);
    await screen.findByRole('group', { name: tr('pep') });
    answerAllNo();
    answer('licensed_employee', true);
    expect(screen.getByText(tr('employer_consent_hint'))).toBeTruthy();
    expect(screen.getByLabelText(tr('employer_consent_album'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(err('licensed_employer_required'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(tr('licensed_employer')), {
      target: { value: 'Harbour Peak Securities Ltd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(err('employer_consent_required'))).toBeTruthy();
    expect(confirms(s)).toEqual([]);
  });

  it('a letter already uploaded counts: the employee confirms', async () => {
    await setupStepI18n('en');
    const s = server(
      makeStepInfo('declarations', {
        version: 2,
        answers: { licensed_employee: true, licensed_employer: 'Harbour Peak Securities Ltd' },
        documents: [
          {
            document_id: 'd1',
            kind: 'employer_consent',
            mime: 'image/jpeg',
            width: 1000,
            height: 1400,
            size: 120000,
            uploaded_at: '2026-06-01T00:00:00.000Z',
          },
        ],
      }),
    );
    renderStep(PATH, <DeclarationsPage />);
    await screen.findByRole('group', { name: tr('pep') });
    for (const key of ['pep', 'staff_relation', 'corporate_voting_35']) answer(key, false);
    answer('beneficial_owner', true);
    answer('hkidr_consent', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(confirms(s)).toHaveLength(1));
    expect(confirms(s)[0]).toMatchObject({
      step_version: 2,
      answers: { licensed_employee: true, licensed_employer: 'Harbour Peak Securities Ltd' },
    });
  });
});
