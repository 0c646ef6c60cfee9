import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Body,
  fail,
  fakeStepServer,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import RiskDisclosurePage from './risk-disclosure-page';

const PATH = '/userinfo/risk-disclosure';
const tr = (key: string) => i18n.t(key, { ns: 'risk_disclosure' });

// jsdom has no media playback: play/pause flip `paused` and fire their events; the test moves
// `currentTime` and fires timeupdate/ended as a playing element would.
beforeEach(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
    configurable: true,
    get(this: { _p?: boolean }) {
      return this._p ?? true;
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    (this as unknown as { _p: boolean })._p = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    (this as unknown as { _p: boolean })._p = true;
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PLAYLIST = {
  text_version: '2026.1',
  language: 'en',
  total_ms: 6000,
  sections: [
    {
      section: 'securities',
      title: 'Risk of securities trading',
      paragraphs: ['Prices go up and down.', 'Seek advice.'],
      url: '/risk-disclosure/2026.1/en/securities.webm',
      offset_ms: 0,
      duration_ms: 4000,
      text_sha256: 'a'.repeat(64),
    },
    {
      section: 'client_assets',
      title: 'Risk of client assets',
      paragraphs: ['Assets abroad differ.', 'Re-pledging has risks.'],
      url: '/risk-disclosure/2026.1/en/client_assets.webm',
      offset_ms: 4000,
      duration_ms: 2000,
      text_sha256: 'b'.repeat(64),
    },
  ],
};

function server(listened: (body: Body) => unknown = () => ok(LISTENED)) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('risk_disclosure')),
    '/v9/OpenAccountHk/step_info/risk_disclosure': ok(makeStepInfo('risk_disclosure')),
    '/v9/OpenAccountHk/risk_disclosure': (body: Body) =>
      body.action === 'start'
        ? ok({
            action: 'start',
            started_at: '2026-11-26T09:00:00.000Z',
            minimum_ms: 4000,
            playlist: PLAYLIST,
          })
        : listened(body),
  });
}
const LISTENED = {
  action: 'listened',
  step: 'risk_disclosure',
  version: 1,
  confirmed: true,
  ended_at: '2026-11-26T09:00:06.000Z',
  info_progress: 60,
  next_step: 'identity_media',
  reopened: [],
};

const audio = () => screen.getByTestId('risk-audio') as HTMLAudioElement;

/** Plays the current file from `from` to `to` seconds in timeupdate steps of 0.25 s. */
function playThrough(from: number, to: number, end = true) {
  for (let s = from; s <= to + 1e-9; s += 0.25) {
    audio().currentTime = s;
    fireEvent.timeUpdate(audio());
  }
  if (end) {
    (audio() as unknown as { _p: boolean })._p = true;
    fireEvent.ended(audio());
  }
}

const continueButton = () => screen.getByRole('button', { name: tr('continue') });

describe('risk disclosure page', () => {
  it('starts in the language, plays the sections in turn with the transcript, and continues once all is heard', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <RiskDisclosurePage />);
    expect(await screen.findByRole('heading', { name: 'Risk of securities trading' })).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v9/OpenAccountHk/risk_disclosure')?.body).toMatchObject({
      action: 'start',
      language: 'en',
    });
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: tr('play') }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[0]!.url);
    expect(
      screen.getByRole('heading', { name: 'Risk of securities trading' }).closest('article'),
    ).toHaveProperty('ariaCurrent', 'true');
    playThrough(0, 4);
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[1]!.url));
    expect(
      screen
        .getByRole('heading', { name: 'Risk of client assets' })
        .closest('article')
        ?.getAttribute('aria-current'),
    ).toBe('true');
    expect(continueButton()).toHaveProperty('disabled', true);
    // issue #16: 'you have heard it all' replaces the hint in a status region (announced)
    const hint = screen.getByRole('status', { name: '' });
    expect(hint.textContent).toBe(tr('hint_listen_all'));
    playThrough(0, 2);
    await waitFor(() => expect(continueButton()).toHaveProperty('disabled', false));
    expect(hint.textContent).toBe(tr('heard_all'));
    expect(document.querySelector('progress')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(continueButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/identity-photos'));
    const sent = s.calls.filter((c) => c.body.action === 'listened').map((c) => c.body);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      text_version: '2026.1',
      language: 'en',
      sections: ['securities', 'client_assets'],
      ranges: [{ start_ms: 0, end_ms: 6000 }],
      max_speed: 1,
    });
  });

  it('does not count a jump ahead, and the bar cannot seek past the furthest point heard', async () => {
    await setupStepI18n('en');
    server();
    renderStep(PATH, <RiskDisclosurePage />);
    fireEvent.click(await screen.findByRole('button', { name: tr('play') }));
    playThrough(0, 2, false);
    // the playhead jumps to 3.9 s (not by listening): nothing after 2 s counts
    audio().currentTime = 3.9;
    fireEvent.timeUpdate(audio());
    const bar = screen.getByRole('slider', { name: tr('position') });
    fireEvent.change(bar, { target: { value: '5000' } });
    expect(audio().currentTime).toBeLessThanOrEqual(2);
    (audio() as unknown as { _p: boolean })._p = true;
    fireEvent.ended(audio());
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[1]!.url));
    playThrough(0, 2);
    expect(continueButton()).toHaveProperty('disabled', true);
    // replaying from the start fills what was skipped
    fireEvent.click(screen.getByRole('button', { name: tr('replay') }));
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[0]!.url));
    playThrough(0, 4);
    await waitFor(() => expect(continueButton()).toHaveProperty('disabled', false));
  });

  it('plays at 1.5× and reports that speed', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <RiskDisclosurePage />);
    fireEvent.click(await screen.findByRole('button', { name: tr('speed_fast') }));
    expect(screen.getByRole('button', { name: tr('speed_fast') }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: tr('play') }));
    expect(audio().playbackRate).toBe(1.5);
    playThrough(0, 4);
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[1]!.url));
    expect(audio().playbackRate).toBe(1.5);
    playThrough(0, 2);
    fireEvent.click(await screen.findByRole('button', { name: tr('continue') }));
    await waitFor(() => expect(s.calls.some((c) => c.body.action === 'listened')).toBe(true));
    expect(s.calls.find((c) => c.body.action === 'listened')?.body.max_speed).toBe(1.5);
  });

  it('at 1.5× in a browser: steps of 375 ms, the timeupdate of a pause or of the end comes already paused', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <RiskDisclosurePage />);
    fireEvent.click(await screen.findByRole('button', { name: tr('speed_fast') }));
    fireEvent.click(screen.getByRole('button', { name: tr('play') }));
    const a = () => audio() as unknown as { _p: boolean; currentTime: number };
    /** Chromium: timeupdates every 250 ms of wall time (375 ms of media at 1.5×). */
    const steps = (from: number, to: number) => {
      for (let t = from; t < to - 1e-9; t += 0.375) {
        a().currentTime = t;
        fireEvent.timeUpdate(audio());
      }
    };
    // the last step before a pause or the end: `paused` is true when its timeupdate is handled
    const lastStep = (at: number) => {
      a()._p = true;
      a().currentTime = at;
      fireEvent.timeUpdate(audio());
    };
    steps(0, 1.6);
    lastStep(1.6);
    fireEvent(audio(), new Event('pause'));
    // resumed where it paused
    fireEvent.click(screen.getByRole('button', { name: tr('resume') }));
    steps(1.6, 4);
    lastStep(4);
    fireEvent.ended(audio());
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[1]!.url));
    a()._p = false;
    steps(0, 1.7);
    expect(continueButton()).toHaveProperty('disabled', true);
    lastStep(2);
    fireEvent.ended(audio());
    await waitFor(() => expect(continueButton()).toHaveProperty('disabled', false));
    fireEvent.click(continueButton());
    await waitFor(() => expect(s.calls.some((c) => c.body.action === 'listened')).toBe(true));
    expect(s.calls.find((c) => c.body.action === 'listened')?.body.ranges).toEqual([
      { start_ms: 0, end_ms: 6000 },
    ]);
  });

  it("shows the server's refusal in the person's language and stays", async () => {
    await setupStepI18n('zh-HK');
    const s = server(() => fail(2013, '請完整收聽風險披露錄音後再繼續。'));
    renderStep(PATH, <RiskDisclosurePage />);
    expect(await screen.findByText(tr('intro'))).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: tr('play') }));
    expect(s.calls.find((c) => c.body.action === 'start')?.body.language).toBe('zh-HK');
    playThrough(0, 4);
    await waitFor(() => expect(audio().getAttribute('src')).toBe(PLAYLIST.sections[1]!.url));
    playThrough(0, 2);
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('請完整收聽風險披露錄音後再繼續。');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
