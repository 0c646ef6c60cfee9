// Every catalogue has every key in every language, every key the app's source asks for exists,
// and the domain's error catalogue (packages/domain) is complete (issue #2 §6).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ERROR_MESSAGES,
  ErrorCode,
  type ErrorCodeName,
  errorKey,
  FLOW_STAGES,
  LANGUAGES,
  progressButtonKeyForStep,
  REOPEN_REASONS,
  STEP_IDS,
} from '@hk/domain';
import { FLOW_ERROR_MESSAGES } from '@hk/domain/flow/messages';
import { STAFF_ERROR_MESSAGES } from '@hk/domain/staff/messages';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../lib/routes';

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');
const domainSrc = path.resolve(here, '../../../../packages/domain/src');

type Catalogue = Record<string, string>;
function readCatalogues(): Record<string, Record<string, Catalogue>> {
  const out: Record<string, Record<string, Catalogue>> = {};
  for (const lang of LANGUAGES) {
    out[lang] = {};
    for (const file of fs.readdirSync(path.join(here, lang)).filter((f) => f.endsWith('.json'))) {
      out[lang]![file.replace(/\.json$/, '')] = JSON.parse(
        fs.readFileSync(path.join(here, lang, file), 'utf8'),
      );
    }
  }
  return out;
}
const catalogues = readCatalogues();
const namespaces = [...new Set(LANGUAGES.flatMap((l) => Object.keys(catalogues[l]!)))].sort();

function hasKey(lang: string, ns: string, key: string): boolean {
  // `errors`: the server's catalogue, plus the flow rules' messages a step screen adds when it loads
  const cat =
    ns === 'errors'
      ? {
          ...ERROR_MESSAGES[lang as (typeof LANGUAGES)[number]],
          ...FLOW_ERROR_MESSAGES[lang as (typeof LANGUAGES)[number]],
        }
      : catalogues[lang]?.[ns];
  if (!cat) return false;
  return key in cat || `${key}_one` in cat || `${key}_other` in cat;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-utils\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** `t('key')` / `t('ns:key')` with a literal key, and the namespaces of the file's useTranslation. */
export function keysUsedIn(code: string): { namespaces: string[]; keys: string[] } {
  const nsList: string[] = [];
  for (const m of code.matchAll(/useTranslation\(\s*(?:'([^']+)'|\[([^\]]*)\])?/g)) {
    if (m[1]) nsList.push(m[1]);
    else if (m[2]) nsList.push(...[...m[2].matchAll(/'([^']+)'/g)].map((x) => x[1]!));
    else nsList.push('common');
  }
  // t('key', { ns: 'errors' }) names its namespace in the options: read as 'errors:key'
  const keys = [
    ...code.matchAll(
      /(?<![\w$])t\(\s*(?:'([^']+)'|"([^"]+)"|`([^`$]+)`)(\s*,\s*\{[^}]*?\bns:\s*'([\w-]+)')?/g,
    ),
  ].map((m) => (m[5] ? `${m[5]}:${m[1] ?? m[2] ?? m[3]}` : (m[1] ?? m[2] ?? m[3])!));
  return { namespaces: nsList.length ? [...new Set(nsList)] : ['common'], keys };
}

describe('catalogues', () => {
  it('exist for every namespace in every language', () => {
    for (const lang of LANGUAGES) expect(Object.keys(catalogues[lang]!).sort(), lang).toEqual(namespaces);
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'login', 'account', 'legal']));
  });

  it.each(namespaces)('%s: same keys, non-empty values and same placeholders in every language', (ns) => {
    const reference = LANGUAGES.flatMap((l) => Object.keys(catalogues[l]?.[ns] ?? {}));
    const all = [...new Set(reference)].sort();
    const problems: string[] = [];
    for (const key of all) {
      const values = LANGUAGES.map((l) => catalogues[l]?.[ns]?.[key]);
      LANGUAGES.forEach((l, i) => {
        if (typeof values[i] !== 'string' || !values[i]!.trim())
          problems.push(`${l}/${ns}.json lacks ${key}`);
      });
      const shapes = new Set(
        values.filter((v): v is string => typeof v === 'string').map((v) => placeholders(v).join()),
      );
      if (shapes.size > 1) problems.push(`${ns}:${key} has different placeholders across languages`);
      if (!/^[a-z][a-z0-9_]*$/.test(key)) problems.push(`${ns}:${key} is not snake_case`);
    }
    expect(problems).toEqual([]);
  });
});

describe('keys used by the app', () => {
  const files = sourceFiles(srcDir);

  it('finds the source files and the keys in them', () => {
    expect(files.length).toBeGreaterThan(10);
    const sample = keysUsedIn(
      "const { t } = useTranslation(['login', 'common']); t('submit'); t('errors:x');",
    );
    expect(sample).toEqual({ namespaces: ['login', 'common'], keys: ['submit', 'errors:x'] });
  });

  it('exist in every language', () => {
    const missing: string[] = [];
    for (const file of files) {
      const { namespaces: fileNs, keys } = keysUsedIn(fs.readFileSync(file, 'utf8'));
      for (const raw of keys) {
        const colon = raw.indexOf(':');
        const explicit = colon > 0 && /^[a-z][a-z0-9_-]*$/i.test(raw.slice(0, colon));
        for (const lang of LANGUAGES) {
          const found = explicit
            ? hasKey(lang, raw.slice(0, colon), raw.slice(colon + 1))
            : fileNs.some((ns) => hasKey(lang, ns, raw));
          if (!found) missing.push(`${path.relative(srcDir, file)}: ${raw} (${lang})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('include the keys built at run time: route titles and progress buttons', () => {
    const missing: string[] = [];
    // the login page's progress button is labelled by the next step (null: none left)
    const progressKeys = new Set([...STEP_IDS, null].map((step) => progressButtonKeyForStep(step)));
    // every stage's label is reached by some step, so the loop below checks all of them
    expect(progressKeys.size).toBe(FLOW_STAGES.length);
    for (const lang of LANGUAGES) {
      for (const r of APP_ROUTES)
        if (!hasKey(lang, 'common', r.titleKey)) missing.push(`${lang} ${r.titleKey}`);
      for (const key of progressKeys) if (!hasKey(lang, 'login', key)) missing.push(`${lang} ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('include a text for every reason a step is reopened, in every language (namespace steps)', () => {
    const missing = LANGUAGES.flatMap((lang) =>
      REOPEN_REASONS.filter((reason) => !catalogues[lang]?.steps?.[reason]?.trim()).map(
        (reason) => `${lang}/steps.json lacks ${reason}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});

describe('error catalogue of packages/domain', () => {
  it('has the same keys in every language, none empty', () => {
    const keys = Object.keys(ERROR_MESSAGES['zh-CN']).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(ERROR_MESSAGES[lang]).sort(), lang).toEqual(keys);
      for (const k of keys) expect(ERROR_MESSAGES[lang][k]?.trim(), `${lang} ${k}`).toBeTruthy();
    }
  });

  it("has a message for every error code (the back office's codes: in the staff catalogue, the server's only)", () => {
    const missing = (Object.keys(ErrorCode) as ErrorCodeName[])
      .map(errorKey)
      .filter((k) => LANGUAGES.some((l) => !ERROR_MESSAGES[l][k] && !STAFF_ERROR_MESSAGES[l][k]));
    expect(missing).toEqual([]);
  });

  it('has a message for every error key the domain rules emit (rules imported by path: in the flow catalogue too)', () => {
    const usedMain = new Set<string>();
    const usedByFlow = new Set<string>();
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? walk(p) : /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
      });
    for (const file of walk(domainSrc)) {
      const code = fs.readFileSync(file, 'utf8');
      // the later steps' rules (imported by path: flow/, a step's folder but its definition) have
      // their own catalogue, loaded with their screens
      const rel = path.relative(domainSrc, file).split(path.sep).join('/');
      const byPath = rel.startsWith('flow') || /^steps\/[^/]+\/(?!definition\.ts$)/.test(rel);
      // the back office's rules: their messages are the server's (staff catalogue), no screen here shows them
      const staffOnly =
        /^(staff|content|opening|evidence)\//.test(rel) ||
        rel === 'review/decisions.ts' ||
        /^deposit\/(matching|operations-|statement|deposit-rule)/.test(rel);
      if (staffOnly) continue;
      const used = byPath ? usedByFlow : usedMain;
      // `{ error: 'key' }`, `z.check(…, 'key')`, `add('field', 'key')`, `issue('field', 'key')`
      for (const m of code.matchAll(/\berror:\s*'([a-z][a-z0-9_]+)'/g)) used.add(m[1]!);
      for (const m of code.matchAll(
        /z\.(?:minLength|maxLength|length|regex|startsWith|minimum|maximum)\([^;]*?,\s*'([a-z][a-z0-9_]+)'\s*\)/g,
      ))
        used.add(m[1]!);
      for (const m of code.matchAll(/\b(?:add|issue)\(\s*'[\w.]+',\s*'([a-z][a-z0-9_]+)'\s*\)/g))
        used.add(m[1]!);
      for (const m of code.matchAll(/Problem\s*=\s*((?:\s*\|?\s*'[a-z_]+')+)/g))
        for (const k of m[1]!.matchAll(/'([a-z_]+)'/g)) used.add(k[1]!);
    }
    expect(usedMain.size).toBeGreaterThan(10);
    expect(usedByFlow.size).toBeGreaterThan(10);
    const missing = [...usedMain].filter((k) => LANGUAGES.some((l) => !ERROR_MESSAGES[l][k]));
    expect(missing).toEqual([]);
    const missingFlow = [...usedByFlow].filter((k) =>
      LANGUAGES.some((l) => !ERROR_MESSAGES[l][k] && !FLOW_ERROR_MESSAGES[l][k]),
    );
    expect(missingFlow).toEqual([]);
  });
});
