import { describe, expect, it } from 'vitest';
import en from '../../locales/en/id.json';
import zhCN from '../../locales/zh-CN/id.json';
import zhHK from '../../locales/zh-HK/id.json';

const catalogues = { 'zh-CN': zhCN, 'zh-HK': zhHK, en } as Record<string, Record<string, string>>;

describe('`id` namespace', () => {
  const keys = Object.keys(zhCN).sort();
  it.each(Object.keys(catalogues))('%s has every key, none empty, same placeholders', (lang) => {
    const cat = catalogues[lang]!;
    expect(Object.keys(cat).sort()).toEqual(keys);
    for (const k of keys) {
      expect(cat[k]?.trim(), `${lang}.${k}`).toBeTruthy();
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(vars(cat[k]!), `${lang}.${k}`).toEqual(vars(zhCN[k as keyof typeof zhCN]));
    }
  });

  it('keys are snake_case', () => {
    for (const k of keys) expect(k).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
