// `npm run pdf:labels`: the texts of every label key the steps' field catalogues use
// (packages/domain/src/steps/<step>/catalogue.ts), every step's title (`<ns>:step_title`) and every
// document kind's name (`<ns>:document_<kind>`), copied from the step screens' own texts
// (apps/web/src/locales) so the application PDF and the staff case view say what the person chose
// in the words they saw. Written to apps/api/src/lib/catalogue-texts.json; a test fails when the
// file is not what this script makes from the current catalogues and screen texts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allCatalogueKeys } from '@hk/domain/steps/catalogues';

const root = path.resolve(import.meta.dirname, '..');
export const CATALOGUE_TEXTS_FILE = path.join(root, 'apps/api/src/lib/catalogue-texts.json');
const LANGS = ['zh-CN', 'zh-HK', 'en'] as const;
type Texts = Record<(typeof LANGS)[number], string>;

const cache = new Map<string, Record<string, string>>();
function readLocale(lang: string, ns: string): Record<string, string> {
  const file = path.join(root, 'apps/web/src/locales', lang, `${ns}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return cache.get(file)!;
}

/** `ns:key` → its text in each language; a key missing in a language is an error (the catalogue test names it). */
export function makeCatalogueTexts(): Record<string, Texts> {
  const out: Record<string, Texts> = {};
  for (const key of allCatalogueKeys()) {
    const [ns, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const texts = Object.fromEntries(LANGS.map((l) => [l, readLocale(l, ns)[name]])) as Texts;
    if (LANGS.some((l) => typeof texts[l] !== 'string'))
      throw new Error(`no text for ${key} in every language`);
    out[key] = texts;
  }
  return out;
}

export function catalogueTextsJson(): string {
  return `${JSON.stringify(makeCatalogueTexts(), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(CATALOGUE_TEXTS_FILE, catalogueTextsJson());
  console.log(`${Object.keys(makeCatalogueTexts()).length} label texts → ${CATALOGUE_TEXTS_FILE}`);
}
