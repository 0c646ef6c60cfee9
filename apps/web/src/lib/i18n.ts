import { DEFAULT_LANGUAGE, isLanguage, LANG_COOKIE, type Language, pickLanguage } from '@hk/domain';
import type { i18n as I18next, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

// The app's translator (issue #24, decision 026). /login's first load carries this file instead of
// i18next (about 17 KB): catalogues (src/locales/<lang>/<ns>.json, one chunk each) load per
// language and namespace when a screen first asks for them, lookups are flat, with `{{name}}`
// interpolation, `ns:key`, `{ ns }` and `count` plurals (`_one`, `_other`). i18next itself loads with
// the first other screen (lib/i18n-engine.ts, through lib/lazy-with-query.tsx): from then on every
// `t` answers through it, from the same catalogues, so both give the same text. Components read
// `useTranslation(ns)` from here: the `t` / `i18n` shape react-i18next gave them.
type Catalogue = Record<string, string>;
type Loader = () => Promise<{ default: Catalogue }>;

// The first screen's catalogues (common, login) by language; every other namespace's loader is in
// lib/catalogues.ts, itself loaded when a screen first asks for one (its 60-odd entries would
// weigh on /login's first load).
const firstScreen = import.meta.glob<{ default: Catalogue }>('../locales/*/{common,login}.json');
// The server's messages (`errors`, packages/domain/src/locales): loaded at their first use (a
// message to show, or the first other screen), not with the first page.
const errorCatalogues: Record<Language, Loader> = {
  'zh-CN': () => import('@hk/domain/locales/zh-CN/errors.json'),
  'zh-HK': () => import('@hk/domain/locales/zh-HK/errors.json'),
  en: () => import('@hk/domain/locales/en/errors.json'),
};

async function loadCatalogue(lang: Language, ns: string): Promise<Catalogue | undefined> {
  if (ns === 'errors') return (await errorCatalogues[lang]()).default;
  const file = `../locales/${lang}/${ns}.json`;
  const load = firstScreen[file] ?? (await import('./catalogues')).CATALOGUES[file];
  return load ? (await load()).default : undefined;
}

/** `hk_lang`: a generic stored value, so it carries an expiry like every other (spec §3, 7200 s). */
export const LANG_STORE_KEY = 'lang';

/** The language chosen on the login page, while its stored value lives. */
export function storedLanguage(): Language | null {
  const saved = readStored<string>(LANG_STORE_KEY);
  if (isLanguage(saved)) return saved;
  try {
    // kept raw (no expiry) before issue #17: honoured once, then stored the spec's way
    const raw = localStorage.getItem(`hk_${LANG_STORE_KEY}`);
    if (isLanguage(raw)) {
      writeStored(LANG_STORE_KEY, raw);
      return raw;
    }
  } catch {}
  return null;
}

/** spec §1 `language`, the host's `lang` (spec §7), then the stored choice, then the browser's. */
export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search);
  const q = query.get('language') || query.get('lang');
  if (q) return pickLanguage(q);
  return storedLanguage() ?? pickLanguage(navigator.languages?.join(',') || navigator.language);
}

// --- the store: the language, the catalogues loaded (lang → ns → keys), i18next once loaded -------
let language: Language = DEFAULT_LANGUAGE;
const bundles: Partial<Record<string, Record<string, Catalogue>>> = {};
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const languageListeners = new Set<(lang: Language) => void>();
let engine: I18next | null = null;
/** Counts the catalogues loaded: a screen that does not suspend renders again when one arrives. */
let version = 0;
/** A test's i18next instance holds every catalogue itself (test utilities). */
let engineHoldsAll = false;

function notify() {
  for (const l of listeners) l();
}

function applyLanguage(lang: Language) {
  if (lang === language) return;
  language = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  notify();
  for (const l of languageListeners) l(lang);
}

export function currentLanguage(): Language {
  return language;
}

/** Whether `ns` of `lang` is there to read (loaded here, or given to i18next directly: tests). */
export function hasNamespace(ns: string, lang: Language = language): boolean {
  return loaded.has(`${lang}|${ns}`) || (engineHoldsAll && Boolean(engine?.hasResourceBundle(lang, ns)));
}

function merge(lang: string, ns: string, keys: Catalogue, overwrite: boolean) {
  bundles[lang] ??= {};
  const byNs = bundles[lang];
  byNs[ns] = overwrite ? { ...byNs[ns], ...keys } : { ...keys, ...byNs[ns] };
  engine?.addResourceBundle(lang, ns, keys, true, overwrite);
}

/** Loads the namespaces of `lang` not there yet; the same promise while one is on its way. */
export function loadNamespaces(nss: string | readonly string[], lang: Language = language): Promise<void> {
  const missing = (typeof nss === 'string' ? [nss] : nss).filter((ns) => !hasNamespace(ns, lang));
  if (missing.length === 0) return Promise.resolve();
  const key = `${lang}|${missing.join(',')}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      missing.map(async (ns) => {
        // an unknown namespace reads as empty (its keys come back as they are), as with i18next
        const keys = (await loadCatalogue(lang, ns)) ?? {};
        // the added keys (addResourceBundle) stay over the file's, as i18next's bundles did
        merge(lang, ns, keys, false);
        loaded.add(`${lang}|${ns}`);
        version++;
        notify();
      }),
    ).then(
      () => {
        loading.delete(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** Chooses a language: stored, its catalogues for the screens shown loaded first, then applied. */
export async function setLanguage(lang: Language) {
  writeStored(LANG_STORE_KEY, lang);
  // mirrored for the server, which sends /login prerendered in it (decision 029)
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a language code; the Cookie Store API is missing in older phone browsers
  document.cookie = `${LANG_COOKIE}=${lang};path=/;max-age=7200;samesite=lax`;
  const shown = [...new Set(Object.values(bundles).flatMap((byNs) => Object.keys(byNs ?? {})))];
  await loadNamespaces(
    shown.filter((ns) => hasNamespace(ns, language)),
    lang,
  );
  if (engine) await engine.changeLanguage(lang);
  applyLanguage(lang);
}

/** Calls `listener` with each new language (antd-mobile's own words follow it). */
export function onLanguageChanged(listener: (lang: Language) => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

// --- lookups --------------------------------------------------------------------------------------
type TOptions = { ns?: string | readonly string[]; count?: number; defaultValue?: string } & Record<
  string,
  unknown
>;

const plurals = new Map<string, Intl.PluralRules>();
function pluralOf(lang: string, count: number): string {
  let rules = plurals.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    plurals.set(lang, rules);
  }
  return rules.select(count);
}

function splitKey(key: string, nss: readonly string[]): [readonly string[], string] {
  const at = key.indexOf(':');
  return at > 0 ? [[key.slice(0, at)], key.slice(at + 1)] : [nss, key];
}

function find(lang: string, nss: readonly string[], key: string, count: unknown): string | undefined {
  for (const ns of nss) {
    const cat = bundles[lang]?.[ns];
    if (!cat) continue;
    if (typeof count === 'number') {
      const plural = cat[`${key}_${pluralOf(lang, count)}`];
      if (plural !== undefined) return plural;
    }
    if (cat[key] !== undefined) return cat[key];
  }
  return undefined;
}

function namespacesOf(options: TOptions | undefined, nss: readonly string[]): readonly string[] {
  const ns = options?.ns;
  return ns === undefined ? nss : typeof ns === 'string' ? [ns] : ns;
}

function translate(lang: Language, nss: readonly string[], key: string, options?: TOptions): string {
  if (engine)
    return engine.t(key, {
      lng: lang,
      ns: namespacesOf(options, nss),
      ...options,
    } as never) as unknown as string;
  const [own, bare] = splitKey(key, namespacesOf(options, nss));
  const text = find(lang, own, bare, options?.count) ?? options?.defaultValue ?? bare;
  if (!options || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    options[name] === undefined ? whole : String(options[name]),
  );
}

function exists(lang: Language, nss: readonly string[], key: string, options?: TOptions): boolean {
  if (engine) return engine.exists(key, { lng: lang, ns: namespacesOf(options, nss), ...options } as never);
  const [own, bare] = splitKey(key, namespacesOf(options, nss));
  return find(lang, own, bare, options?.count) !== undefined;
}

/** What components (and modules outside them) read of i18n: the shape i18next's instance has. */
export interface I18nFacade {
  readonly language: Language;
  readonly resolvedLanguage: Language;
  readonly isInitialized: boolean;
  t: TFunction;
  exists(key: string, options?: TOptions): boolean;
  changeLanguage(lang: Language): Promise<void>;
  addResourceBundle(lang: string, ns: string, keys: Catalogue, deep?: boolean, overwrite?: boolean): void;
}

export const i18n: I18nFacade = {
  get language() {
    return language;
  },
  get resolvedLanguage() {
    return language;
  },
  isInitialized: true,
  t: ((key: string, options?: TOptions) => translate(language, ['common'], key, options)) as TFunction,
  exists: (key, options) => exists(language, ['common'], key, options),
  changeLanguage: setLanguage,
  addResourceBundle: (lang, ns, keys, _deep, overwrite) => merge(lang, ns, keys, Boolean(overwrite)),
};

const fixed = new Map<string, TFunction>();
/** A `t` for one language and namespaces (i18next's `getFixedT`): what the hook hands out. */
export function fixedT(lang: Language, nss: readonly string[]): TFunction {
  const key = `${lang}|${nss.join(',')}`;
  let t = fixed.get(key);
  if (!t) {
    t = ((k: string, options?: TOptions) => translate(lang, nss, k, options)) as TFunction;
    fixed.set(key, t);
  }
  return t;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => `${language}|${version}`;

/**
 * react-i18next's hook, as the components used it: `t` for the namespaces given (the first is the
 * default; `ns:key` reads another), `i18n`; the screen suspends until the catalogues are loaded
 * (with `useSuspense: false` it renders at once, `ready` false, and again when they are).
 */
export function useTranslation(
  ns: string | readonly string[] = 'common',
  options?: { useSuspense?: boolean },
) {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const lang = language;
  const nss = typeof ns === 'string' ? [ns] : ns;
  let ready = true;
  if (!nss.every((n) => hasNamespace(n, lang))) {
    const loading = loadNamespaces(nss, lang);
    if (options?.useSuspense !== false) throw loading;
    loading.catch(() => {});
    ready = false;
  }
  return { t: fixedT(lang, nss), i18n, ready };
}

/**
 * Starts the app's language: the person's (or `lang`: the build's prerender), with the first
 * screen's namespaces on their way.
 */
export function initI18n(
  namespaces: readonly string[] = ['common', 'login'],
  lang = initialLanguage(),
): Promise<void> {
  applyLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return loadNamespaces(namespaces);
}

/**
 * i18next joins (lib/i18n-engine.ts, or a test's own instance): it gets every catalogue loaded so
 * far, follows the language, and answers every lookup from then on.
 */
export function adoptEngine(instance: I18next, { holdsAll = false } = {}) {
  engineHoldsAll = holdsAll;
  if (engine === instance) return;
  engine = instance;
  for (const [lang, byNs] of Object.entries(bundles))
    for (const [ns, keys] of Object.entries(byNs ?? {}))
      instance.addResourceBundle(lang, ns, keys, true, true);
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyLanguage(lng);
  });
  if (isLanguage(instance.language)) applyLanguage(instance.language);
}

/** The catalogues loaded so far, to start i18next with. */
export function loadedResources(): Record<string, Record<string, Catalogue>> {
  return JSON.parse(JSON.stringify(bundles));
}
