// The identity photos or face video (issue #7 step 2) on PGlite and PostgreSQL: the 5-minute
// window after the recording (the test clock moves time), content typing, the face video's
// duration and size, the single-use digits of `liveVideoCheck`, and the step's confirmation.
import { readFileSync } from 'node:fs';
import { ErrorCode, RISK_DISCLOSURE_VERSION, STEPS } from '@hk/domain';
import { LIVE_CODE_MAX_PER_HOUR } from '@hk/domain/steps/identity-media/form';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as z from 'zod/mini';
import { documents, liveVideoCodes } from '../src/db/schema';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { lockEditableApplicationOfUser } from '../src/plugins/app/steps/step-repository';
import { writeStep } from '../src/plugins/app/steps/step-service';
import {
  applicationRow,
  images,
  multipartBody,
  post,
  signedQuery,
  type TestUser,
} from './application-helpers';
import { applicantWithId, saveStep, snapshot } from './flow-step-helpers';
import { DB_KINDS, findPostgres, type TestApp, useTestApp } from './helpers';
import { confirmStepsBefore } from './investment-helpers';

const pgUrl = await findPostgres();
const video = (name: string) => readFileSync(new URL(`./fixtures/video/${name}`, import.meta.url));

/** The risk-disclosure step confirmed as heard to its end now (by the test clock). */
async function hearRecording(t: TestApp, user: TestUser) {
  const loose = STEPS.map((s) => ({ ...s, answers: z.record(z.string(), z.unknown()) }));
  await t.app.ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, user.userId);
    await writeStep(
      tx,
      { vault: t.app.ctx.vault, now: t.clock.now, meta: SYSTEM_EVENT_META, steps: loose },
      app,
      'risk_disclosure',
      {
        answers: { text_version: RISK_DISCLOSURE_VERSION, ended_at: t.clock.now.toISOString() },
        confirm: true,
      },
    );
  });
}

async function send(
  t: TestApp,
  user: TestUser,
  kind: string,
  file: Buffer,
  extra: Record<string, string> = {},
  filename = 'capture.bin',
) {
  const { body, contentType } = multipartBody([
    { name: 'kind', value: kind },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename, contentType: 'application/octet-stream' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/upload?${signedQuery(t, user.token)}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    payload: body,
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return res.json();
}

async function liveCode(t: TestApp, user: TestUser) {
  const { json } = await post(t, '/v9/OpenAccountHk/liveVideoCheck', {}, { token: user.token });
  return json;
}

async function liveRows(t: TestApp, user: TestUser) {
  const app = await applicationRow(t, user.userId);
  return t.app.ctx.db.select().from(liveVideoCodes).where(eq(liveVideoCodes.applicationId, app!.id));
}

async function activeMedia(t: TestApp, user: TestUser) {
  return t.app.ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.userId, user.userId),
        eq(documents.step, 'identity_media'),
        isNull(documents.deletedAt),
      ),
    );
}

describe.each(DB_KINDS)('identity photos or face video (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  /** An applicant with every step before identity_media confirmed, the recording heard now. */
  async function ready(): Promise<TestUser> {
    const user = await applicantWithId(t);
    await confirmStepsBefore(t, user, 'identity_media');
    await hearRecording(t, user);
    return user;
  }

  run('photos 4 minutes after the recording: stored, and the step confirms with both', async () => {
    const user = await ready();
    t.clock.advance(4 * 60);
    const selfie = await send(t, user, 'selfie', await images.jpeg(480, 640));
    expect(selfie).toMatchObject({ status: 0, data: { kind: 'selfie', mime: 'image/jpeg' } });
    const withId = await send(t, user, 'selfie_with_id', await images.png());
    expect(withId).toMatchObject({ status: 0, data: { kind: 'selfie_with_id', mime: 'image/jpeg' } });
    const { json } = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'photos' },
    });
    expect(json).toMatchObject({
      status: 0,
      data: { step: 'identity_media', confirmed: true, next_step: 'bank' },
    });
  });

  run('photos 6 minutes after the recording: 2014 and nothing written; so is a confirmation', async () => {
    const user = await ready();
    t.clock.advance(4 * 60);
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(0);
    expect((await send(t, user, 'selfie_with_id', await images.jpeg())).status).toBe(0);
    t.clock.advance(2 * 60);
    const before = await snapshot(t, user, 'identity_media');
    const late = await send(t, user, 'selfie', await images.jpeg());
    expect(late.status).toBe(ErrorCode.IDENTITY_MEDIA_WINDOW_PASSED);
    expect(late.info).toBeTruthy();
    const confirm = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'photos' },
    });
    expect(confirm.json.status).toBe(ErrorCode.IDENTITY_MEDIA_WINDOW_PASSED);
    expect(await snapshot(t, user, 'identity_media')).toEqual(before);
    expect(await activeMedia(t, user)).toHaveLength(2);
    // listening again opens a new window
    await hearRecording(t, user);
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(0);
  });

  run('photos of an earlier listening do not count after listening again', async () => {
    const user = await ready();
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(0);
    expect((await send(t, user, 'selfie_with_id', await images.jpeg())).status).toBe(0);
    t.clock.advance(10 * 60);
    await hearRecording(t, user);
    const { json } = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'photos' },
    });
    expect(json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(json.data.fields).sort()).toEqual(['selfie', 'selfie_with_id']);
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(0);
    expect((await send(t, user, 'selfie_with_id', await images.jpeg())).status).toBe(0);
    const again = await saveStep(t, user, 'identity_media', { confirm: true, answers: { method: 'photos' } });
    expect(again.json.status).toBe(0);
  });

  run('needs the recording heard first (2005): uploads, digits and confirmation', async () => {
    const user = await applicantWithId(t);
    await confirmStepsBefore(t, user, 'risk_disclosure');
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(ErrorCode.STEP_NOT_READY);
    expect((await liveCode(t, user)).status).toBe(ErrorCode.STEP_NOT_READY);
    const { json } = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'photos' },
    });
    expect(json.status).toBe(ErrorCode.STEP_NOT_READY);
    expect(await activeMedia(t, user)).toHaveLength(0);
  });

  run("a confirmation without the method's documents names the missing ones (3 languages)", async () => {
    const user = await ready();
    expect((await send(t, user, 'selfie', await images.jpeg())).status).toBe(0);
    const photos = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'photos' },
    });
    expect(photos.json.status).toBe(ErrorCode.VALIDATION_FAILED);
    expect(photos.json.data.fields).toEqual({ selfie_with_id: expect.stringContaining('ID') });
    const video = await saveStep(
      t,
      user,
      'identity_media',
      { confirm: true, answers: { method: 'video' } },
      'zh-CN',
    );
    expect(video.json.data.fields).toEqual({ face_video: expect.stringContaining('视频') });
    const none = await saveStep(t, user, 'identity_media', { confirm: true, answers: {} }, 'zh-HK');
    expect(none.json.data.fields.method).toContain('影片');
    expect((await snapshot(t, user, 'identity_media')).row?.confirmedAt ?? null).toBeNull();
  });

  run('a face video: digits issued, the WebM stored with its attempt, the step confirms', async () => {
    const user = await ready();
    const code = await liveCode(t, user);
    expect(code.status).toBe(0);
    expect(code.data.digits).toMatch(/^\d{4}$/);
    t.clock.advance(30);
    // recorded by Chromium's MediaRecorder (fake camera): no Duration element, unknown sizes
    const up = await send(t, user, 'face_video', video('chrome-5s.webm'), {
      live_code_id: code.data.live_code_id,
    });
    expect(up).toMatchObject({ status: 0, data: { kind: 'face_video', mime: 'video/webm' } });
    const [row] = await liveRows(t, user);
    expect(row!.usedAt).not.toBeNull();
    expect(row!.documentId).toBe(up.data.document_id);
    // kept for the reviewer, sealed: the digits are not in the row as they are
    expect(row!.digitsSealed).not.toContain(code.data.digits);
    expect(t.app.ctx.vault.decrypt(row!.digitsSealed)).toBe(code.data.digits);
    const { json } = await saveStep(t, user, 'identity_media', {
      confirm: true,
      answers: { method: 'video' },
    });
    expect(json).toMatchObject({ status: 0, data: { confirmed: true } });
    // the same digits again: used
    const reuse = await send(t, user, 'face_video', video('live-5s.webm'), {
      live_code_id: code.data.live_code_id,
    });
    expect(reuse.status).toBe(ErrorCode.LIVE_CODE_INVALID);
  });

  run('MP4 (moov first, and fragmented as Safari records) is taken as video/mp4', async () => {
    const user = await ready();
    for (const name of ['clip-5s.mp4', 'fragmented-5s.mp4']) {
      const code = await liveCode(t, user);
      const up = await send(
        t,
        user,
        'face_video',
        video(name),
        { live_code_id: code.data.live_code_id },
        'x.webm',
      );
      expect(up, name).toMatchObject({ status: 0, data: { mime: 'video/mp4' } });
    }
    expect(await activeMedia(t, user)).toHaveLength(1); // one face video: replaced
  });

  run('a video of 1 s or 12 s is refused (3007); the attempt stays usable', async () => {
    const user = await ready();
    const code = await liveCode(t, user);
    const id = { live_code_id: code.data.live_code_id };
    expect((await send(t, user, 'face_video', video('live-1s.webm'), id)).status).toBe(
      ErrorCode.VIDEO_DURATION_REFUSED,
    );
    expect((await send(t, user, 'face_video', video('live-12s.webm'), id)).status).toBe(
      ErrorCode.VIDEO_DURATION_REFUSED,
    );
    expect(await activeMedia(t, user)).toHaveLength(0);
    expect((await liveRows(t, user))[0]!.usedAt).toBeNull();
    expect((await send(t, user, 'face_video', video('seekable-5s.webm'), id)).status).toBe(0);
  });

  run('decides the type by content: an image is no video, a video is no photo', async () => {
    const user = await ready();
    const code = await liveCode(t, user);
    const id = { live_code_id: code.data.live_code_id };
    const jpeg = await send(t, user, 'face_video', await images.jpeg(), id, 'face.webm');
    expect(jpeg.status).toBe(ErrorCode.UPLOAD_TYPE_REFUSED);
    expect(jpeg.data.fields.file).toBeTruthy();
    expect((await send(t, user, 'selfie', video('live-5s.webm'), {}, 'me.jpg')).status).toBe(
      ErrorCode.UPLOAD_TYPE_REFUSED,
    );
    // a WebM cut short of its frames
    expect((await send(t, user, 'face_video', video('live-5s.webm').subarray(0, 200), id)).status).toBe(
      ErrorCode.UPLOAD_UNREADABLE,
    );
    // more than 10 MB
    const big = Buffer.concat([video('live-5s.webm'), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await send(t, user, 'face_video', big, id)).status).toBe(ErrorCode.UPLOAD_TOO_LARGE);
    // a photo still has the 6 MB limit
    const bigPhoto = Buffer.concat([await images.jpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await send(t, user, 'selfie', bigPhoto)).status).toBe(ErrorCode.UPLOAD_TOO_LARGE);
    expect(await activeMedia(t, user)).toHaveLength(0);
  });

  run("a missing, forged, another user's or expired attempt is refused (2015)", async () => {
    const alice = await ready();
    const bob = await ready();
    const bobs = await liveCode(t, bob);
    const webm = video('live-5s.webm');
    for (const extra of <Record<string, string>[]>[
      {},
      { live_code_id: 'not-a-uuid' },
      { live_code_id: '00000000-0000-4000-8000-000000000000' },
      { live_code_id: bobs.data.live_code_id },
    ]) {
      const res = await send(t, alice, 'face_video', webm, extra);
      expect(res.status, JSON.stringify(extra)).toBe(ErrorCode.LIVE_CODE_INVALID);
    }
    expect(await activeMedia(t, alice)).toHaveLength(0);
    expect((await liveRows(t, bob))[0]!.usedAt).toBeNull();
    // expired: issued in an earlier window, used after listening again
    const old = await liveCode(t, alice);
    t.clock.advance(6 * 60);
    await hearRecording(t, alice);
    const expired = await send(t, alice, 'face_video', webm, { live_code_id: old.data.live_code_id });
    expect(expired.status).toBe(ErrorCode.LIVE_CODE_INVALID);
    const fresh = await liveCode(t, alice);
    expect((await send(t, alice, 'face_video', webm, { live_code_id: fresh.data.live_code_id })).status).toBe(
      0,
    );
  });

  run('digits: at most 10 an hour per application (1009), and 2014 after the window', async () => {
    const user = await ready();
    for (let i = 0; i < LIVE_CODE_MAX_PER_HOUR; i++) expect((await liveCode(t, user)).status).toBe(0);
    expect((await liveCode(t, user)).status).toBe(ErrorCode.RATE_LIMITED);
    expect(await liveRows(t, user)).toHaveLength(LIVE_CODE_MAX_PER_HOUR);
    t.clock.advance(5 * 60 + 1);
    expect((await liveCode(t, user)).status).toBe(ErrorCode.IDENTITY_MEDIA_WINDOW_PASSED);
  });
});
