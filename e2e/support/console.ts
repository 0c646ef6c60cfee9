import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { uniqueClientIp } from './mobiles';

// The staff console in a journey: a desk (a desktop browser context of its own, with its own client
// address) and the console's sentences read from its locale files, so a journey finds what a member
// of staff reads and a missing key fails it (never a key passing for a text).

export type ConsoleLang = 'zh-CN' | 'zh-HK' | 'en';
const locales = path.resolve(import.meta.dirname, '../../apps/backoffice/src/locales');

/** The console's sentences of these namespaces in `lang`; a key missing from them throws. */
export function consoleTexts(lang: ConsoleLang, ...namespaces: string[]): (key: string) => string {
  const all: Record<string, string> = Object.assign(
    {},
    ...namespaces.map((ns) => JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8'))),
  );
  return (key) => {
    const sentence = all[key];
    if (sentence === undefined) throw new Error(`no ${key} in ${lang}/${namespaces.join(',')}`);
    return sentence;
  };
}

/** i18next's {{name}} placeholders filled in. */
export function fillPlaceholders(sentence: string, values: Record<string, string>): string {
  return sentence.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

/** A desk: a desktop-sized browser context in Hong Kong time, in `locale`, from an address of its own. */
export function consoleDesk(browser: Browser, locale = 'en-GB'): Promise<BrowserContext> {
  return browser.newContext({
    locale,
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    timezoneId: 'Asia/Hong_Kong',
    extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() },
  });
}
