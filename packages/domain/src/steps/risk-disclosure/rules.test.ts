/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test (not the domain code) reads the committed audio files
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../submission';
import { riskDisclosureStep } from './definition';
import {
  applicableRiskSections,
  checkCoversRecording,
  furthestHeardMs,
  mergeRanges,
  minimumListeningMs,
  RISK_AUDIO_MANIFEST,
  RISK_DISCLOSURE_TEXT,
  RISK_DISCLOSURE_VERSION,
  RISK_LANGUAGES,
  RISK_SECTIONS,
  riskPlaylist,
  riskSectionHash,
  riskSectionSpeech,
} from './rules';

const publicDir = path.resolve(import.meta.dirname, '../../../../../apps/web/public');

/**
 * The text set of each version, by the SHA-256 of its sections' hashes: a changed text with the
 * same version fails here (bump RISK_DISCLOSURE_VERSION, run `npm run audio:risk`, add the line).
 */
const TEXT_SET_OF_VERSION: Record<string, string> = {
  '2026.1': '6171a1557e74acc8029ffff9b456073cdb06467843bd6ceb6ecc3346fafd4475',
};

describe('risk disclosure text and audio', () => {
  it('has every section in every language, with a title and paragraphs', () => {
    for (const lang of RISK_LANGUAGES)
      for (const s of RISK_SECTIONS) {
        const text = RISK_DISCLOSURE_TEXT[lang][s];
        expect(text.title.length, `${lang}/${s}`).toBeGreaterThan(3);
        expect(text.paragraphs.length, `${lang}/${s}`).toBeGreaterThanOrEqual(2);
      }
  });

  it('names a new version whenever the text changes', () => {
    const setHash = sha256Hex(
      RISK_LANGUAGES.flatMap((l) => RISK_SECTIONS.map((s) => riskSectionHash(l, s))).join('\n'),
    );
    expect(TEXT_SET_OF_VERSION[RISK_DISCLOSURE_VERSION]).toBe(setHash);
  });

  it('has audio made from the current text of every section (run `npm run audio:risk` after a change)', () => {
    expect(RISK_AUDIO_MANIFEST.version).toBe(RISK_DISCLOSURE_VERSION);
    for (const lang of RISK_LANGUAGES)
      for (const s of RISK_SECTIONS) {
        const file = RISK_AUDIO_MANIFEST.files[lang]?.[s];
        expect(file?.text_sha256, `${lang}/${s}`).toBe(riskSectionHash(lang, s));
        expect(file?.path).toBe(`/risk-disclosure/${RISK_DISCLOSURE_VERSION}/${lang}/${s}.webm`);
      }
  });

  it('commits each audio file the manifest lists, of its size, under a minute and small', () => {
    for (const lang of RISK_LANGUAGES)
      for (const s of RISK_SECTIONS) {
        const file = RISK_AUDIO_MANIFEST.files[lang]?.[s];
        if (!file) throw new Error(`no audio for ${lang}/${s}`);
        expect(statSync(path.join(publicDir, file.path)).size, file.path).toBe(file.bytes);
        expect(file.duration_ms).toBeGreaterThan(10_000);
        expect(file.duration_ms).toBeLessThanOrEqual(60_000);
        expect(file.bytes).toBeLessThan(120_000);
      }
  });

  it('speaks the title then the paragraphs', () => {
    const speech = riskSectionSpeech('en', 'margin');
    expect(speech.startsWith('Risk of margin trading\n')).toBe(true);
    expect(speech).toContain('liquidated without your consent');
  });
});

describe('applicableRiskSections', () => {
  it('always gives securities and client assets', () => {
    expect(applicableRiskSections({ securities: 'cash', markets: ['HK'], futures: false })).toEqual([
      'securities',
      'client_assets',
    ]);
  });

  it('adds margin, futures and the US market when chosen, in playing order', () => {
    expect(applicableRiskSections({ securities: 'margin', markets: ['HK', 'US'], futures: true })).toEqual([
      'securities',
      'client_assets',
      'margin',
      'futures',
      'us_market',
    ]);
    expect(applicableRiskSections({ securities: 'cash', markets: ['US'] })).toEqual([
      'securities',
      'client_assets',
      'us_market',
    ]);
  });

  it('falls back to the markets asked for at creation before the account type is answered', () => {
    expect(applicableRiskSections({}, ['HKMargin', 'USMargin'])).toContain('us_market');
    expect(applicableRiskSections({}, ['HK'])).not.toContain('us_market');
  });
});

describe('listened ranges', () => {
  it('accepts ranges covering the whole recording, joined within the tolerance', () => {
    expect(checkCoversRecording([{ start_ms: 0, end_ms: 10_000 }], 10_000)).toBe(true);
    expect(
      checkCoversRecording(
        [
          { start_ms: 5_100, end_ms: 9_900 },
          { start_ms: 100, end_ms: 5_000 },
        ],
        10_000,
      ),
    ).toBe(true);
  });

  it('refuses a gap wider than the tolerance, a late start or an early end', () => {
    const ranges = [
      { start_ms: 0, end_ms: 4_000 },
      { start_ms: 4_600, end_ms: 10_000 },
    ];
    expect(checkCoversRecording(ranges, 10_000)).toBe(false);
    expect(checkCoversRecording([{ start_ms: 600, end_ms: 10_000 }], 10_000)).toBe(false);
    expect(checkCoversRecording([{ start_ms: 0, end_ms: 9_000 }], 10_000)).toBe(false);
    expect(checkCoversRecording([], 10_000)).toBe(false);
  });

  it('ignores empty, reversed and non-finite ranges', () => {
    expect(
      mergeRanges([
        { start_ms: 5, end_ms: 5 },
        { start_ms: 9, end_ms: 2 },
        { start_ms: 0, end_ms: Number.NaN },
      ]),
    ).toEqual([]);
  });

  it('knows the furthest point heard from the start', () => {
    expect(
      furthestHeardMs([
        { start_ms: 0, end_ms: 3_000 },
        { start_ms: 3_100, end_ms: 6_000 },
        { start_ms: 8_000, end_ms: 9_000 },
      ]),
    ).toBe(6_000);
    expect(furthestHeardMs([{ start_ms: 2_000, end_ms: 3_000 }])).toBe(0);
  });

  it('needs at least the duration at 1.5×', () => {
    expect(minimumListeningMs(90_000)).toBe(60_000);
  });
});

describe('riskPlaylist', () => {
  it('lays the sections one after another on one timeline', () => {
    const list = riskPlaylist('zh-HK', ['securities', 'client_assets', 'margin']);
    const [a, b, c] = list.sections;
    expect(a?.offset_ms).toBe(0);
    expect(b?.offset_ms).toBe(a?.duration_ms);
    expect(c?.offset_ms).toBe((a?.duration_ms ?? 0) + (b?.duration_ms ?? 0));
    expect(list.total_ms).toBe((c?.offset_ms ?? 0) + (c?.duration_ms ?? 0));
    expect(c?.title).toBe('保證金買賣的風險');
    expect(list.text_version).toBe(RISK_DISCLOSURE_VERSION);
  });
});

describe('risk_disclosure step', () => {
  it('stands only on the current text version', () => {
    expect(riskDisclosureStep.isCurrent?.({ text_version: RISK_DISCLOSURE_VERSION })).toBe(true);
    expect(riskDisclosureStep.isCurrent?.({ text_version: '2025.9' })).toBe(false);
  });
});
