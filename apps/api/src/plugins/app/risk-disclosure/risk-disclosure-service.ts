import { RISK_DISCLOSURE_VERSION } from '@hk/domain';
import { unconfirmedStepsBefore } from '@hk/domain/flow/step-forms';
import type { RiskDisclosureResponse } from '@hk/domain/steps/risk-disclosure/contracts';
import {
  applicableRiskSections,
  checkCoversRecording,
  type ListenedRange,
  minimumListeningMs,
  type RiskLanguage,
  type RiskSection,
  riskPlaylist,
} from '@hk/domain/steps/risk-disclosure/rules';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { requireActionBudget } from '../budgets/action-budget';
import { type EventMeta, findLatestEventOfTypes, recordEvent } from '../events/event-repository';
import { type ApplicationRow, listStepRows, lockEditableApplicationOfUser } from '../steps/step-repository';
import { progressOf, writeStep } from '../steps/step-service';

/** The sections this application hears, from its account type (or the markets asked at creation). */
function sectionsOf(app: ApplicationRow, facts: ReturnType<typeof progressOf>['facts']): RiskSection[] {
  return applicableRiskSections(facts.answers.account_type ?? {}, app.markets);
}

/** The latest start or accepted listening of an application's recording (the events are the record). */
async function latestRecordingEvent(tx: Tx, applicationId: string) {
  return findLatestEventOfTypes(tx, applicationId, ['risk_disclosure_started', 'risk_disclosure_listened']);
}

/**
 * `start`: the person starts the recording in a language. Records a start event with the text
 * version, language and sections, and gives the recording to play (urls, durations, transcript).
 *
 * A start while a listening of the same recording is in progress changes nothing: the latest
 * recording event is a start of this text version, language and sections, made less than the
 * recording's length (at 1×) ago. No event is written and the answer names that start. Keeping the
 * earlier start never loosens the timing rule: `listened` still needs `minimum_ms` since a start of
 * the same recording, and a longer elapsed time only means the person heard more. Any other start
 * is a new one (2019 past the hour's budget).
 */
export async function startRiskDisclosure(
  ctx: AppContext,
  userId: string,
  language: RiskLanguage,
  meta: EventMeta,
): Promise<RiskDisclosureResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const { facts } = progressOf(app, await listStepRows(tx, app.id));
    const playlist = riskPlaylist(language, sectionsOf(app, facts));
    const sections = playlist.sections.map((s) => s.section);
    const answer = (startedAt: Date) => ({
      action: 'start' as const,
      started_at: startedAt.toISOString(),
      minimum_ms: minimumListeningMs(playlist.total_ms),
      playlist,
    });
    const latest = await latestRecordingEvent(tx, app.id);
    const data = (latest?.data ?? {}) as Record<string, unknown>;
    if (
      latest?.type === 'risk_disclosure_started' &&
      data.text_version === playlist.text_version &&
      data.language === language &&
      sameList(data.sections, sections) &&
      now.getTime() - latest.createdAt.getTime() < playlist.total_ms
    )
      return answer(latest.createdAt);
    await requireActionBudget(tx, app.id, 'risk_disclosure_start', now);
    await recordEvent(tx, meta, {
      type: 'risk_disclosure_started',
      applicationId: app.id,
      userId: app.userId,
      step: 'risk_disclosure',
      data: {
        text_version: playlist.text_version,
        language,
        sections,
        total_ms: playlist.total_ms,
      },
      at: now,
    });
    return answer(now);
  });
}

export interface ListenedBody {
  text_version: string;
  language: RiskLanguage;
  sections: RiskSection[];
  ranges: ListenedRange[];
  max_speed: number;
}

function sameList(a: unknown, b: readonly string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * `listened`: accepted only when the latest event is a start (one start, one acceptance: a replayed
 * call cannot move the recording's end), made for this text version, language and sections, which
 * are still the current ones; when the ranges cover the whole recording; and when at least its
 * duration at 1.5× passed since the start. Then the step is confirmed (its answers name the version,
 * and `ended_at` = now) and the end is an event, in one transaction. Otherwise 2013.
 */
export async function acceptRiskDisclosureListened(
  ctx: AppContext,
  userId: string,
  body: ListenedBody,
  meta: EventMeta,
): Promise<RiskDisclosureResponse> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const app = await lockEditableApplicationOfUser(tx, userId);
    const rows = await listStepRows(tx, app.id);
    const { facts, confirmed } = progressOf(app, rows);
    // the flow's order: the steps before it that can be filled in online come first
    if (unconfirmedStepsBefore('risk_disclosure', confirmed, facts).length > 0)
      throw new AppError('STEP_NOT_READY');

    const sections = sectionsOf(app, facts);
    const start = await latestRecordingEvent(tx, app.id);
    const data = (start?.data ?? {}) as Record<string, unknown>;
    const current =
      start?.type === 'risk_disclosure_started' &&
      data.text_version === RISK_DISCLOSURE_VERSION &&
      body.text_version === RISK_DISCLOSURE_VERSION &&
      data.language === body.language &&
      sameList(data.sections, sections) &&
      sameList(body.sections, sections);
    if (!start || !current) throw new AppError('RECORDING_NOT_HEARD');
    const totalMs = riskPlaylist(body.language, sections).total_ms;
    const elapsedMs = now.getTime() - start.createdAt.getTime();
    if (!checkCoversRecording(body.ranges, totalMs) || elapsedMs < minimumListeningMs(totalMs))
      throw new AppError('RECORDING_NOT_HEARD');

    const { row, reopened } = await writeStep(tx, { vault: ctx.vault, now, meta }, app, 'risk_disclosure', {
      answers: {
        text_version: RISK_DISCLOSURE_VERSION,
        language: body.language,
        sections,
        started_at: start.createdAt.toISOString(),
        ended_at: now.toISOString(),
        total_ms: totalMs,
        max_speed: body.max_speed,
      },
      confirm: true,
    });
    await recordEvent(tx, meta, {
      type: 'risk_disclosure_listened',
      applicationId: app.id,
      userId: app.userId,
      step: 'risk_disclosure',
      data: {
        text_version: RISK_DISCLOSURE_VERSION,
        language: body.language,
        sections,
        total_ms: totalMs,
        elapsed_ms: elapsedMs,
        max_speed: body.max_speed,
        start_event: start.id,
      },
      at: now,
    });
    const after = progressOf(app, await listStepRows(tx, app.id));
    return {
      action: 'listened' as const,
      step: 'risk_disclosure' as const,
      version: row.version,
      confirmed: row.confirmedAt !== null,
      ended_at: now.toISOString(),
      info_progress: after.infoProgress,
      next_step: after.nextStep,
      reopened,
    };
  });
}
