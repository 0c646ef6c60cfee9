import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@hk/domain';
import {
  type CompanyNameEntry,
  type CompanyNameListFile,
  CompanyNameListFileSchema,
  type CompanyNameSuggestion,
} from '@hk/domain/steps/employment/contracts';
import * as z from 'zod/mini';
import { API_ROOT } from '../../../lib/api-root';

/**
 * The employer names the broker maintains (docs/api/steps/employment.md): seeded with
 * companies listed in Hong Kong, Shanghai and Shenzhen; the broker edits the file and deploys.
 */
export const COMPANY_NAMES_FILE = path.join(API_ROOT, 'data/company-names.json');

/** Reads and checks the list; a broken file stops the server at start, naming what is wrong. */
export function loadCompanyNameList(file: string = COMPANY_NAMES_FILE): CompanyNameListFile {
  const parsed = z.safeParse(CompanyNameListFileSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * What a keyword is compared on: NFKC (full-width letters and digits become ASCII), lower case,
 * without spaces and the punctuation names are written with in either script, so "pingan",
 * "Ping An" and "ＰＩＮＧ　ＡＮ" find the same company.
 */
export function normalizeCompanyText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,()（）\-&'’·・]/g, '');
}

type Field = 'en' | 'zh_hans' | 'zh_hant';
/** The name a person reading `lang` is offered first when several names match. */
const FIELD_ORDER: Record<Language, readonly Field[]> = {
  'zh-CN': ['zh_hans', 'zh_hant', 'en'],
  'zh-HK': ['zh_hant', 'zh_hans', 'en'],
  en: ['en', 'zh_hans', 'zh_hant'],
};

interface IndexedCompany {
  entry: CompanyNameEntry;
  names: Partial<Record<Field, string>>;
  /** Aliases and codes: they find the company, the filled-in name is still one of its names. */
  others: string[];
}

export interface CompanyNameIndex {
  updatedOn: string;
  size: number;
  search(keyword: string, limit: number, lang: Language): CompanyNameSuggestion[];
}

/**
 * A keyword (any part of a name, case-insensitive) against every name, alias and listing code.
 * Order: a name that is the keyword, then names that start with it, then names that contain it;
 * the file's order within each (the broker lists the larger employers first).
 */
export function createCompanyNameIndex(list: CompanyNameListFile): CompanyNameIndex {
  const companies: IndexedCompany[] = list.companies.map((entry) => ({
    entry,
    names: Object.fromEntries(
      (['en', 'zh_hans', 'zh_hant'] as const)
        .filter((f) => entry[f])
        .map((f) => [f, normalizeCompanyText(entry[f]!)]),
    ),
    others: [...(entry.aliases ?? []), ...(entry.codes ?? [])].map(normalizeCompanyText),
  }));

  return {
    updatedOn: list.updated_on,
    size: companies.length,
    search(keyword, limit, lang) {
      const key = normalizeCompanyText(keyword);
      if (!key) return [];
      const rank = (text: string) =>
        text === key ? 0 : text.startsWith(key) ? 1 : text.includes(key) ? 2 : 3;
      const found: { rank: number; order: number; company: IndexedCompany; field: Field }[] = [];
      companies.forEach((company, order) => {
        let best: { rank: number; field: Field } | undefined;
        for (const field of FIELD_ORDER[lang]) {
          const text = company.names[field];
          if (text === undefined) continue;
          const r = rank(text);
          if (r < 3 && (!best || r < best.rank)) best = { rank: r, field };
        }
        const other = Math.min(3, ...company.others.map(rank));
        if (other < 3) {
          // an alias or a code ranks the company; the name filled in is still one that matched,
          // else the one in the reader's language
          const field = best?.field ?? FIELD_ORDER[lang].find((f) => company.entry[f])!;
          best = { rank: Math.min(other, best?.rank ?? 3), field };
        }
        if (best) found.push({ ...best, order, company });
      });
      found.sort((a, b) => a.rank - b.rank || a.order - b.order);
      return found.slice(0, limit).map(({ company: { entry }, field }) => ({
        name: entry[field]!,
        en: entry.en,
        zh_hans: entry.zh_hans ?? null,
        zh_hant: entry.zh_hant ?? null,
        codes: entry.codes ?? [],
      }));
    },
  };
}
