import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepInfo } from '../../../step-kit/api/step-api';
import { uploadDocument } from '../../../step-kit/api/upload-document';
import { compressImage } from '../../../step-kit/lib/compress-image';
import {
  fakeStepServer,
  makeSaveResult,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import IdentityMediaPage from './identity-media-page';

vi.mock('../../../step-kit/api/upload-document', () => ({ uploadDocument: vi.fn() }));
vi.mock('../../../step-kit/lib/compress-image', () => ({ compressImage: vi.fn() }));
// the recording stops by itself after FACE_VIDEO_RECORD_MS (5 s; camera.test.ts times it): 0.3 s here
vi.mock('@hk/domain/steps/identity-media/form', async (original) => ({
  ...(await original<typeof import('@hk/domain/steps/identity-media/form')>()),
  FACE_VIDEO_RECORD_MS: 300,
}));

const PATH = '/userinfo/identity-photos';
const tr = (key: string, opts?: Record<string, unknown>) => i18n.t(key, { ns: 'identity_media', ...opts });
const err = (key: string) => i18n.t(key, { ns: 'errors' });
const LIVE_CODE = { live_code_id: '9b2f6d7e-1c1a-4b8e-9a51-0a3c2f1e4d55', digits: '4071', expires_at: '' };
const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

function doc(kind: string, uploadedAt: string) {
  return {
    document_id: `00000000-0000-4000-8000-00000000000${kind.length % 10}`,
    kind,
    mime: kind === 'face_video' ? 'video/webm' : 'image/jpeg',
    width: 0,
    height: 0,
    size: 1000,
    uploaded_at: uploadedAt,
  } as StepInfo['documents'][number];
}

/** The recording ended `ago` ms ago; the step's documents as the test sets them. */
function server(
  opts: { ago?: number; documents?: StepInfo['documents']; extra?: Record<string, unknown> } = {},
) {
  const endedAt = new Date(Date.now() - (opts.ago ?? 60_000)).toISOString();
  const state = { documents: opts.documents ?? [], version: 1 };
  const s = fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('identity_media')),
    '/v9/OpenAccountHk/step_info/risk_disclosure': ok(
      makeStepInfo('risk_disclosure', { confirmed_at: endedAt, answers: { ended_at: endedAt }, version: 2 }),
    ),
    '/v9/OpenAccountHk/step_info/identity_media': () =>
      ok(makeStepInfo('identity_media', { version: state.version, documents: state.documents })),
    '/v9/OpenAccountHk/step/identity_media': (body: Record<string, unknown>) =>
      ok(
        makeSaveResult('identity_media', {
          confirmed: body.confirm === true,
          next_step: 'bank',
          version: state.version,
        }),
      ),
    '/v9/OpenAccountHk/liveVideoCheck': ok(LIVE_CODE),
    ...opts.extra,
  });
  /** What an upload does on the server: a document of this window, a new version of the step. */
  const uploaded = (kind: string) => {
    state.documents = [
      ...state.documents.filter((d) => d.kind !== kind),
      doc(kind, new Date().toISOString()),
    ];
    state.version++;
    return doc(kind, new Date().toISOString());
  };
  return { ...s, endedAt, uploaded };
}

function fakeCamera() {
  const getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return getUserMedia;
}

class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    public stream: MediaStream,
    opts?: { mimeType?: string },
  ) {
    this.mimeType = opts?.mimeType ?? 'video/webm';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['webm-bytes'], { type: 'video/webm' }) });
    this.onstop?.();
  }
}

/** The preview shows its first frame, then the photo is taken. */
async function shootWhenReady() {
  const shoot = await screen.findByRole('button', { name: tr('shoot') });
  // the camera's stream is attached after getUserMedia resolves: on a loaded machine the first
  // frame may come before the preview listens for it, so it comes again until the button is ready
  await waitFor(() => {
    act(() => {
      document.querySelector('video')!.dispatchEvent(new Event('loadeddata'));
    });
    expect((shoot as HTMLButtonElement).disabled).toBe(false);
  });
  fireEvent.click(shoot);
}

beforeEach(() => {
  vi.mocked(uploadDocument).mockReset();
  vi.mocked(compressImage).mockReset();
  vi.mocked(compressImage).mockImplementation(async (f) => new Blob([f], { type: 'image/jpeg' }));
  track.stop.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) => {
    cb(new Blob(['jpeg-bytes'], { type: 'image/jpeg' }));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('identity media page', () => {
  it('photos: the time left, the live camera for both photos, then confirms and goes to the bank step', async () => {
    await setupStepI18n('en');
    const getUserMedia = fakeCamera();
    const s = server();
    vi.mocked(uploadDocument).mockImplementation(async (kind) => s.uploaded(kind));
    renderStep(PATH, <IdentityMediaPage />);
    expect((await screen.findByRole('timer')).textContent).toMatch(/Time left: [34]:\d\d/);
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(tr('method_photos')) }));
    // issue #16: the photos' headings follow the page's h1 with no level skipped
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);

    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    const preview = await screen.findByLabelText(tr('selfie_title'), { selector: 'video' });
    // no still before the camera's first frame
    expect((screen.getByRole('button', { name: tr('shoot') }) as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      preview.dispatchEvent(new Event('loadeddata'));
    });
    expect(getUserMedia).toHaveBeenCalledWith({
      video: expect.objectContaining({ facingMode: 'user' }),
      audio: false,
    });
    expect(screen.getAllByText(tr('selfie_guide')).length).toBeGreaterThan(0);
    // the button is enabled by the preview's first frame (late on a loaded machine): as for the second
    await shootWhenReady();
    await waitFor(
      () => expect(uploadDocument).toHaveBeenCalledWith('selfie', expect.any(Blob), expect.any(Function)),
      { timeout: 5000 },
    );
    expect(track.stop).toHaveBeenCalled();
    const sent = vi.mocked(uploadDocument).mock.calls[0]![1] as Blob;
    expect(sent.type).toBe('image/jpeg');

    // the second photo, once the form is rebuilt after the first upload
    await screen.findByText(/· taken/);
    fireEvent.click(await screen.findByRole('button', { name: tr('open_camera') }));
    await shootWhenReady();
    await waitFor(() => expect(uploadDocument).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(vi.mocked(uploadDocument).mock.calls[1]![0]).toBe('selfie_with_id');
    await waitFor(() => expect(screen.getAllByText(/· taken/)).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/bank'));
    const confirms = s.saves('identity_media').filter((b) => b.confirm);
    expect(confirms.at(-1)!.answers).toEqual({ method: 'photos' });
  });

  it('refuses to confirm without the photos of this window (an earlier listening does not count)', async () => {
    await setupStepI18n('en');
    fakeCamera();
    const s = server({ documents: [doc('selfie', new Date(Date.now() - 3_600_000).toISOString())] });
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(err('identity_selfie_required'))).length).toBeGreaterThan(0);
    expect(screen.getAllByText(err('identity_selfie_with_id_required')).length).toBeGreaterThan(0);
    expect(s.saves('identity_media').filter((b) => b.confirm)).toHaveLength(0);
  });

  it('without getUserMedia: the phone camera through a file input (capture=user)', async () => {
    await setupStepI18n('zh-CN');
    const s = server();
    vi.mocked(uploadDocument).mockImplementation(async (kind) => s.uploaded(kind));
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    const input = (await screen.findByLabelText(
      tr('choose_photo', { label: tr('selfie_title') }),
    )) as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('user');
    expect(input.accept).toBe('image/*');
    const photo = new File(['img'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() =>
      expect(uploadDocument).toHaveBeenCalledWith('selfie', expect.any(Blob), expect.any(Function)),
    );
    expect(compressImage).toHaveBeenCalled();
  });

  it('a refused camera falls back to the file input too', async () => {
    await setupStepI18n('en');
    const getUserMedia = fakeCamera();
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    server();
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    expect(await screen.findByText(tr('camera_unavailable_photo'))).toBeTruthy();
  });

  it('video: 4 digits issued, recorded until it stops by itself, uploaded with the attempt', async () => {
    await setupStepI18n('zh-HK');
    const getUserMedia = fakeCamera();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const s = server();
    vi.mocked(uploadDocument).mockImplementation(async (kind) => s.uploaded(kind));
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_video')) }));
    fireEvent.click(screen.getByRole('button', { name: tr('record') }));
    expect((await screen.findByTestId('live-digits')).textContent).toBe('4 0 7 1');
    expect(getUserMedia).toHaveBeenCalledWith({
      video: expect.objectContaining({ facingMode: 'user' }),
      audio: true,
    });
    await waitFor(() => expect(FakeRecorder.last?.state).toBe('recording'));
    expect(FakeRecorder.last!.mimeType).toMatch(/^video\/webm/);
    // it stops by itself (no stop button), then uploads
    expect(screen.queryByRole('button', { name: tr('record') })).toBeNull();
    await waitFor(() =>
      expect(uploadDocument).toHaveBeenCalledWith('face_video', expect.any(Blob), expect.any(Function), {
        fields: { live_code_id: LIVE_CODE.live_code_id },
        filename: 'face_video.webm',
      }),
    );
    expect(compressImage).not.toHaveBeenCalled();
    expect(s.calls.filter((c) => c.path === '/v9/OpenAccountHk/liveVideoCheck')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: tr('record_again') })).toBeTruthy());
  });

  it('a refused video (3007) shows the server message; the person records again', async () => {
    await setupStepI18n('en');
    fakeCamera();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    server();
    const { ApiError } = await import('../../../lib/api-client');
    vi.mocked(uploadDocument).mockRejectedValue(new ApiError(3007, 'The video must last 3 to 10 seconds.'));
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_video')) }));
    fireEvent.click(screen.getByRole('button', { name: tr('record') }));
    expect(await screen.findByText('The video must last 3 to 10 seconds.')).toBeTruthy();
    expect((screen.getByRole('button', { name: tr('record') }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('after 5 minutes: says so and sends the person back to the recording', async () => {
    await setupStepI18n('zh-HK');
    server({ ago: 6 * 60_000 });
    renderStep(PATH, <IdentityMediaPage />);
    expect(await screen.findByText(tr('window_passed'))).toBeTruthy();
    expect(screen.queryByRole('radio', { name: new RegExp(tr('method_photos')) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: tr('listen_again') }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/risk-disclosure'));
  });

  it('an upload refused with 2014 (the server clock) turns to the listen-again message', async () => {
    await setupStepI18n('en');
    fakeCamera();
    server();
    const { ApiError } = await import('../../../lib/api-client');
    vi.mocked(uploadDocument).mockRejectedValue(new ApiError(2014, 'late'));
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    await shootWhenReady();
    expect(await screen.findByText(tr('window_passed'))).toBeTruthy();
  });
});

describe('next without the video (issue #22)', () => {
  it('says what is missing once, and no other device is made up', async () => {
    await setupStepI18n('zh-CN');
    fakeCamera();
    const endedAt = new Date(Date.now() - 60_000).toISOString();
    // the server as it is: every save makes a new version, and a save naming another is refused
    let version = 3;
    const s = fakeStepServer({
      '/v9/OpenAccountHk/status': ok(makeStatus('identity_media')),
      '/v9/OpenAccountHk/step_info/risk_disclosure': ok(
        makeStepInfo('risk_disclosure', {
          confirmed_at: endedAt,
          answers: { ended_at: endedAt },
          version: 2,
        }),
      ),
      '/v9/OpenAccountHk/step_info/identity_media': () => ok(makeStepInfo('identity_media', { version })),
      '/v9/OpenAccountHk/step/identity_media': (body: Record<string, unknown>) => {
        if (body.step_version !== undefined && Number(body.step_version) !== version)
          return { status: 2007, data: null, info: err('code_step_version_conflict') };
        version++;
        return ok(
          makeSaveResult('identity_media', { confirmed: body.confirm === true, next_step: 'bank', version }),
        );
      },
      '/v9/OpenAccountHk/liveVideoCheck': ok(LIVE_CODE),
    });
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_video')) }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    const missing = err('identity_face_video_required');
    await screen.findAllByText(missing);
    // the draft of the choice is saved meanwhile (800 ms after it)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    // once, at the video (its <FieldError>), not again above the button; its record button focused
    expect(screen.getAllByText(missing)).toHaveLength(1);
    expect(screen.getAllByRole('alert').filter((a) => a.textContent === missing)).toHaveLength(1);
    expect((document.activeElement as HTMLElement).dataset.upload).toBe('face_video');
    expect(document.body.textContent).not.toContain(err('code_step_version_conflict'));
    expect(s.saves('identity_media').filter((b) => b.confirm)).toHaveLength(0);
  });
});

// issue #22 finding 9: a returned identity photo is marked where it is taken again
describe('a returned selfie (state=refused)', () => {
  it('is marked under its title until a new one replaces it', async () => {
    await setupStepI18n('zh-CN');
    fakeCamera();
    // the one returned: taken in an earlier visit (its own id; a new one has another)
    const selfie = {
      ...doc('selfie', new Date(Date.now() - 30_000).toISOString()),
      document_id: '11111111-1111-4111-8111-111111111111',
    };
    const returned = {
      status: -1,
      submission_number: 1,
      returned_at: '2026-11-27T02:30:00.000Z',
      items: [
        {
          step: 'identity_media',
          kind: 'document',
          document_kind: 'selfie',
          document_id: selfie.document_id,
          label: '自拍照',
          reasons: ['面部不清晰'],
          comment: null,
        },
      ],
      steps: [{ step: 'identity_media', confirmed: false }],
    };
    const s = server({ documents: [selfie], extra: { '/v9/OpenAccountHk/returned': ok(returned) } });
    vi.mocked(uploadDocument).mockImplementation(async (kind) => s.uploaded(kind));
    renderStep(PATH, <IdentityMediaPage />, '?state=refused');
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    const mark = await waitFor(() => {
      const found = document.querySelectorAll('.id-tile__returned');
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(mark.textContent).toContain('面部不清晰');
    const section = mark.closest('section')!;
    expect(section.id).toBe('field-selfie');
    expect(section.getAttribute('aria-describedby')).toBe(mark.id);
    // a new selfie replaces it: the mark goes
    fireEvent.click(within(section).getByRole('button', { name: tr('retake') }));
    await shootWhenReady();
    await waitFor(() =>
      expect(uploadDocument).toHaveBeenCalledWith('selfie', expect.any(Blob), expect.any(Function)),
    );
    await waitFor(() => expect(document.querySelectorAll('.id-tile__returned')).toHaveLength(0));
    expect(s.calls.some((c) => c.path === '/v9/OpenAccountHk/returned')).toBe(true);
  });
});

// issue #22: "此步骤已在另一台设备上修改" with no other device. Found on the real server: a photo
// taken less than 800 ms after choosing the method; the choice's draft, still waiting, was sent
// after the upload had made a new version of the step and before the form was rebuilt, naming
// the version from before the upload (2007). The screen's own upload is no other device.
/**
 * The step's server as it is: a save naming another version is refused (2007); one changing nothing
 * keeps the version; `state` is what it holds (a test changes it as an upload or another device would).
 */
function versionedServer() {
  const endedAt = new Date(Date.now() - 60_000).toISOString();
  const state = {
    version: 0,
    saved: {} as Record<string, unknown>,
    documents: [] as StepInfo['documents'],
  };
  const s = fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('identity_media')),
    '/v9/OpenAccountHk/step_info/risk_disclosure': ok(
      makeStepInfo('risk_disclosure', { confirmed_at: endedAt, answers: { ended_at: endedAt }, version: 2 }),
    ),
    '/v9/OpenAccountHk/step_info/identity_media': () =>
      ok(
        makeStepInfo('identity_media', {
          version: state.version,
          answers: state.saved,
          documents: state.documents,
        }),
      ),
    '/v9/OpenAccountHk/step/identity_media': (body: Record<string, unknown>) => {
      if (body.step_version !== undefined && Number(body.step_version) !== state.version)
        return { status: 2007, data: null, info: err('code_step_version_conflict') };
      if (JSON.stringify(body.answers) !== JSON.stringify(state.saved) || body.confirm) state.version++;
      state.saved = body.answers as Record<string, unknown>;
      return ok(
        makeSaveResult('identity_media', {
          confirmed: body.confirm === true,
          next_step: 'bank',
          version: state.version,
        }),
      );
    },
  });
  return { s, state };
}

describe('a photo taken right after choosing the method', () => {
  it('makes no conflict: the draft waiting for its moment is sent with the upload, not after it', async () => {
    await setupStepI18n('zh-CN');
    fakeCamera();
    const { s, state } = versionedServer();
    // the server stores the photo (a new version of the step) and its answer takes a moment to
    // come back: the choice's draft timer (800 ms) runs out meanwhile
    vi.mocked(uploadDocument).mockImplementation(async (kind) => {
      const d = {
        ...doc(kind, new Date().toISOString()),
        document_id: '22222222-2222-4222-8222-222222222222',
      };
      state.documents = [...state.documents, d];
      state.version++;
      await new Promise((r) => setTimeout(r, 1200));
      return d;
    });
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    await shootWhenReady();
    await screen.findByText(/· 已拍摄/);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    const conflicts = s.calls.filter((c) => c.path === '/v9/OpenAccountHk/step/identity_media');
    expect(document.getElementById('app-alert')?.textContent ?? '').not.toContain(
      err('code_step_version_conflict'),
    );
    expect(conflicts.map((c) => c.body.step_version).filter((v) => v !== undefined && Number(v) < 2)).toEqual(
      [],
    );
  });
  it('a change typed while the upload is on its way is saved at the new version, with no word of another device', async () => {
    await setupStepI18n('zh-CN');
    fakeCamera();
    const { s, state } = versionedServer();
    // the server stores the photo (a new version of the step) and its answer takes a moment to
    // come back: the choice's draft timer (800 ms) runs out meanwhile
    vi.mocked(uploadDocument).mockImplementation(async (kind) => {
      const d = {
        ...doc(kind, new Date().toISOString()),
        document_id: '22222222-2222-4222-8222-222222222222',
      };
      state.documents = [...state.documents, d];
      state.version++;
      await new Promise((r) => setTimeout(r, 1200));
      return d;
    });
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    // what the announcer says, as it says it (a later message empties the region)
    const said: string[] = [];
    const alert =
      document.getElementById('app-alert') ??
      document.body.appendChild(Object.assign(document.createElement('div'), { id: 'app-alert' }));
    alert.setAttribute('role', 'alert');
    new MutationObserver(() => said.push(alert.textContent ?? '')).observe(alert, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await shootWhenReady();
    // the method changed while the photo is still on its way: its draft is due in 800 ms
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(tr('method_video')) }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    expect(said.join(' ')).not.toContain(err('code_step_version_conflict'));
    // the change was saved, at the version the upload made (the form is rebuilt from it too)
    expect(state.saved).toEqual({ method: 'video' });
    // sent at the version from before the upload (refused), then again at the upload's (2)
    const versions = s.saves('identity_media').map((d) => d.step_version);
    expect(versions.indexOf(2)).toBeGreaterThan(versions.indexOf(1));
  });

  it('after an upload that failed, a save by another device is said again (the own-change allowance ends)', async () => {
    await setupStepI18n('en');
    fakeCamera();
    const { s, state } = versionedServer();
    const { ApiError } = await import('../../../lib/api-client');
    vi.mocked(uploadDocument).mockRejectedValue(new ApiError(3003, 'The photo could not be read.'));
    renderStep(PATH, <IdentityMediaPage />);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(tr('method_photos')) }));
    fireEvent.click(screen.getAllByRole('button', { name: tr('open_camera') })[0]!);
    const said: string[] = [];
    const alert =
      document.getElementById('app-alert') ??
      document.body.appendChild(Object.assign(document.createElement('div'), { id: 'app-alert' }));
    alert.setAttribute('role', 'alert');
    new MutationObserver(() => said.push(alert.textContent ?? '')).observe(alert, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await shootWhenReady();
    expect(await screen.findByText('The photo could not be read.')).toBeTruthy();
    // the person's next change is saved (the failed upload changed no version)
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(tr('method_video')) }));
    await waitFor(() => expect(state.saved).toEqual({ method: 'video' }), { timeout: 8000 });
    // then another device saves the step, and this screen changes it once more
    state.saved = { method: 'photos' };
    state.version++;
    const before = s.saves('identity_media').length;
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(tr('method_photos')) }));
    await waitFor(() => expect(said.join(' ')).toContain(err('code_step_version_conflict')), {
      timeout: 8000,
    });
    // refused once and not sent again over the other device's save
    expect(s.saves('identity_media').length).toBe(before + 1);
    // the toast itself shown too (its code loads on first use; the test waits for it to end cleanly)
    await waitFor(
      () =>
        expect(document.querySelector('.adm-toast-main')?.textContent).toContain(
          err('code_step_version_conflict'),
        ),
      { timeout: 8000 },
    );
  });
});
