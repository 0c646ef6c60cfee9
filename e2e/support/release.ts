import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A new release, as a build with one changed module makes it (issue #24): the chunk's hashed file
// names change (its JS and CSS), and so does every file that names them, up to the entry and
// index.html; the previous names are gone from the server. Made from a copy of the web build by
// renaming, in seconds, instead of building the app again.

/**
 * A copy of apps/web/dist to serve (and change) on its own; E2E_RELEASE_DIST names another build
 * (to see the journey fail on a build without the release handling).
 */
export function copyWebBuild(to: string): string {
  const from = process.env.E2E_RELEASE_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist');
  if (!existsSync(path.join(from, 'index.html')))
    throw new Error(`${from} is missing: run \`npm run build\``);
  cpSync(from, to, { recursive: true });
  return to;
}

const HASHED = /^(.+-[A-Za-z0-9_-]{8})\.(js|css)$/;

/**
 * Changes the chunk whose file names start with `chunk` (e.g. 'tax-page-') in the build at `dist`
 * as a rebuild would: answers the file names that are gone (the previous release's).
 */
export function releaseWithChangedChunk(dist: string, chunk: string): string[] {
  const assets = path.join(dist, 'assets');
  const hashed = readdirSync(assets).filter((f) => HASHED.test(f));
  // the pages: index.html and /login prerendered per language (decision 029)
  const pages = readdirSync(dist).filter((f) => /^(index|login\.[\w-]+)\.html$/.test(f));
  const texts = new Map(
    [...hashed, ...pages.map((p) => `../${p}`)].map((f) => [f, readFileSync(path.join(assets, f), 'utf8')]),
  );
  const changed = new Set(hashed.filter((f) => f.startsWith(chunk)).map((f) => HASHED.exec(f)![1]!));
  if (changed.size === 0) throw new Error(`no chunk named ${chunk}* in ${assets}`);
  // every file naming a changed one changes too (its hash with it), up to the entry
  for (let grown = true; grown; ) {
    grown = false;
    for (const [file, text] of texts) {
      const stem = HASHED.exec(file)?.[1];
      if (!stem || changed.has(stem)) continue;
      if ([...changed].some((c) => text.includes(c))) {
        changed.add(stem);
        grown = true;
      }
    }
  }
  const gone: string[] = [];
  for (const [file, text] of texts) {
    let next = text;
    for (const stem of changed) next = next.split(stem).join(`${stem}r2`);
    if (next !== text) writeFileSync(path.join(assets, file), next);
    const [, stem, ext] = HASHED.exec(file) ?? [];
    if (!stem || !changed.has(stem)) continue;
    renameSync(path.join(assets, file), path.join(assets, `${stem}r2.${ext}`));
    // and its precompressed siblings (the server would send them under the old name)
    for (const z of ['gz', 'br']) rmSync(path.join(assets, `${file}.${z}`), { force: true });
    gone.push(file);
  }
  for (const page of pages)
    for (const z of ['gz', 'br']) rmSync(path.join(dist, `${page}.${z}`), { force: true });
  return gone;
}
