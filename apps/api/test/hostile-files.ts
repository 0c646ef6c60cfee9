// The hostile corpus of issue #12 (apps/api/test/fixtures/hostile, made by
// scripts/make-hostile-corpus.ts): a file by its folder and name, unzipped when stored as `.gz`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const HOSTILE_DIR = path.join(import.meta.dirname, 'fixtures', 'hostile');

export function readHostile(dir: string, name: string): Buffer {
  const file = path.join(HOSTILE_DIR, dir, name);
  if (existsSync(file)) return readFileSync(file);
  if (existsSync(`${file}.gz`)) return gunzipSync(readFileSync(`${file}.gz`));
  throw new Error(`no hostile file ${dir}/${name}: run node --import tsx scripts/make-hostile-corpus.ts`);
}
