import type { RiskPlaylistData } from '@hk/domain/steps/risk-disclosure/contracts';
import {
  checkCoversRecording,
  furthestHeardMs,
  type ListenedRange,
  mergeRanges,
} from '@hk/domain/steps/risk-disclosure/listened-ranges';
import { type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';

/** A step between two timeupdates longer than this (ms of media at 1×) is a jump, not listening. */
const MAX_STEP_MS = 1500;

type Playlist = RiskPlaylistData;

/**
 * The recording's player over one `<audio>` element: the sections play one after another on one
 * timeline; what was heard is tracked from `timeupdate` (a step forward while playing), never from
 * a jump; seeking is allowed back, and forward only up to the furthest point heard.
 */
export function useRecordingPlayer(playlist: Playlist) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState<1 | 1.5>(1);
  const [maxSpeed, setMaxSpeed] = useState(1);
  const [positionMs, setPositionMs] = useState(0);
  const [ranges, setRanges] = useState<ListenedRange[]>([]);
  const lastRef = useRef<number | null>(null);
  // whether the element was playing at the last timeupdate
  const wasPlayingRef = useRef(false);
  // where to go once the section's file is loaded, and whether to keep playing
  const pendingRef = useRef<{ atMs: number; play: boolean } | null>(null);

  const section = playlist.sections[index] ?? playlist.sections[0]!;
  const furthest = furthestHeardMs(ranges);
  const heardAll = checkCoversRecording(ranges, playlist.total_ms);

  const addRange = useCallback((start: number, end: number) => {
    if (end <= start) return;
    setRanges((r) => mergeRanges([...r, { start_ms: start, end_ms: end }], 0));
  }, []);

  const positionOf = (audio: HTMLAudioElement) =>
    section.offset_ms + Math.min(audio.currentTime * 1000, section.duration_ms);

  // a new section's file: apply the pending position and go on playing
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section changes
  useEffect(() => {
    const audio = audioRef.current;
    const pending = pendingRef.current;
    if (!audio || !pending) return;
    pendingRef.current = null;
    audio.playbackRate = speed;
    audio.defaultPlaybackRate = speed;
    audio.currentTime = Math.max(0, (pending.atMs - section.offset_ms) / 1000);
    lastRef.current = pending.atMs;
    setPositionMs(pending.atMs);
    if (pending.play) void audio.play()?.catch(() => setPlaying(false));
  }, [index]);

  const goTo = useCallback(
    (atMs: number, play: boolean) => {
      const target = Math.max(0, Math.min(atMs, playlist.total_ms));
      let i = playlist.sections.findIndex((s) => target < s.offset_ms + s.duration_ms);
      if (i < 0) i = playlist.sections.length - 1;
      const audio = audioRef.current;
      if (i === index && audio) {
        audio.currentTime = (target - section.offset_ms) / 1000;
        lastRef.current = target;
        setPositionMs(target);
        if (play) void audio.play()?.catch(() => setPlaying(false));
        return;
      }
      pendingRef.current = { atMs: target, play };
      setIndex(i);
    },
    [index, playlist, section.offset_ms],
  );

  const onTimeUpdate = (e: SyntheticEvent<HTMLAudioElement>) => {
    const audio = e.currentTarget;
    const pos = positionOf(audio);
    const last = lastRef.current;
    // the step since the last timeupdate was heard if the element played over it: the timeupdate
    // of a pause or of the end comes with `paused` already true, and its step (up to 375 ms at
    // 1.5×, more than the join tolerance) must count too
    const played = !audio.paused || wasPlayingRef.current;
    wasPlayingRef.current = !audio.paused;
    if (played && last !== null && pos >= last && pos - last <= MAX_STEP_MS * speed) addRange(last, pos);
    lastRef.current = pos;
    setPositionMs(pos);
  };

  const onSeeking = (e: SyntheticEvent<HTMLAudioElement>) => {
    const audio = e.currentTarget;
    const pos = positionOf(audio);
    // no seeking past the furthest point heard (whatever moved the playhead)
    if (pos > Math.max(furthest, lastRef.current ?? 0) + 300) {
      audio.currentTime = (Math.max(furthest, section.offset_ms) - section.offset_ms) / 1000;
      return;
    }
    lastRef.current = pos;
  };

  const onEnded = () => {
    const end = section.offset_ms + section.duration_ms;
    const last = lastRef.current;
    if (last !== null && end - last <= MAX_STEP_MS * speed) addRange(last, end);
    lastRef.current = end;
    setPositionMs(end);
    if (index < playlist.sections.length - 1) {
      pendingRef.current = { atMs: end, play: true };
      setIndex(index + 1);
    } else setPlaying(false);
  };

  const play = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.playbackRate = speed;
    if (positionMs >= playlist.total_ms - 50) {
      goTo(0, true);
      return;
    }
    lastRef.current = positionOf(audio);
    void audio.play()?.catch(() => setPlaying(false));
  };
  const pause = () => audioRef.current?.pause();
  const replay = () => goTo(0, true);
  const seek = (atMs: number) => goTo(Math.min(atMs, furthest), playing);
  const setSpeed = (s: 1 | 1.5) => {
    setSpeedState(s);
    if (audioRef.current) {
      audioRef.current.playbackRate = s;
      audioRef.current.defaultPlaybackRate = s;
    }
    if (playing) setMaxSpeed((m) => Math.max(m, s));
  };

  const audioProps = {
    ref: audioRef,
    src: section.url,
    preload: 'auto' as const,
    onTimeUpdate,
    onSeeking,
    onEnded,
    onPlay: () => {
      setPlaying(true);
      setMaxSpeed((m) => Math.max(m, speed));
    },
    onPause: () => setPlaying(false),
  };

  return {
    audioProps,
    index,
    section,
    playing,
    speed,
    maxSpeed,
    positionMs,
    furthestMs: furthest,
    ranges,
    heardAll,
    play,
    pause,
    replay,
    seek,
    setSpeed,
  };
}
