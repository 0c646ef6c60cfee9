// The risk-disclosure recording's rules (issue #7 step 1): which sections a person hears, the
// text each audio file was made from, and when "listened" is accepted. Pure; used by the server
// (risk_disclosure call), the screen and the audio script.

import { sha256Hex } from '../../submission';
import type { Answers } from '../types';
import audioManifest from './audio.json';
import { RISK_MAX_SPEED } from './listened-ranges';
import {
  RISK_DISCLOSURE_TEXT,
  RISK_DISCLOSURE_VERSION,
  RISK_LANGUAGES,
  RISK_SECTIONS,
  type RiskLanguage,
  type RiskSection,
} from './text';

export * from './listened-ranges';
export * from './text';

export function checkIsRiskLanguage(value: unknown): value is RiskLanguage {
  return (RISK_LANGUAGES as readonly unknown[]).includes(value);
}

/** The words spoken for a section: its title, then its paragraphs, one per line. */
export function riskSectionSpeech(language: RiskLanguage, section: RiskSection): string {
  const s = RISK_DISCLOSURE_TEXT[language][section];
  return [s.title, ...s.paragraphs].join('\n');
}

/** SHA-256 (hex) of a section's spoken text: what its audio file was made from. */
export function riskSectionHash(language: RiskLanguage, section: RiskSection): string {
  return sha256Hex(riskSectionSpeech(language, section));
}

/**
 * The sections a person hears, in playing order, from their account-type answers: securities and
 * client assets always, margin with a margin account, futures with a futures account, the US
 * market when it is among the markets (the account type's, or the markets asked for at creation).
 */
export function applicableRiskSections(
  accountType: Answers,
  createdMarkets: readonly string[] = [],
): RiskSection[] {
  const markets = Array.isArray(accountType.markets)
    ? (accountType.markets as unknown[])
    : createdMarkets.map((m) => (m.startsWith('US') ? 'US' : 'HK'));
  return RISK_SECTIONS.filter((s) => {
    if (s === 'margin') return accountType.securities === 'margin';
    if (s === 'futures') return accountType.futures === true;
    if (s === 'us_market') return markets.includes('US');
    return true;
  });
}

export interface RiskAudioFile {
  /** Path under the web root, e.g. `/risk-disclosure/2026.1/en/securities.webm`. */
  path: string;
  /** SHA-256 of the section's speech the file was made from. */
  text_sha256: string;
  duration_ms: number;
  bytes: number;
}

export interface RiskAudioManifest {
  version: string;
  format: string;
  files: Partial<Record<RiskLanguage, Partial<Record<RiskSection, RiskAudioFile>>>>;
}

export const RISK_AUDIO_MANIFEST = audioManifest as RiskAudioManifest;

/** The audio file of a section; null when the manifest has none (the audio was never made). */
export function riskAudioFile(language: RiskLanguage, section: RiskSection): RiskAudioFile | null {
  if (RISK_AUDIO_MANIFEST.version !== RISK_DISCLOSURE_VERSION) return null;
  return RISK_AUDIO_MANIFEST.files[language]?.[section] ?? null;
}

export interface RiskPlaylistItem {
  section: RiskSection;
  title: string;
  paragraphs: string[];
  url: string;
  /** Where the section starts on the whole recording's timeline (sections play one after another). */
  offset_ms: number;
  duration_ms: number;
  text_sha256: string;
}

export interface RiskPlaylist {
  text_version: string;
  language: RiskLanguage;
  sections: RiskPlaylistItem[];
  total_ms: number;
}

/** The recording a person hears: their sections, in order, each with its audio and transcript. */
export function riskPlaylist(language: RiskLanguage, sections: readonly RiskSection[]): RiskPlaylist {
  let offset = 0;
  const items = sections.map((section) => {
    const file = riskAudioFile(language, section);
    if (!file) throw new Error(`no risk-disclosure audio for ${language}/${section}`);
    const text = RISK_DISCLOSURE_TEXT[language][section];
    const item: RiskPlaylistItem = {
      section,
      title: text.title,
      paragraphs: [...text.paragraphs],
      url: file.path,
      offset_ms: offset,
      duration_ms: file.duration_ms,
      text_sha256: file.text_sha256,
    };
    offset += file.duration_ms;
    return item;
  });
  return { text_version: RISK_DISCLOSURE_VERSION, language, sections: items, total_ms: offset };
}

/** The shortest time the whole recording can take: its duration at the fastest speed. */
export function minimumListeningMs(totalMs: number): number {
  return Math.floor(totalMs / RISK_MAX_SPEED);
}
