import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import {
  composeNotice,
  NOTICE_KEYS,
  NOTICE_TEMPLATES,
  NOTICE_TEXTS,
  noticeKey,
  noticeLanguage,
} from './notices';

const values = { tel: '400-800-8888', tel_hk: '+852 3000 8888', account_number: '800000010' };
// filled by composeNotice itself from the catalogue (issue #15: the `opened` notice's terms)
const COMPOSED = ['account_terms'];
const placeholders = (s: string | undefined) =>
  [...String(s).matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)].map((m) => m[1]).sort();

describe('the decision notices (locales/<lang>/notices.json)', () => {
  it.each(LANGUAGES)('%s has exactly the notice keys, each a sentence', (lang) => {
    const texts = NOTICE_TEXTS[lang];
    for (const key of NOTICE_KEYS) expect(texts[key], `${lang} ${key}`).toMatch(/\S/);
    expect(Object.keys(texts).sort()).toEqual([...NOTICE_KEYS].sort());
  });

  it('the same placeholders in every language, and only known ones', () => {
    for (const key of NOTICE_KEYS) {
      const cn = placeholders(NOTICE_TEXTS['zh-CN'][key]);
      expect(placeholders(NOTICE_TEXTS['zh-HK'][key]), key).toEqual(cn);
      expect(placeholders(NOTICE_TEXTS.en[key]), key).toEqual(cn);
      for (const name of cn) expect([...Object.keys(values), ...COMPOSED]).toContain(name);
    }
  });

  it('English has no Chinese, Traditional is not a copy of Simplified', () => {
    for (const key of NOTICE_KEYS) {
      expect(NOTICE_TEXTS.en[key], key).not.toMatch(/[\u4e00-\u9fff]/);
      expect(NOTICE_TEXTS['zh-HK'][key], key).not.toBe(NOTICE_TEXTS['zh-CN'][key]);
    }
  });

  it.each(LANGUAGES)(
    '%s: words a person reads, the broker named, no code, every placeholder filled',
    (lang) => {
      for (const template of NOTICE_TEMPLATES) {
        const n = composeNotice(lang, template, values);
        for (const text of [n.sms, n.subject, n.text]) {
          expect(text).not.toMatch(/\{|\}|\b[a-z]+_[a-z_]+\b/);
          expect(text).toMatch(lang === 'en' ? /Harbour Peak Securities/ : /港峰[证證]券/);
        }
        // one text message in Chinese (70 characters) is too short; two or three parts at most
        expect(n.sms.length, `${lang} ${template}`).toBeLessThanOrEqual(lang === 'en' ? 300 : 120);
      }
      expect(composeNotice(lang, 'declined', values).sms).toContain('+852 3000 8888');
    },
  );

  it('an unknown stored language falls back to Simplified Chinese', () => {
    expect(noticeLanguage('zh-HK')).toBe('zh-HK');
    expect(noticeLanguage(undefined)).toBe('zh-CN');
    expect(noticeLanguage('fr')).toBe('zh-CN');
    expect(noticeKey('approved', 'sms')).toBe('notice_approved_sms');
  });
});
