// The face video's duration read from its container (plugins/app/documents/video.ts), on files
// made by ffmpeg (test/fixtures/video/make-fixtures.sh): WebM written live like MediaRecorder's (no
// Duration element, unknown sizes), WebM with a Duration, MP4 with its moov first, fragmented MP4.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readVideoDurationMs } from '../src/plugins/app/documents/video';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/video/${name}`, import.meta.url));

describe('readVideoDurationMs', () => {
  it.each([
    ['live-1s.webm', 'webm', 1000],
    ['live-5s.webm', 'webm', 5000],
    ['live-12s.webm', 'webm', 12_000],
    ['seekable-5s.webm', 'webm', 5000],
    ['clip-5s.mp4', 'mp4', 5000],
    ['fragmented-5s.mp4', 'mp4', 5000],
  ] as const)('%s lasts %d ms', (name, container, ms) => {
    expect(readVideoDurationMs(fixture(name), container)).toBeCloseTo(ms, -1);
  });

  it("Chromium's own MediaRecorder WebM (fake camera and microphone, VP8 + Opus) lasts about 5 s", () => {
    const ms = readVideoDurationMs(fixture('chrome-5s.webm'), 'webm');
    expect(ms).toBeGreaterThan(4800);
    expect(ms).toBeLessThan(5200);
  });

  it('the live WebM really has no Duration element (0x4489): the timecodes give it', () => {
    const live = fixture('live-5s.webm');
    const info = live.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]));
    const cluster = live.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(info).toBeGreaterThan(0);
    expect(live.subarray(info, cluster).includes(Buffer.from([0x44, 0x89]))).toBe(false);
  });

  it('a WebM cut after its first frames counts what is there', () => {
    const live = fixture('live-5s.webm');
    const half = readVideoDurationMs(live.subarray(0, Math.floor(live.length / 2)), 'webm');
    expect(half).toBeGreaterThan(0);
    expect(half!).toBeLessThan(4000);
  });

  it('no frames, garbage or the wrong container: null', () => {
    expect(readVideoDurationMs(fixture('live-5s.webm').subarray(0, 100), 'webm')).toBeNull();
    expect(readVideoDurationMs(Buffer.alloc(64, 0xff), 'webm')).toBeNull();
    expect(readVideoDurationMs(Buffer.alloc(0), 'mp4')).toBeNull();
    expect(readVideoDurationMs(fixture('clip-5s.mp4'), 'webm')).toBeNull();
    expect(readVideoDurationMs(fixture('live-5s.webm'), 'mp4')).toBeNull();
  });

  it('an MP4 box claiming more bytes than the file has is not followed', () => {
    const bytes = Buffer.from(fixture('clip-5s.mp4'));
    bytes.writeUInt32BE(0x7fffffff, 0); // ftyp says it is 2 GB
    expect(readVideoDurationMs(bytes, 'mp4')).toBeNull();
  });
});
