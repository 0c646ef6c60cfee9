import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import en from '../../flow/locales/en.json';
import zhCN from '../../flow/locales/zh-CN.json';
import zhHK from '../../flow/locales/zh-HK.json';
import { STEP_FORMS, type StepFormContext } from '../../flow/step-forms';
import {
  checkIsFaceVideoDuration,
  checkIsIdentityMediaKind,
  IDENTITY_MEDIA_WINDOW_MS,
  identityMediaForm,
  identityMediaWindowOf,
  missingIdentityMedia,
} from './form';

const ENDED = '2026-11-26T08:00:00.000Z';
const at = (minutes: number, seconds = 0) => new Date(Date.parse(ENDED) + (minutes * 60 + seconds) * 1000);

describe('identity media window (spec §9: 5 minutes after the recording)', () => {
  it('is open at 4:59 with one second left', () => {
    expect(identityMediaWindowOf(ENDED, at(4, 59))).toEqual({
      open: true,
      remainingMs: 1000,
      closesAt: '2026-11-26T08:05:00.000Z',
    });
  });
  it('is open right at the end of the recording and at exactly 5:00', () => {
    expect(identityMediaWindowOf(ENDED, at(0))?.remainingMs).toBe(IDENTITY_MEDIA_WINDOW_MS);
    expect(identityMediaWindowOf(ENDED, at(5))?.open).toBe(true);
  });
  it('has passed at 5:01 and at 6:00', () => {
    expect(identityMediaWindowOf(ENDED, at(5, 1))).toMatchObject({ open: false, remainingMs: 0 });
    expect(identityMediaWindowOf(ENDED, at(6))).toMatchObject({ open: false, remainingMs: 0 });
  });
  it('does not open before the recording ended (an end in the future)', () => {
    expect(identityMediaWindowOf(ENDED, at(0, -1))?.open).toBe(false);
  });
  it('takes a Date too, and has no window without a valid end', () => {
    expect(identityMediaWindowOf(new Date(ENDED), at(1))?.open).toBe(true);
    expect(identityMediaWindowOf(undefined, at(1))).toBeNull();
    expect(identityMediaWindowOf('not a date', at(1))).toBeNull();
    expect(identityMediaWindowOf(12, at(1))).toBeNull();
  });
});

describe('face video duration (3–10 s)', () => {
  it.each([
    [2999, false],
    [3000, true],
    [5000, true],
    [10_000, true],
    [10_001, false],
    [Number.NaN, false],
  ])('%d ms → %s', (ms, ok) => {
    expect(checkIsFaceVideoDuration(ms)).toBe(ok);
  });
});

describe('identity media form', () => {
  const ctx = (documentCounts: Record<string, number>): StepFormContext => ({
    today: '2026-11-26',
    facts: { markets: ['HK'], answers: {} },
    documentCounts,
  });

  it('is the generic step form of identity_media', () => {
    expect(STEP_FORMS.identity_media).toBe(identityMediaForm);
  });
  it('needs a method', () => {
    const parsed = z.safeParse(identityMediaForm.schema(ctx({})), {});
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('identity_media_method_required');
    expect(z.safeParse(identityMediaForm.schema(ctx({})), { method: 'fax' }).success).toBe(false);
  });
  it('photos need a selfie and a selfie with the ID; a video alone does not do', () => {
    expect(identityMediaForm.check?.({ method: 'photos' }, ctx({ face_video: 1 }))).toEqual({
      selfie: 'identity_selfie_required',
      selfie_with_id: 'identity_selfie_with_id_required',
    });
    expect(identityMediaForm.check?.({ method: 'photos' }, ctx({ selfie: 1 }))).toEqual({
      selfie_with_id: 'identity_selfie_with_id_required',
    });
    expect(identityMediaForm.check?.({ method: 'photos' }, ctx({ selfie: 1, selfie_with_id: 1 }))).toEqual(
      {},
    );
  });
  it('a video needs the face video; photos alone do not do', () => {
    expect(missingIdentityMedia('video', { selfie: 1, selfie_with_id: 1 })).toEqual({
      face_video: 'identity_face_video_required',
    });
    expect(missingIdentityMedia('video', { face_video: 1 })).toEqual({});
  });
  it('drafts keep only a known method', () => {
    const draft = identityMediaForm.draft!;
    expect(z.safeParse(draft, {}).success).toBe(true);
    expect(z.safeParse(draft, { method: 'video' }).success).toBe(true);
    expect(z.safeParse(draft, { method: 'selfie' }).success).toBe(false);
  });
  it('knows its kinds', () => {
    expect(checkIsIdentityMediaKind('face_video')).toBe(true);
    expect(checkIsIdentityMediaKind('id_front')).toBe(false);
  });
  it('every message key exists in the three languages', () => {
    const keys = [
      'identity_media_method_required',
      'identity_selfie_required',
      'identity_selfie_with_id_required',
      'identity_face_video_required',
    ];
    for (const catalogue of [en, zhCN, zhHK] as Record<string, string>[])
      for (const key of keys) expect(catalogue[key], key).toBeTruthy();
  });
});
