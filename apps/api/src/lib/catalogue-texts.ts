// The texts the application PDF and the staff case view show for the steps' records (issue #23,
// decision 031): every label key the field catalogues use, every step's title (`<ns>:step_title`)
// and every document kind's name (`<ns>:document_<kind>`), read once, at start, from the step
// screens' own texts (apps/web/src/locales/<lang>/<ns>.json), so the record says what the person
// chose in the words they saw and the server keeps no second copy. The folder is found from the API
// package's folder (./api-root.ts), as the web build is (config.ts `webDistDir`), from the source
// and from the compiled server alike; the files are read, never imported (the apps lean on the
// domain package only). Which keys: the domain's catalogues say (`allCatalogueKeys`). A key without
// a text in a language is left out here (the renderer then shows the field's name, readable); the
// domain's catalogue test fails naming it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@hk/domain';
import { allCatalogueKeys } from '@hk/domain/steps/catalogues';
import { API_ROOT } from './api-root';

export type Texts = Record<Language, string>;

/** The web app's screen texts, `<lang>/<ns>.json`. */
export const LOCALES_DIR = path.join(API_ROOT, '../web/src/locales');

/** `ns:key` → its text in each language, for every key the catalogues use. */
export function readCatalogueTexts(dir: string = LOCALES_DIR): Record<string, Texts> {
  const files = new Map<string, Record<string, unknown>>();
  const locale = (lang: Language, ns: string) => {
    const file = path.join(dir, lang, `${ns}.json`);
    if (!files.has(file)) files.set(file, JSON.parse(readFileSync(file, 'utf8')));
    return files.get(file)!;
  };
  const out: Record<string, Texts> = {};
  for (const key of allCatalogueKeys()) {
    const at = key.indexOf(':');
    const [ns, name] = [key.slice(0, at), key.slice(at + 1)];
    const texts = Object.fromEntries(LANGUAGES.map((l) => [l, locale(l, ns)[name]]));
    if (LANGUAGES.every((l) => typeof texts[l] === 'string')) out[key] = texts as Texts;
  }
  return out;
}
