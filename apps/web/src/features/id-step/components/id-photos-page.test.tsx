import type { DocumentKind } from '@hk/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeServer, makeDoc, makeInfo, ok, renderAt, setupI18n } from '../test-utils';
import IdPhotosPage from './id-photos-page';

const image = () =>
  new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), { headers: { 'content-type': 'image/jpeg' } });

function serve(info = makeInfo({ id_location: 'CN', id_type: 'cn_id' })) {
  return fakeServer({
    '/v9/OpenAccountHk/info': ok(info),
    [`/v9/OpenAccountHk/file/${makeDoc('id_front').document_id}`]: image,
    [`/v9/OpenAccountHk/file/${makeDoc('id_back').document_id}`]: image,
  });
}

let urls = 0;
beforeEach(async () => {
  await setupI18n('en');
  urls = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:test/${++urls}`, revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const jpeg = (bytes: number) => new File([new Uint8Array(bytes)], 'id.jpg', { type: 'image/jpeg' });
const choose = (name: string, file: File) =>
  fireEvent.change(screen.getByLabelText(name), { target: { files: [file] } });

describe('ID photos', () => {
  it('refuses an image still over 6 MB after compression, naming the maximum, without uploading', async () => {
    serve();
    const compress = vi.fn(async (f: File) => f as Blob);
    const upload = vi.fn();
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress, upload }} />);
    await screen.findByLabelText('Upload ID front');
    choose('Upload ID front', jpeg(6 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('The image must not be larger than 6 MB');
    expect(compress).toHaveBeenCalled();
    expect(upload).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepts a large camera photo that compresses under the limit', async () => {
    serve();
    const compress = vi.fn(async () => new Blob(['small'], { type: 'image/jpeg' }));
    const upload = vi.fn(async () => ({
      document_id: '00000000-0000-4000-8000-000000000001',
      kind: 'id_front' as const,
      mime: 'image/jpeg',
      width: 1000,
      height: 630,
      size: 5,
      uploaded_at: new Date().toISOString(),
    }));
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress, upload }} />);
    await screen.findByLabelText('Upload ID front');
    choose('Upload ID front', jpeg(12 * 1024 * 1024));
    await waitFor(() => expect(upload).toHaveBeenCalled());
  });

  it('accepts exactly 6 MB, compresses, shows the upload percentage, and enables Next after both sides', async () => {
    serve();
    const compressed = new Blob(['small'], { type: 'image/jpeg' });
    const compress = vi.fn(async () => compressed);
    let finish: (() => void) | undefined;
    const upload = vi.fn(
      (kind: DocumentKind, _blob: Blob, onProgress?: (p: number) => void) =>
        new Promise<ReturnType<typeof makeDoc>>((resolve) => {
          onProgress?.(42);
          finish = () => resolve(makeDoc(kind));
        }),
    );
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress, upload }} />);
    expect(await screen.findByText('ID card: photo side')).toBeTruthy();
    choose('Upload ID front', jpeg(6 * 1024 * 1024));
    // the tile's own status (the page's announcer, outside the tiles, says what an upload ended with)
    const front = screen.getByRole('region', { name: 'ID card: photo side' });
    // the status shows 0 % while the photo is compressed, then the upload's own progress: wait for it
    // (findByRole returned at 0 % once in CI, before the upload had reported)
    await waitFor(() => expect(within(front).getByRole('status').textContent).toContain('Uploading 42%'));
    expect(upload).toHaveBeenCalledWith('id_front', compressed, expect.any(Function));
    finish!();
    expect(await within(front).findByText('Uploaded')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    choose('Choose ID back from album', jpeg(1000));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    finish!();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/id/details');
  });

  it("shows the server's refusal on that tile, and offers retry after a network failure", async () => {
    serve();
    const upload = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(3005, 'The image could not be read. Please take it again.'))
      .mockRejectedValueOnce(new ApiError(-1, 'Network error, please try again'))
      .mockResolvedValueOnce(makeDoc('id_back'));
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress: async (f) => f, upload }} />);
    await screen.findByLabelText('Upload ID back');
    choose('Upload ID back', jpeg(1000));
    const back = screen.getByRole('region', { name: 'ID card: national emblem side' });
    expect((await within(back).findByRole('alert')).textContent).toBe(
      'The image could not be read. Please take it again.',
    );
    expect(within(back).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(back).getByRole('button', { name: 'Retake ID back' })).toBeTruthy();

    choose('Upload ID back', jpeg(1000));
    // the first refusal's alert is still there until the second attempt answers: wait for the new one
    await waitFor(() =>
      expect(within(back).getByRole('alert').textContent).toBe('Network error, please try again'),
    );
    fireEvent.click(within(back).getByRole('button', { name: 'Retry' }));
    expect(await within(back).findByText('Uploaded')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('after an upload, refused or stored, the focus is back on the control it started from, and the result is said (issue #16)', async () => {
    serve();
    // a browser takes the focus off a control when it is disabled (the input is, while it sends)
    const blurWhileSending = () => (document.activeElement as HTMLElement | null)?.blur();
    const upload = vi
      .fn()
      .mockImplementationOnce(async () => {
        blurWhileSending();
        throw new ApiError(3005, 'The image could not be read. Please take it again.');
      })
      .mockImplementationOnce(async () => {
        blurWhileSending();
        return makeDoc('id_back');
      });
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress: async (f) => f, upload }} />);
    const album = await screen.findByLabelText('Choose ID back from album');
    album.focus();
    fireEvent.change(album, { target: { files: [jpeg(1000)] } });
    const back = screen.getByRole('region', { name: 'ID card: national emblem side' });
    const alert = await within(back).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(album));
    // the refusal is what the control is described by
    expect(album.getAttribute('aria-describedby')).toBe(alert.id);

    album.focus();
    fireEvent.change(album, { target: { files: [jpeg(1000)] } });
    expect(await within(back).findByText('Uploaded')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(album));
    await waitFor(() =>
      expect(document.getElementById('app-status')?.textContent).toBe(
        'ID card: national emblem side: uploaded.',
      ),
    );
  });

  it('keeps Next disabled while a side already on file is being sent again', async () => {
    serve(
      makeInfo({ id_location: 'HK', id_type: 'hk_id', documents: [makeDoc('id_front'), makeDoc('id_back')] }),
    );
    let finish: (doc: ReturnType<typeof makeDoc>) => void = () => {};
    const upload = vi.fn(() => new Promise<ReturnType<typeof makeDoc>>((resolve) => (finish = resolve)));
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress: async (f) => f, upload }} />);
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next().disabled).toBe(false));
    choose('Upload ID front', jpeg(1000));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(next().disabled).toBe(true);
    finish(makeDoc('id_front'));
    await waitFor(() => expect(next().disabled).toBe(false));
  });

  it('keeps Next disabled while a new photo is still being compressed, before it is sent', async () => {
    serve(
      makeInfo({ id_location: 'HK', id_type: 'hk_id', documents: [makeDoc('id_front'), makeDoc('id_back')] }),
    );
    let compressed: (blob: Blob) => void = () => {};
    const compress = vi.fn(() => new Promise<Blob>((resolve) => (compressed = resolve)));
    const upload = vi.fn(async () => makeDoc('id_front'));
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress, upload }} />);
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next().disabled).toBe(false));
    choose('Upload ID front', jpeg(1000));
    await waitFor(() => expect(compress).toHaveBeenCalled());
    expect(next().disabled).toBe(true);
    expect(upload).not.toHaveBeenCalled();
    compressed(new Blob(['small'], { type: 'image/jpeg' }));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    await waitFor(() => expect(next().disabled).toBe(false));
  });

  it('shows photos already on file from the owner-only route, and passport labels', async () => {
    const server = serve(
      makeInfo({
        id_location: 'OTHER',
        nationality: 'GB',
        id_type: 'passport',
        documents: [makeDoc('id_front'), makeDoc('id_back')],
      }),
    );
    renderAt('/userinfo/id/photos', <IdPhotosPage deps={{ compress: async (f) => f, upload: vi.fn() }} />);
    const img = await screen.findByRole('img', { name: 'Passport photo page' });
    await waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/));
    expect(screen.getByRole('region', { name: 'Passport second page' })).toBeTruthy();
    expect(
      server.calls.some((c) => c.path === `/v9/OpenAccountHk/file/${makeDoc('id_front').document_id}`),
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a person without an ID location back to the first screen', async () => {
    serve(makeInfo());
    renderAt('/userinfo/id/photos', <IdPhotosPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/userinfo/id');
  });
});

describe('ID photos of an application returned for changes (state=refused, issue #14)', () => {
  it('says why above the tiles and under the returned side, until a new photo replaces it', async () => {
    await setupI18n('zh-CN');
    const front = makeDoc('id_front');
    const returnedItem = {
      step: 'identity',
      kind: 'document',
      document_kind: 'id_front',
      document_id: front.document_id,
      label: '身份证件正面',
      reasons: ['图片模糊，无法看清'],
      comment: '请重新拍摄',
    };
    fakeServer({
      '/v9/OpenAccountHk/info': ok(
        makeInfo({ id_location: 'HK', id_type: 'hk_id', documents: [front, makeDoc('id_back')] }),
      ),
      '/v9/OpenAccountHk/returned': ok({
        status: -1,
        submission_number: 1,
        returned_at: '2026-11-27T02:30:00.000Z',
        items: [returnedItem],
        steps: [{ step: 'identity', confirmed: false }],
      }),
      [`/v9/OpenAccountHk/file/${front.document_id}`]: image,
      [`/v9/OpenAccountHk/file/${makeDoc('id_back').document_id}`]: image,
    });
    const upload = vi.fn(async () => ({ ...front, document_id: '99999999-9999-4999-8999-999999999999' }));
    renderAt(
      '/userinfo/id/photos',
      <IdPhotosPage deps={{ compress: async (f: File) => f, upload }} />,
      '?state=refused',
    );
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('图片模糊，无法看清');
    expect(note.textContent).toContain('请重新拍摄');
    const mark = await waitFor(() => {
      const found = document.querySelectorAll('.id-tile__returned');
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(mark.textContent).toContain('图片模糊，无法看清');
    // the returned side's file input is described by the reason (a screen reader hears it there)
    const frontInput = document.getElementById(mark.closest('.id-tile')!.querySelector('input')!.id)!;
    expect(frontInput.getAttribute('aria-describedby')).toContain(mark.id);
    choose(frontInput.getAttribute('aria-label')!, jpeg(1000));
    await waitFor(() => expect(document.querySelectorAll('.id-tile__returned')).toHaveLength(0));
  });
});
