// Makes the risk-disclosure recording (issue #7 step 1) from its text: one file per language and
// section, spoken by espeak-ng (Debian's `espeak-ng`: voices cmn-latn-pinyin, yue, en-gb) and encoded small by
// ffmpeg (libopus, mono, speech bitrate, WebM container). Run `npm run audio:risk` after changing
// packages/domain/src/steps/risk-disclosure/text.ts (and bump RISK_DISCLOSURE_VERSION); commit the
// files under apps/web/public/risk-disclosure/<version>/ and the manifest
// packages/domain/src/steps/risk-disclosure/audio.json. CI never runs this: a domain test checks
// that every file's recorded text SHA-256 is the current text's.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  RISK_DISCLOSURE_VERSION,
  RISK_LANGUAGES,
  RISK_SECTIONS,
  type RiskAudioFile,
  type RiskAudioManifest,
  type RiskLanguage,
  riskSectionHash,
  riskSectionSpeech,
} from '../packages/domain/src/steps/risk-disclosure/rules';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'apps/web/public/risk-disclosure');
const manifestPath = path.join(root, 'packages/domain/src/steps/risk-disclosure/audio.json');

/** espeak-ng voice and words per minute per language (a calm reading pace). */
const VOICES: Record<RiskLanguage, { voice: string; wpm: number }> = {
  'zh-CN': { voice: 'cmn-latn-pinyin', wpm: 175 },
  'zh-HK': { voice: 'yue', wpm: 175 },
  en: { voice: 'en-gb', wpm: 165 },
};
const BITRATE = '10k';

function durationMs(file: string): number {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    file,
  ]).toString();
  return Math.round(Number.parseFloat(out) * 1000);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'risk-audio-'));
const versionDir = path.join(publicDir, RISK_DISCLOSURE_VERSION);
// only the current version is kept: the people who heard an older one listen to this one again
mkdirSync(publicDir, { recursive: true });
for (const old of readdirSync(publicDir)) rmSync(path.join(publicDir, old), { recursive: true, force: true });

const files: RiskAudioManifest['files'] = {};
let total = 0;
for (const language of RISK_LANGUAGES) {
  const { voice, wpm } = VOICES[language];
  const dir = path.join(versionDir, language);
  mkdirSync(dir, { recursive: true });
  files[language] = {};
  for (const section of RISK_SECTIONS) {
    const textFile = path.join(tmp, `${language}-${section}.txt`);
    const wav = path.join(tmp, `${language}-${section}.wav`);
    const out = path.join(dir, `${section}.webm`);
    writeFileSync(textFile, riskSectionSpeech(language, section));
    execFileSync('espeak-ng', ['-v', voice, '-s', String(wpm), '-g', '4', '-f', textFile, '-w', wav]);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      wav,
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      BITRATE,
      '-application',
      'voip',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-f',
      'webm',
      out,
    ]);
    const file: RiskAudioFile = {
      path: `/risk-disclosure/${RISK_DISCLOSURE_VERSION}/${language}/${section}.webm`,
      text_sha256: riskSectionHash(language, section),
      duration_ms: durationMs(out),
      bytes: statSync(out).size,
    };
    files[language][section] = file;
    total += file.bytes;
    console.log(`${language}/${section}: ${(file.duration_ms / 1000).toFixed(1)} s, ${file.bytes} bytes`);
  }
}
rmSync(tmp, { recursive: true, force: true });
const manifest: RiskAudioManifest = { version: RISK_DISCLOSURE_VERSION, format: 'webm/opus', files };
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`total ${total} bytes; manifest ${path.relative(root, manifestPath)}`);
