import type { Language } from '@hk/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserInfoEntry from '../../../app/userinfo-entry';
import { STEP_SCREENS } from '../../../lib/step-screens';
import { fakeStepServer, ok, renderStep, setupStepI18n } from '../../../step-kit/test-utils';
import ReturnedPage from './returned-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const front = {
  step: 'identity',
  kind: 'document',
  document_kind: 'id_front',
  document_id: 'doc-front-1',
  label: '身份证件正面',
  reasons: ['图片模糊，无法看清'],
  comment: '请在光线充足处重新拍摄',
};
const returned = (steps: { step: string; confirmed: boolean }[], extra: Record<string, unknown> = {}) =>
  ok({
    status: -1,
    submission_number: 1,
    returned_at: '2026-11-27T02:30:00.000Z',
    items: [front],
    steps,
    ...extra,
  });

describe.each<Language>(['zh-CN', 'zh-HK', 'en'])('/userinfo?state=refused (%s)', (lang) => {
  it('lists each returned item with its reasons and comment, links to its screen, and waits for every step', async () => {
    await setupStepI18n(lang);
    const server = fakeStepServer({
      '/v9/OpenAccountHk/returned': returned([
        { step: 'identity', confirmed: false },
        { step: 'signature', confirmed: false },
      ]),
    });
    renderStep('/userinfo', <ReturnedPage />, '?state=refused&title=x');
    const heading = await screen.findByRole('heading', { level: 1, name: i18n.t('steps:returned_title') });
    expect(heading).toBeTruthy();
    const identity = screen.getByRole('listitem', { name: i18n.t('flow:stage_id') });
    expect(within(identity).getByText('身份证件正面')).toBeTruthy();
    expect(identity.textContent).toContain('图片模糊，无法看清');
    expect(identity.textContent).toContain(
      i18n.t('steps:returned_comment', { comment: '请在光线充足处重新拍摄' }),
    );
    // a returned photo opens the photos screen, the refused flag and the rest of the query kept
    const change = within(identity).getByRole('link', {
      name: i18n.t('steps:returned_change_step', { step: i18n.t('flow:stage_id') }),
    });
    expect(change.getAttribute('href')).toBe(
      `${STEP_SCREENS.identity.more.photos.path}?state=refused&title=x`,
    );
    // a step reopened by the change, without an item of its own
    const signature = screen.getByRole('listitem', { name: i18n.t('common:title_signature') });
    expect(signature.textContent).toContain(i18n.t('steps:returned_step_reopened'));
    const submit = screen.getByRole('button', { name: i18n.t('flow:submit_refused') });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(i18n.t('steps:returned_hint'))).toBeTruthy();
    expect(server.calls.map((c) => c.path)).toContain('/v9/OpenAccountHk/returned');
  });

  it('once every step is done again, submit modification goes to the review with state=refused', async () => {
    await setupStepI18n(lang);
    fakeStepServer({ '/v9/OpenAccountHk/returned': returned([{ step: 'identity', confirmed: true }]) });
    renderStep('/userinfo', <ReturnedPage />, '?state=refused');
    const submit = await screen.findByRole('button', { name: i18n.t('flow:submit_refused') });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText(i18n.t('steps:returned_step_done'))).toBeTruthy();
    fireEvent.click(submit);
    expect((await screen.findByTestId('location')).textContent).toBe(
      `${STEP_SCREENS.review.path}?state=refused`,
    );
  });
});

describe('after the return', () => {
  it('/userinfo with state=refused lists what was returned (spec §4: status -1 goes there)', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/returned': returned([{ step: 'identity', confirmed: false }]),
    });
    renderStep('/userinfo', <UserInfoEntry />, '?state=refused');
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('steps:returned_title') }),
    ).toBeTruthy();
  });

  it('an application no longer returned (re-submitted elsewhere) goes to the user centre', async () => {
    await setupStepI18n('en');
    fakeStepServer({
      '/v9/OpenAccountHk/returned': ok({
        status: 1,
        submission_number: null,
        returned_at: null,
        items: [],
        steps: [],
      }),
    });
    renderStep('/userinfo', <ReturnedPage />, '?state=refused');
    expect((await screen.findByTestId('location')).textContent).toBe('/usercenter');
  });
});
