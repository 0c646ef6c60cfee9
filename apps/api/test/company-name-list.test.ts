import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, translateError } from '@hk/domain';
import {
  CompanyNameListFileSchema,
  CompanyNameListResponseSchema,
} from '@hk/domain/steps/employment/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  COMPANY_NAMES_FILE,
  createCompanyNameIndex,
  loadCompanyNameList,
  normalizeCompanyText,
} from '../src/plugins/app/companies/company-names';
import { createTestApp, signed, type TestApp } from './helpers';

const URL_PATH = '/v9/OpenAccountHk/company_name_list';

// Reference data reads no table: one embedded database is enough.
describe('GET /v9/OpenAccountHk/company_name_list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  async function ask(query: Record<string, string>, lang?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL_PATH}?${new URLSearchParams(signed(t, query) as Record<string, string>)}`,
      headers: lang ? { 'accept-language': lang } : {},
    });
    expect(res.statusCode).toBeLessThan(500);
    return { res, json: res.json() };
  }
  const names = (json: { data: { items: { name: string }[] } }) => json.data.items.map((i) => i.name);

  it('finds a company by any of its names, case-insensitively, and fills in the name that matched', async () => {
    const en = await ask({ keyword: 'tencent' });
    expect(z.safeParse(CompanyNameListResponseSchema, en.json).success).toBe(true);
    expect(en.json.data.keyword).toBe('tencent');
    expect(en.json.data.items[0]).toEqual({
      name: 'Tencent Holdings Limited',
      en: 'Tencent Holdings Limited',
      zh_hans: '腾讯控股有限公司',
      zh_hant: '騰訊控股有限公司',
      codes: ['0700.HK'],
    });
    expect(names((await ask({ keyword: '腾讯' })).json)[0]).toBe('腾讯控股有限公司');
    expect(names((await ask({ keyword: '騰訊' })).json)[0]).toBe('騰訊控股有限公司');
    // any part of a name, not only its start
    expect(names((await ask({ keyword: 'holdings plc' })).json)).toContain('HSBC Holdings plc');
    expect(names((await ask({ keyword: '工商銀行' })).json)).toContain('中國工商銀行股份有限公司');
  });

  it('ignores spaces, punctuation and full-width letters; finds short names and listing codes', async () => {
    expect(names((await ask({ keyword: 'PINGAN' })).json)[0]).toBe(
      'Ping An Insurance (Group) Company of China, Ltd.',
    );
    expect(names((await ask({ keyword: 'ＨＳＢＣ' })).json)[0]).toBe('HSBC Holdings plc');
    // found by an alias or a code: the name offered is in the reader's language
    expect(names((await ask({ keyword: 'ICBC' }, 'zh-CN')).json)[0]).toBe('中国工商银行股份有限公司');
    expect(names((await ask({ keyword: 'ICBC' }, 'zh-HK')).json)[0]).toBe('中國工商銀行股份有限公司');
    expect(names((await ask({ keyword: '600519' }, 'en')).json)).toEqual(['Kweichow Moutai Co., Ltd.']);
  });

  it('a name that starts with the keyword comes before one that only contains it', async () => {
    const { json } = await ask({ keyword: 'china', limit: '20' });
    const items: { name: string }[] = json.data.items;
    expect(items).toHaveLength(20);
    const firstContaining = items.findIndex((i) => !normalizeCompanyText(i.name).startsWith('china'));
    if (firstContaining >= 0)
      for (const later of items.slice(firstContaining))
        expect(normalizeCompanyText(later.name).startsWith('china'), later.name).toBe(false);
    expect(normalizeCompanyText(items[0]!.name).startsWith('china')).toBe(true);
  });

  it('limits the answer (10 by default, at most 20); no keyword, no suggestions', async () => {
    expect((await ask({ keyword: 'limited' })).json.data.items).toHaveLength(10);
    expect((await ask({ keyword: 'limited', limit: '3' })).json.data.items).toHaveLength(3);
    expect((await ask({ keyword: '' })).json.data).toEqual({ keyword: '', items: [] });
    expect((await ask({ keyword: '   ' })).json.data).toEqual({ keyword: '', items: [] });
    expect((await ask({})).json.data.items).toEqual([]);
    expect((await ask({ keyword: 'zzzzqqq' })).json.data.items).toEqual([]);
  });

  it('refuses a keyword over 50 characters and a limit outside 1–20 (1002 at the field), never a 5xx', async () => {
    for (const [query, field] of [
      [{ keyword: 'a'.repeat(51) }, 'keyword'],
      [{ keyword: 'bank', limit: '0' }, 'limit'],
      [{ keyword: 'bank', limit: '21' }, 'limit'],
      [{ keyword: 'bank', limit: 'many' }, 'limit'],
    ] as const) {
      const { json } = await ask(query, 'en');
      expect(json.status, JSON.stringify(query)).toBe(ErrorCode.VALIDATION_FAILED);
      expect(Object.keys(json.data.fields)).toEqual([field]);
    }
    // the text rule (issue #12): a NUL or a direction override is refused at the keyword
    for (const [keyword, key] of [
      ['%%%\u0000(', 'text_control_characters'],
      ['(\u202e)', 'text_bidi_control'],
    ] as const) {
      const { json } = await ask({ keyword }, 'en');
      expect(json.status, keyword).toBe(ErrorCode.VALIDATION_FAILED);
      expect(json.data.fields).toEqual({ keyword: translateError('en', key) });
    }
    const odd = await ask({ keyword: '%%%(_)' });
    expect(odd.json.status).toBe(0);
  });

  it('is cacheable public reference data that needs no session, but a signed request', async () => {
    const { res } = await ask({ keyword: 'bank' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.vary).toMatch(/accept-language/i);
    const unsigned = await t.app.inject({ method: 'GET', url: `${URL_PATH}?keyword=bank` });
    expect(unsigned.statusCode).toBeLessThan(500);
    expect(unsigned.json().status).not.toBe(0);
  });
});

describe('the list the broker maintains (apps/api/data/company-names.json)', () => {
  const list = loadCompanyNameList();

  it('is valid, and seeded with at least 300 listed companies, each with its Chinese names', () => {
    expect(z.safeParse(CompanyNameListFileSchema, list).success).toBe(true);
    expect(list.companies.length).toBeGreaterThanOrEqual(300);
    for (const c of list.companies) {
      expect(c.codes?.length, c.en).toBeGreaterThan(0);
      expect(c.zh_hans, c.en).toBeTruthy();
      expect(c.zh_hant, c.en).toBeTruthy();
    }
  });

  it('lists each company once: no listing code or name twice', () => {
    const seen = new Map<string, string>();
    for (const c of list.companies)
      for (const key of new Set(
        [...(c.codes ?? []), c.en, c.zh_hans, c.zh_hant].filter(Boolean) as string[],
      )) {
        expect(seen.get(key), `${key} in ${c.en} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, c.en);
      }
  });

  it('a broken file stops the start, naming the file and the entry', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'company-names-'));
    const file = path.join(dir, 'company-names.json');
    writeFileSync(
      file,
      JSON.stringify({ updated_on: '2026-11-26', companies: [{ en: 'A Ltd', codes: ['ABC'] }] }),
    );
    expect(() => loadCompanyNameList(file)).toThrow(/company-names\.json: companies\.0\.codes\.0/);
    writeFileSync(file, '{');
    expect(() => loadCompanyNameList(file)).toThrow();
    expect(COMPANY_NAMES_FILE).toMatch(/apps[/\\]api[/\\]data[/\\]company-names\.json$/);
  });

  it('an entry without Chinese names is offered by its English name in every language', () => {
    const index = createCompanyNameIndex({
      updated_on: '2026-11-26',
      companies: [{ en: 'Harbour Widgets Limited', aliases: ['HWL'] }],
    });
    expect(index.search('hwl', 5, 'zh-HK')).toEqual([
      {
        name: 'Harbour Widgets Limited',
        en: 'Harbour Widgets Limited',
        zh_hans: null,
        zh_hant: null,
        codes: [],
      },
    ]);
  });
});
