import { describe, expect, it } from 'vitest';
import {
  checkIsSafePackPath,
  comparePackFiles,
  EVIDENCE_FORMAT,
  type Manifest,
  packNamePart,
  parseManifest,
  serializeManifest,
} from './manifest';

const H = (c: string) => c.repeat(64);
const manifest: Manifest = {
  format: EVIDENCE_FORMAT,
  applicationId: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-28T00:00:00.000Z',
  createdBy: { via: 'command', staffId: null },
  keyFingerprint: H('f'),
  notes: [],
  files: [
    { path: 'b/two.json', sha256: H('b'), size: 2 },
    { path: 'a/one.pdf', sha256: H('a'), size: 1 },
  ],
};

describe('evidence manifest (issue #15)', () => {
  it('is canonical JSON with files in path order, and reads back only in that exact form', () => {
    const text = serializeManifest(manifest);
    expect(text.indexOf('a/one.pdf')).toBeLessThan(text.indexOf('b/two.json'));
    expect(text).not.toMatch(/\s/);
    const back = parseManifest(text);
    expect(back.ok && back.manifest.files.length).toBe(2);
    expect(parseManifest(JSON.stringify(JSON.parse(text), null, 2))).toEqual({
      ok: false,
      problem: 'manifest_not_canonical',
    });
    expect(parseManifest('{')).toEqual({ ok: false, problem: 'manifest_unreadable' });
    expect(parseManifest(text.replace(EVIDENCE_FORMAT, 'other/1'))).toEqual({
      ok: false,
      problem: 'manifest_unreadable',
    });
  });
  it('names every missing, changed, resized and added file', () => {
    const found = new Map([
      ['a/one.pdf', { sha256: H('c'), size: 1 }],
      ['extra.txt', { sha256: H('d'), size: 3 }],
      ['manifest.json', { sha256: H('e'), size: 9 }],
      ['manifest.sig', { sha256: H('e'), size: 9 }],
    ]);
    expect(comparePackFiles(manifest, found)).toEqual([
      { path: 'b/two.json', problem: 'missing' },
      { path: 'a/one.pdf', problem: 'hash_mismatch' },
      { path: 'extra.txt', problem: 'unexpected' },
    ]);
    found.set('a/one.pdf', { sha256: H('a'), size: 5 });
    found.set('b/two.json', { sha256: H('b'), size: 2 });
    found.delete('extra.txt');
    expect(comparePackFiles(manifest, found)).toEqual([{ path: 'a/one.pdf', problem: 'size_mismatch' }]);
    found.set('a/one.pdf', { sha256: H('a'), size: 1 });
    expect(comparePackFiles(manifest, found)).toEqual([]);
  });
  it('pack paths stay inside the pack', () => {
    expect(checkIsSafePackPath('documents/x-id_front.jpg')).toBe(true);
    for (const bad of ['../x', '/etc/passwd', 'a//b', 'a/./b', '.hidden', 'a\\b', '', 'é.txt'])
      expect(checkIsSafePackPath(bad), bad).toBe(false);
    expect(packNamePart('id front/../x')).toBe('id_front____x');
  });
});
