// Issue #12 item 8: calls that write an application's history have a budget per hour (2019
// ACTION_LIMIT, nothing written past it), and a call that changes nothing writes nothing. Counted
// in the database under the application's row lock: racing requests, also through a second app on
// the same PostgreSQL database (another server process), never both pass at the limit.
import { ErrorCode, RISK_DISCLOSURE_VERSION, translateError } from '@hk/domain';
import { ACTION_LIMITS_PER_HOUR } from '@hk/domain/flow/action-limits';
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { applicationEvents, applications, documents, riskCallAppointments } from '../src/db/schema';
import { type EventType, recordEvent, SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { images, post, type TestUser, upload } from './application-helpers';
import { applicantWithId, confirmBeforeTax, confirmDirect } from './flow-step-helpers';
import { createTestApp, DB_KINDS, findPostgres, signed, type TestApp, useTestApp } from './helpers';
import {
  ALL_UNDER_A_YEAR,
  appoint,
  createApplicant,
  saveInvestment,
  TUESDAY_9AM_HK,
} from './investment-helpers';
import { postSigned, readyToSign } from './signature-helpers';

const pgUrl = await findPostgres();
const HOUR_S = 3600;

/** 18 bookable Wednesday slots (10:00 to 17:30 is 16; from 09:00). */
const WEDNESDAY = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `2026-12-02T${hh}:${mm}:00+08:00`;
});

async function appIdOf(t: TestApp, user: TestUser): Promise<string> {
  const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
  return app!.id;
}

async function eventCount(t: TestApp, user: TestUser, types?: EventType[]): Promise<number> {
  const id = await appIdOf(t, user);
  const rows = await t.app.ctx.db
    .select({ type: applicationEvents.type })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id));
  return rows.filter((r) => !types || types.includes(r.type as EventType)).length;
}

/** Every document row of the user's application, deleted (replaced) ones included. */
async function documentRows(t: TestApp, user: TestUser): Promise<number> {
  const id = await appIdOf(t, user);
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.applicationId, id));
  return Number(row!.n);
}

/** Events written as if earlier calls had made them, at the app's clock (fills a budget quickly). */
async function prefill(t: TestApp, user: TestUser, type: EventType, n: number, data = {}) {
  const applicationId = await appIdOf(t, user);
  for (let i = 0; i < n; i++)
    await recordEvent(t.app.ctx.db, SYSTEM_EVENT_META, {
      type,
      applicationId,
      userId: user.userId,
      data: { ...data, n: i },
      at: t.clock.now,
    });
}

function riskCall(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  return t.app
    .inject({
      method: 'POST',
      url: '/v9/OpenAccountHk/risk_disclosure',
      headers: {
        authorization: `Bearer ${user.token}`,
        'accept-language': 'en',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(signed(t, body, { token: user.token })),
    })
    .then((r) => r.json());
}

describe.each(DB_KINDS)('history budgets and calls that change nothing (%s)', (kind) => {
  const { t, test: run } = useTestApp(kind, pgUrl, (app) => {
    app.clock.now = new Date(TUESDAY_9AM_HK);
  });
  const limitMessage = translateError('en', 'code_action_limit');

  async function applicantNeedingTheCall() {
    const user = await createApplicant(t);
    const draft = await saveInvestment(t, user, {
      confirm: false,
      answers: { purposes: ['hedging'], experience: ALL_UNDER_A_YEAR },
    });
    expect(draft.json.status).toBe(0);
    return user;
  }
  const appointmentEvents: EventType[] = ['appointment_booked', 'appointment_changed'];
  async function booking(user: TestUser) {
    const [row] = await t.app.ctx.db
      .select()
      .from(riskCallAppointments)
      .where(eq(riskCallAppointments.applicationId, await appIdOf(t, user)));
    return row ?? null;
  }

  run(
    'risk-call booking: the same slot writes nothing; the 11th change in an hour is 2019, then after the hour it works',
    async () => {
      const start = new Date(TUESDAY_9AM_HK);
      t.clock.now = start;
      const user = await applicantNeedingTheCall();
      const limit = ACTION_LIMITS_PER_HOUR.appointment;
      for (let i = 0; i < limit; i++) {
        const res = await appoint(t, user, { slot: WEDNESDAY[i % 2]! });
        expect(res.json.status, `change ${i + 1}`).toBe(0);
        t.clock.advance(30);
      }
      const events = await eventCount(t, user);
      const before = await booking(user);
      expect(before?.version).toBe(limit);
      // the booked slot again: answered as before, nothing written
      const same = await appoint(t, user, { slot: WEDNESDAY[(limit - 1) % 2]! });
      expect(same.json.status).toBe(0);
      expect(same.json.data).toMatchObject({ appointment: { version: limit }, changed_from: null });
      const refused = await appoint(t, user, { slot: WEDNESDAY[5]! });
      expect(refused.json.status).toBe(ErrorCode.ACTION_LIMIT);
      expect(refused.json.info).toBe(limitMessage);
      expect(refused.res.statusCode).toBe(200);
      expect(await eventCount(t, user)).toBe(events);
      expect(await booking(user)).toEqual(before);
      // an hour after the first change, that change no longer counts
      t.clock.now = new Date(start.getTime() + HOUR_S * 1000 + 1000);
      const later = await appoint(t, user, { slot: WEDNESDAY[5]! });
      expect(later.json.status).toBe(0);
      expect(await eventCount(t, user, appointmentEvents)).toBe(limit + 1);
      t.clock.now = new Date(TUESDAY_9AM_HK);
    },
  );

  run(
    'risk-call booking: two racing changes at the limit, one through a second server process, one passes',
    async () => {
      t.clock.now = new Date(TUESDAY_9AM_HK);
      const user = await applicantNeedingTheCall();
      const limit = ACTION_LIMITS_PER_HOUR.appointment;
      expect((await appoint(t, user, { slot: WEDNESDAY[0]! })).json.status).toBe(0);
      await prefill(t, user, 'appointment_changed', limit - 2);
      // a second app on the same database stands for another server process (PostgreSQL only)
      const other =
        kind === 'postgres'
          ? await createTestApp(
              'postgres',
              { dataKey: t.config.dataKey, linkKey: t.config.linkKey },
              { databaseUrl: t.databaseUrl! },
            )
          : undefined;
      try {
        if (other) other.clock.now = t.clock.now;
        const race = await Promise.all([
          appoint(t, user, { slot: WEDNESDAY[1]! }),
          appoint(other ?? t, user, { slot: WEDNESDAY[2]! }),
        ]);
        expect(race.map((r) => r.json.status).sort()).toEqual([0, ErrorCode.ACTION_LIMIT]);
        expect(await eventCount(t, user, appointmentEvents)).toBe(limit);
        expect((await booking(user))?.version).toBe(2);
      } finally {
        await other?.close();
      }
    },
  );

  run(
    'agreement_opened: opening a document again writes nothing; new openings past the budget are 2019',
    async () => {
      const user = await readyToSign(t);
      const list = await postSigned(t, user, 'agreements', { language: 'en' });
      const [first, second] = list.json.data.documents as { id: string; sha256: string }[];
      const open = (d: { id: string; sha256: string }, language = 'en') =>
        postSigned(t, user, 'agreement_opened', { language, id: d.id, sha256: d.sha256 });
      expect((await open(first!)).json).toMatchObject({ status: 0, data: { id: first!.id, opened: true } });
      const opened = await eventCount(t, user, ['agreement_opened']);
      expect(opened).toBe(1);
      for (let i = 0; i < 3; i++) {
        const again = await open(first!);
        expect(again.json).toMatchObject({
          status: 0,
          data: { id: first!.id, sha256: first!.sha256, opened: true },
        });
      }
      expect(await eventCount(t, user, ['agreement_opened'])).toBe(1);
      // the same document in another language renders another hash: a new opening
      const zh = await postSigned(t, user, 'agreements', { language: 'zh-HK' });
      const firstZh = (zh.json.data.documents as { id: string; sha256: string }[]).find(
        (d) => d.id === first!.id,
      )!;
      expect(firstZh.sha256).not.toBe(first!.sha256);
      expect((await open(firstZh, 'zh-HK')).json.status).toBe(0);
      expect(await eventCount(t, user, ['agreement_opened'])).toBe(2);

      await prefill(t, user, 'agreement_opened', ACTION_LIMITS_PER_HOUR.agreement_opened - 2, {
        id: 'x',
        sha256: 'x',
      });
      const events = await eventCount(t, user);
      const refused = await open(second!);
      expect(refused.json.status).toBe(ErrorCode.ACTION_LIMIT);
      expect(await eventCount(t, user)).toBe(events);
      // a document opened before is still answered (nothing to write)
      expect((await open(first!)).json.status).toBe(0);
      const later = t.clock.now;
      t.clock.advance(HOUR_S + 1);
      try {
        expect((await open(second!)).json.status).toBe(0);
        expect(await eventCount(t, user)).toBe(events + 1);
      } finally {
        t.clock.now = later;
      }
    },
  );

  run('agreement_opened: two racing new openings at the limit, one passes', async () => {
    const user = await readyToSign(t);
    const list = await postSigned(t, user, 'agreements', { language: 'en' });
    const [a, b] = list.json.data.documents as { id: string; sha256: string }[];
    await prefill(t, user, 'agreement_opened', ACTION_LIMITS_PER_HOUR.agreement_opened - 1, {
      id: 'x',
      sha256: 'x',
    });
    const race = await Promise.all(
      [a!, b!].map((d) =>
        postSigned(t, user, 'agreement_opened', { language: 'en', id: d.id, sha256: d.sha256 }),
      ),
    );
    expect(race.map((r) => r.json.status).sort()).toEqual([0, ErrorCode.ACTION_LIMIT]);
    expect(await eventCount(t, user, ['agreement_opened'])).toBe(ACTION_LIMITS_PER_HOUR.agreement_opened);
  });

  run(
    'recording start: a start while the same listening is in progress writes nothing and keeps its start; the timing rule holds',
    async () => {
      const user = await applicantWithId(t);
      await confirmBeforeTax(t, user, { markets: ['HK'] });
      await confirmDirect(t, user, 'tax', { us_citizen: false, us_green_card: false, us_born: false });
      await confirmDirect(t, user, 'declarations', { pep: false, hkidr_consent: true });
      await confirmDirect(t, user, 'investment', {});
      const first = await riskCall(t, user, { action: 'start', language: 'en' });
      expect(first.status).toBe(0);
      const total = first.data.playlist.total_ms as number;
      const events = await eventCount(t, user);
      t.clock.advance(20);
      // a reload of the screen: the same recording, in progress
      const again = await riskCall(t, user, { action: 'start', language: 'en' });
      expect(again.status).toBe(0);
      expect(again.data.started_at).toBe(first.data.started_at);
      expect(again.data.playlist).toEqual(first.data.playlist);
      expect(await eventCount(t, user)).toBe(events);
      // still no earlier than the recording at 1.5x after the (kept) start
      t.clock.advance(Math.floor(total / 1.5 / 1000) - 22);
      const ranges = [{ start_ms: 0, end_ms: total }];
      const body = {
        action: 'listened',
        text_version: RISK_DISCLOSURE_VERSION,
        language: 'en',
        sections: first.data.playlist.sections.map((s: { section: string }) => s.section),
        ranges,
        max_speed: 1.5,
      };
      expect((await riskCall(t, user, body)).status).toBe(ErrorCode.RECORDING_NOT_HEARD);
      t.clock.advance(3);
      const heard = await riskCall(t, user, body);
      expect(heard.status).toBe(0);
      // after an accepted listening a start is a new one
      expect((await riskCall(t, user, { action: 'start', language: 'en' })).data.started_at).toBe(
        t.clock.now.toISOString(),
      );
      expect(await eventCount(t, user, ['risk_disclosure_started'])).toBe(2);
    },
  );

  run(
    'recording start: another language, or the recording’s length later, is a new start; the 11th in an hour is 2019',
    async () => {
      const user = await createApplicant(t);
      const langs = ['en', 'zh-CN', 'zh-HK'] as const;
      const limit = ACTION_LIMITS_PER_HOUR.risk_disclosure_start;
      const startedAt = t.clock.now;
      const first = await riskCall(t, user, { action: 'start', language: 'en' });
      // once the recording's length at 1x has passed, the listening is no longer in progress
      t.clock.advance(Math.ceil(first.data.playlist.total_ms / 1000));
      expect((await riskCall(t, user, { action: 'start', language: 'en' })).data.started_at).toBe(
        t.clock.now.toISOString(),
      );
      for (let i = 2; i < limit; i++) {
        t.clock.advance(1);
        const res = await riskCall(t, user, { action: 'start', language: langs[i % 3] });
        expect(res.status, `start ${i + 1}`).toBe(0);
        expect(res.data.started_at).toBe(t.clock.now.toISOString());
      }
      expect(await eventCount(t, user, ['risk_disclosure_started'])).toBe(limit);
      const events = await eventCount(t, user);
      t.clock.advance(1);
      // the one in progress is still answered
      expect((await riskCall(t, user, { action: 'start', language: langs[(limit - 1) % 3] })).status).toBe(0);
      const refused = await riskCall(t, user, { action: 'start', language: langs[limit % 3] });
      expect(refused.status).toBe(ErrorCode.ACTION_LIMIT);
      expect(refused.info).toBe(limitMessage);
      expect(await eventCount(t, user)).toBe(events);
      t.clock.now = new Date(startedAt.getTime() + HOUR_S * 1000 + 1000);
      expect((await riskCall(t, user, { action: 'start', language: langs[limit % 3] })).status).toBe(0);
      expect(await eventCount(t, user, ['risk_disclosure_started'])).toBe(limit + 1);
    },
  );

  run(
    'uploads: replaced files stay as rows and count; the 31st row in an hour is 2019 and writes nothing; after the hour it works',
    async () => {
      const user = await createApplicant(t);
      await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
      const jpeg = await images.jpeg();
      const limit = ACTION_LIMITS_PER_HOUR.upload;
      const startedAt = t.clock.now;
      for (let i = 0; i < limit; i++) {
        const res = await upload(t, user.token, 'id_front', jpeg);
        expect(res.json.status, `upload ${i + 1}`).toBe(0);
        t.clock.advance(1);
      }
      // one live front, the others replaced (soft-deleted) but kept
      expect(await documentRows(t, user)).toBe(limit);
      const live = await t.app.ctx.db
        .select({ n: count() })
        .from(documents)
        .where(and(eq(documents.applicationId, await appIdOf(t, user)), isNull(documents.deletedAt)));
      expect(Number(live[0]!.n)).toBe(1);
      const events = await eventCount(t, user);
      const refused = await upload(t, user.token, 'id_back', jpeg, { lang: 'zh-HK' });
      expect(refused.json.status).toBe(ErrorCode.ACTION_LIMIT);
      expect(refused.json.info).toBe(translateError('zh-HK', 'code_action_limit'));
      expect(await documentRows(t, user)).toBe(limit);
      expect(await eventCount(t, user)).toBe(events);
      t.clock.now = new Date(startedAt.getTime() + HOUR_S * 1000 + 1000);
      expect((await upload(t, user.token, 'id_back', jpeg)).json.status).toBe(0);
      expect(await documentRows(t, user)).toBe(limit + 1);
    },
  );

  run(
    'uploads: a file refused after its costly check spends the budget too (upload_refused); past it, 2019 before any pool job',
    async () => {
      const user = await createApplicant(t);
      await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
      const jpeg = await images.jpeg();
      // its header reads as a JPEG, its data is cut: only the pool's decoding finds out
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      const limit = ACTION_LIMITS_PER_HOUR.upload;
      for (let i = 0; i < limit; i++) {
        const res = await upload(t, user.token, 'id_front', truncated);
        expect(res.json.status, `refused upload ${i + 1}`).toBe(ErrorCode.UPLOAD_UNREADABLE);
      }
      expect(await documentRows(t, user)).toBe(0);
      expect(await eventCount(t, user, ['upload_refused'])).toBe(limit);
      const jobs = t.app.ctx.heavy.stats().started;
      const refused = await upload(t, user.token, 'id_front', jpeg);
      expect(refused.json.status).toBe(ErrorCode.ACTION_LIMIT);
      expect(t.app.ctx.heavy.stats().started, 'refused before the pool').toBe(jobs);
      expect(await eventCount(t, user, ['upload_refused'])).toBe(limit);
    },
  );

  run('uploads: two racing uploads at the limit, one passes', async () => {
    const user = await createApplicant(t);
    await post(t, '/v9/OpenAccountHk/id_location', { id_location: 'HK' }, { token: user.token });
    const jpeg = await images.jpeg();
    const limit = ACTION_LIMITS_PER_HOUR.upload;
    for (let i = 0; i < limit - 1; i++)
      expect((await upload(t, user.token, 'id_front', jpeg)).json.status).toBe(0);
    const race = await Promise.all([
      upload(t, user.token, 'id_front', jpeg),
      upload(t, user.token, 'id_back', jpeg),
    ]);
    expect(race.map((r) => r.json.status).sort()).toEqual([0, ErrorCode.ACTION_LIMIT]);
    expect(await documentRows(t, user)).toBe(limit);
  });
});
