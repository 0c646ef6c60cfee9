import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHasCamera, checkHasRecorder, recorderMimeType, recordFor, videoFileName } from './camera';

class FakeRecorder {
  static supported = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  static isTypeSupported = (type: string) => FakeRecorder.supported.includes(type);
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  stops = 0;
  static last: FakeRecorder;
  constructor(_stream: MediaStream, opts?: { mimeType?: string }) {
    this.mimeType = opts?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.stops++;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['a']) });
    this.ondataavailable?.({ data: new Blob([]) });
    this.ondataavailable?.({ data: new Blob(['b']) });
    this.onstop?.();
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('camera', () => {
  it('records for exactly the time asked, then stops by itself', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const done = recordFor({} as MediaStream, 5000);
    expect(FakeRecorder.last.mimeType).toBe('video/webm;codecs=vp8,opus');
    vi.advanceTimersByTime(4999);
    expect(FakeRecorder.last.state).toBe('recording');
    vi.advanceTimersByTime(1);
    const video = await done;
    expect(FakeRecorder.last.stops).toBe(1);
    expect(video.type).toBe('video/webm;codecs=vp8,opus');
    expect(video.size).toBe(2); // the empty chunk left out
  });

  it('prefers WebM, takes MP4 where that is all there is (Safari), names the file by type', () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    expect(recorderMimeType()).toBe('video/webm;codecs=vp8,opus');
    FakeRecorder.supported = ['video/mp4'];
    expect(recorderMimeType()).toBe('video/mp4');
    expect(videoFileName(new Blob([], { type: 'video/mp4' }))).toBe('face_video.mp4');
    expect(videoFileName(new Blob([], { type: 'video/webm;codecs=vp8' }))).toBe('face_video.webm');
  });

  it('knows when the page cannot use the camera or record', () => {
    expect(checkHasCamera()).toBe(false);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn() },
      configurable: true,
    });
    expect(checkHasCamera()).toBe(true);
    vi.stubGlobal('MediaRecorder', undefined);
    expect(checkHasRecorder()).toBe(false);
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    expect(checkHasRecorder()).toBe(true);
  });
});
