// Every catalogue has every key in every language, and every key the console's source asks for
// (with a literal key, or built at run time from a table: route titles, role names, notices)
// exists in every language: a missing translation fails here, not in front of a reviewer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_FLAGS, caseFlagKey } from '@hk/domain/review/flags';
import {
  DECLINE_REASONS,
  declineReasonKey,
  REVISION_REASONS,
  revisionReasonKey,
} from '@hk/domain/review/reasons';
import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import { STAFF_ROLES } from '@hk/domain/staff/roles';
import { describe, expect, it } from 'vitest';
import { OUTBOX_RUNTIME_KEYS } from '../features/outbox/texts';
import { RECORDS_RUNTIME_KEYS } from '../features/records/texts';
import { CASE_RUNTIME_KEYS } from '../features/review/texts';
import { STAFF_RUNTIME_KEYS } from '../features/staff/texts';
import { DOMAIN_REVIEW_CATALOGUES } from '../lib/i18n';
import { ROUTES } from '../lib/routes';
import { SIGNED_OUT_NOTICES } from '../lib/session';

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');

type Catalogue = Record<string, string>;
const catalogues: Record<string, Record<string, Catalogue>> = {};
for (const lang of STAFF_LANGUAGES) {
  catalogues[lang] = {};
  for (const file of fs.readdirSync(path.join(here, lang)).filter((f) => f.endsWith('.json')))
    catalogues[lang]![file.replace(/\.json$/, '')] = JSON.parse(
      fs.readFileSync(path.join(here, lang, file), 'utf8'),
    );
}
// the domain's review texts (reasons, flags) are the console's namespace `review`, loaded from
// packages/domain/src/locales: one source for the applicant, the API and the console
const DOMAIN_NAMESPACES = ['review'];
for (const lang of STAFF_LANGUAGES) catalogues[lang]!.review = DOMAIN_REVIEW_CATALOGUES[lang];
const namespaces = [...new Set(STAFF_LANGUAGES.flatMap((l) => Object.keys(catalogues[l]!)))].sort();
const hasKey = (lang: string, ns: string, key: string) => typeof catalogues[lang]?.[ns]?.[key] === 'string';
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
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
  const keys = [...code.matchAll(/(?<![\w$])t\(\s*(?:'([^']+)'|"([^"]+)")/g)].map((m) => (m[1] ?? m[2])!);
  return { namespaces: nsList.length ? [...new Set(nsList)] : ['common'], keys };
}

describe('catalogues', () => {
  it('exist for every namespace in every language', () => {
    expect(namespaces).toEqual([
      'audit',
      'cases',
      'common',
      'content',
      'deposits',
      'opening',
      'outbox',
      'records',
      'review',
      'sign_in',
      'staff',
      'staff_setup',
    ]);
    for (const lang of STAFF_LANGUAGES)
      expect(Object.keys(catalogues[lang]!).sort(), lang).toEqual(namespaces);
  });

  it.each(namespaces)('%s: same keys, non-empty values and same placeholders in every language', (ns) => {
    const all = [...new Set(STAFF_LANGUAGES.flatMap((l) => Object.keys(catalogues[l]?.[ns] ?? {})))].sort();
    const problems: string[] = [];
    for (const key of all) {
      const values = STAFF_LANGUAGES.map((l) => catalogues[l]?.[ns]?.[key]);
      STAFF_LANGUAGES.forEach((l, i) => {
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

describe('keys used by the console', () => {
  const files = sourceFiles(srcDir);

  it('reads the source files and the keys in them', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(
      keysUsedIn("const { t } = useTranslation(['sign_in', 'common']); t('submit'); t('common:x');"),
    ).toEqual({
      namespaces: ['sign_in', 'common'],
      keys: ['submit', 'common:x'],
    });
  });

  it('exist in every language', () => {
    const missing: string[] = [];
    for (const file of files) {
      const { namespaces: fileNs, keys } = keysUsedIn(fs.readFileSync(file, 'utf8'));
      for (const raw of keys) {
        const [ns, key] = raw.includes(':') ? raw.split(':', 2) : [null, raw];
        for (const lang of STAFF_LANGUAGES) {
          const found = ns ? hasKey(lang, ns, key!) : fileNs.some((n) => hasKey(lang, n, key!));
          if (!found) missing.push(`${path.relative(srcDir, file)}: ${raw} (${lang})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('include the keys built at run time: page titles, role names, sign-in notices, review lists', () => {
    const expected = [
      ...Object.values(ROUTES).map((r) => `common:${r.titleKey}`),
      ...STAFF_ROLES.map((role) => `common:role_${role}`),
      ...SIGNED_OUT_NOTICES.map((n) => `sign_in:notice_${n}`),
      ...CASE_RUNTIME_KEYS.map((k) => `cases:${k}`),
      ...RECORDS_RUNTIME_KEYS.map((k) => `records:${k}`),
      ...OUTBOX_RUNTIME_KEYS.map((k) => `outbox:${k}`),
      ...STAFF_RUNTIME_KEYS.map((k) => `staff:${k}`),
      ...REVISION_REASONS.map((r) => `review:${revisionReasonKey(r)}`),
      ...DECLINE_REASONS.map((r) => `review:${declineReasonKey(r)}`),
      ...CASE_FLAGS.map((f) => `review:${caseFlagKey(f)}`),
    ];
    expect(DOMAIN_NAMESPACES.every((ns) => namespaces.includes(ns))).toBe(true);
    const missing = STAFF_LANGUAGES.flatMap((lang) =>
      expected.filter((k) => !hasKey(lang, ...(k.split(':') as [string, string]))).map((k) => `${lang} ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
