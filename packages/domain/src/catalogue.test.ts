/// <reference types="node" />
// The `errors` catalogue is complete: every key in every language, and every key the domain uses.

// biome-ignore lint/style/noRestrictedImports: the test (not the domain code) reads the domain's own sources
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { ErrorCode, type ErrorCodeName, errorKey } from './errors';
import { FLOW_ERROR_MESSAGES } from './flow/messages';
import { addErrorMessages, ERROR_MESSAGES } from './i18n';
import en from './locales/en/errors.json';
import zhCN from './locales/zh-CN/errors.json';
import zhHK from './locales/zh-HK/errors.json';
import { STAFF_ERROR_MESSAGES } from './staff/messages';

const KEY = "'([a-z][a-z0-9_]*)'";

/**
 * Message keys used in one source file of the domain. Contracts: the last string argument of a call
 * (z.minLength(1, 'k'), z.regex(re, 'k'), issue('field', 'k'), add('field', 'k')), the first argument
 * of a helper whose first parameter is a `…Key` (text('k', 200), englishName('k')) and a `…Key = 'k'`
 * default. Everywhere: `error: 'k'`, `message: 'k'` and the members of the `…Problem` unions that
 * rule functions return.
 */
function extractMessageKeys(source: string, isContract: boolean): Set<string> {
  const keys = new Set<string>();
  const collect = (re: RegExp, text = source) => {
    for (const m of text.matchAll(re)) keys.add(m[1]!);
  };
  collect(new RegExp(`\\b(?:error|message)\\s*:\\s*${KEY}`, 'g'));
  for (const m of source.matchAll(/\btype\s+\w*Problem\s*=([^;]+);/g)) collect(new RegExp(KEY, 'g'), m[1]);
  if (isContract) {
    collect(new RegExp(`,\\s*${KEY}\\s*\\)`, 'g'));
    collect(new RegExp(`\\b\\w*[kK]ey\\s*(?::\\s*string\\s*)?=\\s*${KEY}`, 'g'));
    const helpers = [...source.matchAll(/(?:function\s+(\w+)\s*|const\s+(\w+)\s*=\s*)\(\s*\w*Key\b/g)].map(
      (m) => m[1] ?? m[2],
    );
    for (const h of helpers) collect(new RegExp(`\\b${h}\\(\\s*${KEY}`, 'g'));
  }
  return keys;
}

function domainSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : domainSources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const SRC = import.meta.dirname;
const usedKeys = new Map<string, string[]>();
for (const file of domainSources(SRC)) {
  const rel = path.relative(SRC, file);
  // the start-up hand checks (decision 026) name the answers' fields, never a message: their
  // failures are ContractErrors for the API client, not words for a person
  const isContract = rel.startsWith('contracts') && rel !== path.join('contracts', 'start-up-checks.ts');
  for (const key of extractMessageKeys(readFileSync(file, 'utf8'), isContract)) {
    usedKeys.set(key, [...(usedKeys.get(key) ?? []), rel]);
  }
}

const catalogues = { 'zh-CN': zhCN, 'zh-HK': zhHK, en } as Record<string, Record<string, unknown>>;
const allKeys = [...new Set(Object.values(catalogues).flatMap((c) => Object.keys(c)))].sort();

describe('errors catalogue: every key in every language (guide: a test that every key exists in every language)', () => {
  it('the three languages are the product languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every key with a non-empty sentence', (lang) => {
    const cat = catalogues[lang]!;
    const missing = allKeys.filter((k) => typeof cat[k] !== 'string' || !(cat[k] as string).trim());
    expect(missing).toEqual([]);
  });

  it('keys are snake_case', () => {
    expect(allKeys.filter((k) => !/^[a-z][a-z0-9_]*$/.test(k))).toEqual([]);
  });

  it('zh-HK is not a copy of zh-CN, nor en of zh-CN, for sentences with Chinese to convert', () => {
    const same = (a: Record<string, unknown>) => allKeys.filter((k) => a[k] === zhCN[k as keyof typeof zhCN]);
    // a few sentences read the same in both scripts (e.g. 成功); most must differ
    expect(same(zhHK).length).toBeLessThan(allKeys.length / 4);
    expect(same(en)).toEqual([]);
    expect(allKeys.filter((k) => /[\u4e00-\u9fff]/.test(String((en as Record<string, unknown>)[k])))).toEqual(
      [],
    );
  });

  it('placeholders, if any, are the same in every language', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)].map((m) => m[1]).sort();
    for (const k of allKeys) {
      expect(vars(zhHK[k as keyof typeof zhHK]), k).toEqual(vars(zhCN[k as keyof typeof zhCN]));
      expect(vars(en[k as keyof typeof en]), k).toEqual(vars(zhCN[k as keyof typeof zhCN]));
    }
  });
});

describe('the flow catalogue (flow/locales): every key in every language, none shadowing the main one', () => {
  const flowKeys = [...new Set(LANGUAGES.flatMap((l) => Object.keys(FLOW_ERROR_MESSAGES[l])))].sort();
  it.each(LANGUAGES)('%s has every key with a non-empty sentence', (lang) => {
    expect(flowKeys.filter((k) => !FLOW_ERROR_MESSAGES[lang][k]?.trim())).toEqual([]);
  });
  it('no flow key is also a main key, and English has no Chinese', () => {
    expect(flowKeys.filter((k) => k in zhCN)).toEqual([]);
    expect(flowKeys.filter((k) => /[\u4e00-\u9fff]/.test(FLOW_ERROR_MESSAGES.en[k]!))).toEqual([]);
  });
  it('addErrorMessages makes them known to the server, without replacing a main sentence', () => {
    addErrorMessages(FLOW_ERROR_MESSAGES);
    for (const k of flowKeys) expect(ERROR_MESSAGES.en[k]).toBe(FLOW_ERROR_MESSAGES.en[k]);
    expect(ERROR_MESSAGES.en.invalid_value).toBe(en.invalid_value);
  });
});

describe('the staff catalogue (staff/locales): every key in every language, none shadowing the main one', () => {
  const staffKeys = [...new Set(LANGUAGES.flatMap((l) => Object.keys(STAFF_ERROR_MESSAGES[l])))].sort();
  it.each(LANGUAGES)('%s has every key with a non-empty sentence', (lang) => {
    expect(staffKeys.filter((k) => !STAFF_ERROR_MESSAGES[lang][k]?.trim())).toEqual([]);
  });
  it('no staff key is also a main or flow key, and English has no Chinese', () => {
    expect(staffKeys.filter((k) => k in zhCN || k in FLOW_ERROR_MESSAGES['zh-CN'])).toEqual([]);
    expect(staffKeys.filter((k) => /[\u4e00-\u9fff]/.test(STAFF_ERROR_MESSAGES.en[k]!))).toEqual([]);
  });
  it('the same placeholders in every language', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)].map((m) => m[1]).sort();
    for (const k of staffKeys)
      for (const lang of LANGUAGES)
        expect(vars(STAFF_ERROR_MESSAGES[lang][k]), k).toEqual(vars(STAFF_ERROR_MESSAGES['zh-CN'][k]));
  });
});

describe('every ErrorCode has its sentence (spec §8: the info text of a status)', () => {
  it.each(Object.keys(ErrorCode) as ErrorCodeName[])('%s', (name) => {
    for (const lang of LANGUAGES) {
      const sentence =
        catalogues[lang]![errorKey(name)] ?? STAFF_ERROR_MESSAGES[lang as 'en'][errorKey(name)];
      expect(sentence, `${lang} ${errorKey(name)}`).toBeTruthy();
    }
  });
});

describe('every message key used in packages/domain is in the catalogue', () => {
  it('finds the keys of the rules and contracts (the scan itself works)', () => {
    for (const k of [
      'mobile_required',
      'mobile_invalid',
      'region_invalid',
      'captcha_required',
      'captcha_format',
      'sms_code_required',
      'sms_code_format',
      'account_market_invalid',
      'nationality_required',
      'english_surname_required',
      'english_name_invalid',
      'name_matches_bank_required',
      'id_number_checksum',
      'id_number_gender_mismatch',
      'birth_date_too_young',
      'invalid_value',
    ])
      expect(usedKeys.has(k), k).toBe(true);
  });

  it('has no key missing from the catalogue (modules imported by path may use the flow catalogue too)', () => {
    // flow/ and a step's folder but its definition (the barrel carries the definitions)
    const byPath = (f: string) => f.startsWith('flow') || /^steps\/[^/]+\/(?!definition\.ts$)/.test(f);
    // the staff catalogue serves the server only: its keys may be used by the back office's rules
    const staffOnly = (f: string) =>
      /^(staff|content|opening|evidence)\//.test(f) ||
      f === 'review/decisions.ts' ||
      /^deposit\/(matching|operations-|statement|deposit-rule)/.test(f);
    const missing = [...usedKeys]
      .filter(
        ([k, files]) =>
          !(k in zhCN) &&
          !(files.every(byPath) && k in FLOW_ERROR_MESSAGES['zh-CN']) &&
          !(files.every(staffOnly) && k in STAFF_ERROR_MESSAGES['zh-CN']),
      )
      .map(([k, files]) => `${k} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  describe('extractMessageKeys', () => {
    it('finds keys in every form the contracts use', () => {
      const src = `
        export type FooProblem = 'foo_a' | 'foo_b';
        const s = z.string({ error: 'k_error' }).check(z.minLength(1, 'k_min'), z.regex(/^[a-z](1)$/, 'k_regex'));
        ctx.addIssue({ code: 'custom', path: ['f'], message: 'k_message', input: v });
        issue('some_field', 'k_issue'); add('other_field', 'k_add');
        function text(requiredKey: string, max: number, tooLongKey = 'k_default') {}
        const englishName = (requiredKey: string) => 1;
        const a = text('k_text', 20); const b = englishName('k_helper');
      `;
      expect([...extractMessageKeys(src, true)].sort()).toEqual(
        [
          'foo_a',
          'foo_b',
          'k_add',
          'k_default',
          'k_error',
          'k_helper',
          'k_issue',
          'k_message',
          'k_min',
          'k_regex',
          'k_text',
        ].sort(),
      );
    });
    it('does not take field names, enum values or plain strings for keys', () => {
      const src = `
        const kinds = ['id_front', 'id_back'] as const; z.enum(['sz', 'gd']); s.has('id_front');
        issue('some_field', problem); if (tag.startsWith('zh')) {}
      `;
      expect([...extractMessageKeys(src, true)]).toEqual([]);
    });
  });
});
