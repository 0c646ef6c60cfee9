// The front camera in the browser (issue #7 step 2): a live preview, a still taken from it, and a
// short recording. Where getUserMedia or MediaRecorder is missing (or the person refuses the
// camera) the screen falls back to the phone's own camera through a file input.

/** Whether the browser can show the camera in the page. */
export function checkHasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Whether the browser can record a video in the page. */
export function checkHasRecorder(): boolean {
  return checkHasCamera() && typeof globalThis.MediaRecorder === 'function';
}

/** The front camera (and the microphone when asked, else without it should it be refused). */
export async function openFrontCamera(audio: boolean): Promise<MediaStream> {
  const video: MediaTrackConstraints = { facingMode: 'user', width: { ideal: 960 }, height: { ideal: 720 } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio });
  } catch (err) {
    if (!audio) throw err;
    return navigator.mediaDevices.getUserMedia({ video, audio: false });
  }
}

export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The preview's current frame as a JPEG. */
export function takeSnapshot(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no canvas'));
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', 0.9),
  );
}

/** WebM first (Chrome, Firefox, Android), MP4 where that is all there is (Safari). */
const RECORDER_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

export function recorderMimeType(): string | undefined {
  const isSupported = globalThis.MediaRecorder?.isTypeSupported;
  if (typeof isSupported !== 'function') return undefined;
  return RECORDER_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Records the stream for `ms` milliseconds (it stops by itself); resolves with the video. */
export function recordFor(stream: MediaStream, ms: number): Promise<Blob> {
  const mimeType = recorderMimeType();
  const recorder = new MediaRecorder(
    stream,
    mimeType ? { mimeType, videoBitsPerSecond: 800_000 } : undefined,
  );
  const chunks: Blob[] = [];
  return new Promise((resolve, reject) => {
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () =>
      resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'video/webm' }));
    recorder.onerror = () => reject(new Error('recording failed'));
    recorder.start();
    setTimeout(() => {
      if (recorder.state !== 'inactive') recorder.stop();
    }, ms);
  });
}

/** The file name an upload of this video carries (the server decides its type by content). */
export function videoFileName(blob: Blob): string {
  return blob.type.includes('mp4') ? 'face_video.mp4' : 'face_video.webm';
}
