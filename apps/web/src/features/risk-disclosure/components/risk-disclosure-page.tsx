import { LANGUAGES } from '@hk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userStatusQueryKey } from '../../../lib/api/user-status';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { usePageFlags } from '../../../lib/page-flags';
import { INFO_QUERY_KEY } from '../../../step-kit/api/get-info';
import { PageState } from '../../../step-kit/components/step-header';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepNavigate } from '../../../step-kit/lib/use-step-navigate';
import {
  type RecordingStart,
  type RiskLanguage,
  reportListened,
  startRecording,
} from '../api/risk-disclosure-api';
import { useRecordingPlayer } from '../lib/use-recording-player';
import './risk-disclosure.css';

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Player({ start }: { start: RecordingStart }) {
  const { t } = useTranslation('risk_disclosure');
  const { state } = usePageFlags();
  const go = useStepNavigate();
  const qc = useQueryClient();
  const { playlist } = start;
  const p = useRecordingPlayer(playlist);
  const [error, setError] = useState<string | null>(null);
  const listened = useMutation({
    mutationFn: () =>
      reportListened({
        text_version: playlist.text_version,
        language: playlist.language,
        sections: playlist.sections.map((s) => s.section),
        ranges: p.ranges.map((r) => ({ start_ms: Math.round(r.start_ms), end_ms: Math.round(r.end_ms) })),
        max_speed: p.maxSpeed,
      }),
    onSuccess: async (result) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['open-account', 'step'] }),
        qc.invalidateQueries({ queryKey: INFO_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: userStatusQueryKey }),
      ]);
      go(result.next_step, state);
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('send_failed')),
  });

  const progress = playlist.total_ms ? (p.positionMs / playlist.total_ms) * 100 : 0;
  const heard = playlist.total_ms ? (p.furthestMs / playlist.total_ms) * 100 : 0;
  return (
    <div className="risk-player">
      <audio {...p.audioProps} data-testid="risk-audio" />
      <section className="risk-player__controls" aria-label={t('player')}>
        <div className="risk-player__buttons">
          <button
            type="button"
            className="id-btn id-btn--primary risk-player__play"
            onClick={p.playing ? p.pause : p.play}
          >
            {p.playing ? t('pause') : p.positionMs > 0 ? t('resume') : t('play')}
          </button>
          <fieldset className="risk-player__speeds">
            <legend className="risk-visually-hidden">{t('speed')}</legend>
            {([1, 1.5] as const).map((s) => (
              <button
                key={s}
                type="button"
                className="risk-player__speed"
                aria-pressed={p.speed === s}
                onClick={() => p.setSpeed(s)}
              >
                {s === 1 ? t('speed_normal') : t('speed_fast')}
              </button>
            ))}
          </fieldset>
          <button type="button" className="risk-player__replay" onClick={p.replay}>
            {t('replay')}
          </button>
        </div>
        <div className="risk-player__bar" style={{ '--heard': `${heard}%` } as React.CSSProperties}>
          <input
            type="range"
            min={0}
            max={playlist.total_ms}
            step={1000}
            value={Math.round(p.positionMs)}
            aria-label={t('position')}
            aria-valuetext={t('position_text', { at: clock(p.positionMs), total: clock(playlist.total_ms) })}
            onChange={(e) => p.seek(Number(e.currentTarget.value))}
          />
        </div>
        <p className="risk-player__time">
          <span>{clock(p.positionMs)}</span>
          <span>{clock(playlist.total_ms)}</span>
        </p>
        {/* the labelled slider above says the same to assistive technology (issue #16) */}
        <progress className="risk-visually-hidden" max={100} value={progress} aria-hidden="true" />
        {/* a status: 'you have heard it all' is announced when it replaces the hint (issue #16) */}
        <p className="risk-player__hint" role="status">
          {p.heardAll ? t('heard_all') : t('hint_listen_all')}
        </p>
      </section>

      <section className="risk-transcript" aria-label={t('transcript')}>
        {playlist.sections.map((s, i) => (
          <article
            key={s.section}
            className={i === p.index ? 'risk-transcript__section is-current' : 'risk-transcript__section'}
            aria-current={i === p.index ? 'true' : undefined}
          >
            <h2 className="risk-transcript__title">{s.title}</h2>
            {s.paragraphs.map((para) => (
              <p key={para}>{para}</p>
            ))}
          </article>
        ))}
      </section>

      <div className="step-submit">
        {error ? (
          <p className="id-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="id-btn id-btn--primary"
          disabled={!p.heardAll || listened.isPending}
          onClick={() => {
            setError(null);
            listened.mutate();
          }}
        >
          {listened.isPending ? t('saving', { ns: 'flow' }) : t('continue')}
        </button>
      </div>
    </div>
  );
}

/** Starts the recording in the person's language (a start event on the server), then plays it. */
function Recording() {
  const { i18n } = useTranslation();
  const language = (
    (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'zh-CN'
  ) as RiskLanguage;
  const start = useQuery({
    queryKey: ['open-account', 'risk-disclosure', 'start', language],
    queryFn: () => startRecording(language),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (!start.data)
    return <PageState loading={!start.error} error={start.error} onRetry={() => void start.refetch()} />;
  return <Player key={`${language}:${start.data.started_at}`} start={start.data} />;
}

export default function RiskDisclosurePage() {
  const { t } = useTranslation('common');
  const { t: tr } = useTranslation('risk_disclosure');
  return (
    <StepPage step="risk_disclosure" title={t('title_risk_disclosure')} intro={tr('intro')}>
      {() => <Recording />}
    </StepPage>
  );
}
