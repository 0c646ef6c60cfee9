// The risk-disclosure recording (issue #7 step 1): start, then "listened", accepted only when the
// whole recording was heard, not faster than 1.5×, in the current text version.
import { RISK_DISCLOSURE_VERSION, translateError } from '@hk/domain';
import { riskPlaylist } from '@hk/domain/steps/risk-disclosure/rules';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationEvents, applicationSteps, applications } from '../src/db/schema';
import { post, type TestUser } from './application-helpers';
import {
  applicantWithId,
  confirmBeforeTax,
  confirmDirect,
  ErrorCode,
  type Lang,
  saveStep,
  snapshot,
} from './flow-step-helpers';
import { DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';

const pgUrl = await findPostgres();

async function call(t: TestApp, user: { token: string }, body: Record<string, unknown>, lang: Lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v9/OpenAccountHk/risk_disclosure',
    headers: {
      authorization: `Bearer ${user.token}`,
      'accept-language': lang,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  expect(res.statusCode, 'never a 5xx').toBeLessThan(500);
  return res.json();
}

/** An applicant with every step before the recording confirmed. */
async function ready(t: TestApp, markets: string[] = ['HK']) {
  const user = await applicantWithId(t);
  await confirmBeforeTax(t, user, { markets });
  await confirmDirect(t, user, 'tax', { us_citizen: false, us_green_card: false, us_born: false });
  await confirmDirect(t, user, 'declarations', { pep: false, hkidr_consent: true });
  await confirmDirect(t, user, 'investment', {});
  return user;
}

const whole = (totalMs: number) => [
  { start_ms: 0, end_ms: Math.round(totalMs / 2) },
  // a join within the 250 ms tolerance
  { start_ms: Math.round(totalMs / 2) + 200, end_ms: totalMs },
];

function listened(sections: string[], ranges: { start_ms: number; end_ms: number }[], extra = {}) {
  return {
    action: 'listened',
    text_version: RISK_DISCLOSURE_VERSION,
    language: 'en',
    sections,
    ranges,
    max_speed: 1.5,
    ...extra,
  };
}

async function stepRow(t: TestApp, user: TestUser) {
  const { db } = t.app.ctx;
  const [app] = await db.select().from(applications).where(eq(applications.userId, user.userId));
  const [row] = await db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, app!.id), eq(applicationSteps.step, 'risk_disclosure')));
  const events = await db
    .select()
    .from(applicationEvents)
    .where(and(eq(applicationEvents.applicationId, app!.id), eq(applicationEvents.step, 'risk_disclosure')))
    .orderBy(asc(applicationEvents.id));
  return { app: app!, row: row ?? null, events };
}

const status = async (t: TestApp, user: { token: string }) =>
  (await post(t, '/v9/OpenAccountHk/status', {}, { token: user.token })).json.data;

describe.each(DB_KINDS)('the risk-disclosure recording (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl);

  run(
    'start gives the sections of the account type with their audio, and records a start event',
    async () => {
      const user = await ready(t, ['HK', 'US']);
      const res = await call(t, user, { action: 'start', language: 'zh-HK' });
      expect(res.status).toBe(0);
      const { playlist } = res.data;
      expect(playlist.sections.map((s: { section: string }) => s.section)).toEqual([
        'securities',
        'client_assets',
        'us_market',
      ]);
      expect(playlist.sections[0].url).toBe(
        `/risk-disclosure/${RISK_DISCLOSURE_VERSION}/zh-HK/securities.webm`,
      );
      expect(playlist.sections[1].offset_ms).toBe(playlist.sections[0].duration_ms);
      expect(res.data.minimum_ms).toBe(Math.floor(playlist.total_ms / 1.5));
      expect(res.data.started_at).toBe(t.clock.now.toISOString());
      const { events, row } = await stepRow(t, user);
      expect(events.map((e) => e.type)).toEqual(['risk_disclosure_started']);
      expect(events[0]!.data).toMatchObject({
        language: 'zh-HK',
        sections: ['securities', 'client_assets', 'us_market'],
      });
      expect(row?.confirmedAt ?? null).toBeNull();
    },
  );

  run(
    'accepts the whole recording heard at 1.5×, confirms the step and goes to the identity photos',
    async () => {
      const user = await ready(t);
      const start = await call(t, user, { action: 'start', language: 'en' });
      const total = start.data.playlist.total_ms as number;
      t.clock.advance(Math.ceil(total / 1.5 / 1000));
      const res = await call(t, user, listened(['securities', 'client_assets'], whole(total)));
      expect(res.status, JSON.stringify(res)).toBe(0);
      expect(res.data).toMatchObject({
        confirmed: true,
        next_step: 'identity_media',
        ended_at: t.clock.now.toISOString(),
      });
      const { row, events } = await stepRow(t, user);
      expect(row!.confirmedAt).not.toBeNull();
      expect(row!.answers).toEqual({
        text_version: RISK_DISCLOSURE_VERSION,
        language: 'en',
        sections: ['securities', 'client_assets'],
        started_at: start.data.started_at,
        ended_at: t.clock.now.toISOString(),
        total_ms: total,
        max_speed: 1.5,
      });
      expect(events.map((e) => e.type)).toEqual([
        'risk_disclosure_started',
        'step_confirmed',
        'risk_disclosure_listened',
      ]);
      const s = await status(t, user);
      expect(s.next_step).toBe('identity_media');
      expect(s.info_progress).toBe(60);
      // the start is used once: a replayed "listened" cannot move the recording's end
      t.clock.advance(60);
      const again = await call(t, user, listened(['securities', 'client_assets'], whole(total)));
      expect(again.status).toBe(ErrorCode.RECORDING_NOT_HEARD);
      expect((await stepRow(t, user)).row!.answers.ended_at).toBe(res.data.ended_at);
    },
  );

  run('refuses a gap, a recording cut short, and nothing is written', async () => {
    const user = await ready(t);
    const start = await call(t, user, { action: 'start', language: 'en' });
    const total = start.data.playlist.total_ms as number;
    t.clock.advance(Math.ceil(total / 1000));
    const before = await snapshot(t, user, 'risk_disclosure');
    const gap = [
      { start_ms: 0, end_ms: 10_000 },
      { start_ms: 12_000, end_ms: total },
    ];
    for (const ranges of [gap, [{ start_ms: 0, end_ms: total - 2_000 }], []]) {
      const res = await call(t, user, listened(['securities', 'client_assets'], ranges), 'zh-CN');
      expect(res.status).toBe(ErrorCode.RECORDING_NOT_HEARD);
      expect(res.info).toBe(translateError('zh-CN', 'code_recording_not_heard'));
      expect(res.info).toMatch(/录音/);
    }
    expect(await snapshot(t, user, 'risk_disclosure')).toEqual(before);
  });

  run('refuses "listened" sooner than the recording at 1.5× after the start, then accepts it', async () => {
    const user = await ready(t);
    const start = await call(t, user, { action: 'start', language: 'en' });
    const total = start.data.playlist.total_ms as number;
    t.clock.advance(Math.floor(total / 1.5 / 1000) - 2);
    const early = await call(t, user, listened(['securities', 'client_assets'], whole(total)));
    expect(early.status).toBe(ErrorCode.RECORDING_NOT_HEARD);
    t.clock.advance(3);
    const res = await call(t, user, listened(['securities', 'client_assets'], whole(total)));
    expect(res.status).toBe(0);
  });

  run('refuses "listened" with no start', async () => {
    const user = await ready(t);
    const total = riskPlaylist('en', ['securities', 'client_assets']).total_ms;
    const res = await call(t, user, listened(['securities', 'client_assets'], whole(total)));
    expect(res.status).toBe(ErrorCode.RECORDING_NOT_HEARD);
    expect((await stepRow(t, user)).row?.confirmedAt ?? null).toBeNull();
  });

  run('refuses an old text version, other sections, and sections that changed since the start', async () => {
    const user = await ready(t);
    const start = await call(t, user, { action: 'start', language: 'en' });
    const total = start.data.playlist.total_ms as number;
    t.clock.advance(Math.ceil(total / 1000));
    const sections = ['securities', 'client_assets'];
    for (const body of [
      listened(sections, whole(total), { text_version: '2025.1' }),
      listened(['securities'], whole(total)),
      listened(sections, whole(total), { language: 'zh-CN' }),
    ])
      expect((await call(t, user, body)).status).toBe(ErrorCode.RECORDING_NOT_HEARD);
    // the account type becomes margin after the start: the margin section was not heard
    await confirmDirect(t, user, 'account_type', { securities: 'margin', markets: ['HK'], futures: false });
    expect((await call(t, user, listened(sections, whole(total)))).status).toBe(
      ErrorCode.RECORDING_NOT_HEARD,
    );
  });

  run('a step confirmed on an older text version counts as not done: listen again', async () => {
    const user = await ready(t);
    await confirmDirect(t, user, 'risk_disclosure', {
      text_version: '2025.1',
      language: 'en',
      sections: ['securities', 'client_assets'],
      started_at: '2026-01-01T00:00:00.000Z',
      ended_at: '2026-01-01T00:01:00.000Z',
      total_ms: 60_000,
      max_speed: 1,
    });
    expect((await stepRow(t, user)).row!.confirmedAt).not.toBeNull();
    const s = await status(t, user);
    expect(s.next_step).toBe('risk_disclosure');
    expect(s.steps.find((x: { step: string }) => x.step === 'risk_disclosure').confirmed).toBe(false);
    const start = await call(t, user, { action: 'start', language: 'en' });
    t.clock.advance(Math.ceil(start.data.playlist.total_ms / 1000));
    const res = await call(
      t,
      user,
      listened(['securities', 'client_assets'], whole(start.data.playlist.total_ms)),
    );
    expect(res.status).toBe(0);
    expect((await status(t, user)).next_step).toBe('identity_media');
  });

  run("one person's calls never touch another's recording", async () => {
    const alice = await ready(t);
    const bob = await ready(t);
    const start = await call(t, alice, { action: 'start', language: 'en' });
    const total = start.data.playlist.total_ms as number;
    t.clock.advance(Math.ceil(total / 1000));
    const aliceBefore = await snapshot(t, alice, 'risk_disclosure');
    // Bob reports listening with no start of his own: Alice's start does not count for him
    const res = await call(t, bob, listened(['securities', 'client_assets'], whole(total)));
    expect(res.status).toBe(ErrorCode.RECORDING_NOT_HEARD);
    expect(await snapshot(t, alice, 'risk_disclosure')).toEqual(aliceBefore);
    expect((await stepRow(t, bob)).events).toEqual([]);
  });

  run('needs a session, and the steps before it', async () => {
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/risk_disclosure',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signed(t, { action: 'start', language: 'en' })),
    });
    expect(noSession.json().status).toBe(ErrorCode.SESSION_INVALID);
    const user = await applicantWithId(t);
    const start = await call(t, user, { action: 'start', language: 'en' });
    t.clock.advance(Math.ceil(start.data.playlist.total_ms / 1000));
    const res = await call(
      t,
      user,
      listened(['securities', 'client_assets'], whole(start.data.playlist.total_ms)),
    );
    expect(res.status).toBe(ErrorCode.STEP_NOT_READY);
  });

  run('cannot be confirmed through the generic step call', async () => {
    const user = await ready(t);
    const { json } = await saveStep(t, user, 'risk_disclosure', {
      confirm: true,
      answers: { text_version: RISK_DISCLOSURE_VERSION, ended_at: t.clock.now.toISOString() },
    });
    expect(json.status).toBe(ErrorCode.STEP_NOT_AVAILABLE);
    expect((await stepRow(t, user)).row?.confirmedAt ?? null).toBeNull();
  });
});
