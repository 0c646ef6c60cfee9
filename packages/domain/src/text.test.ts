import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ERROR_MESSAGES } from './i18n';
import { checkIsStorableText, checkText, normalizeText, TEXT_PROBLEMS, typedText } from './text';
import { HOSTILE_TEXTS, LEGITIMATE_TEXTS } from './text-corpus';

describe('checkText: the one rule for typed text (issue #12)', () => {
  it.each(HOSTILE_TEXTS)('refuses %s', (_what, value, key) => {
    expect(checkText(value)).toBe(key);
  });
  it.each(LEGITIMATE_TEXTS)('accepts %s', (value) => {
    expect(checkText(value)).toBeUndefined();
  });
  it('has a message for each key in every language', () => {
    for (const key of TEXT_PROBLEMS)
      for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) expect(ERROR_MESSAGES[lang][key]).toBeTruthy();
  });
});

describe('normalizeText', () => {
  it('composes to NFC and trims, newlines and BOM at the ends included', () => {
    expect(normalizeText(' Cafe\u0301 ')).toBe('Café');
    expect(normalizeText('\ufeffACME LTD\r\n')).toBe('ACME LTD');
    expect(normalizeText('Cafe\u0301')).toHaveLength(4);
  });
  it('leaves a lone surrogate for the check to refuse (never throws)', () => {
    expect(normalizeText('\ud800')).toBe('\ud800');
  });
});

describe('checkIsStorableText: what the database cannot store', () => {
  it('refuses NUL and lone surrogates only', () => {
    expect(checkIsStorableText('a\u0000b')).toBe(false);
    expect(checkIsStorableText('a\ud800')).toBe(false);
    expect(checkIsStorableText('\udfff')).toBe(false);
    expect(checkIsStorableText('😀 \u202e \u0007')).toBe(true);
  });
});

describe('typedText', () => {
  const schema = z.object({ company_name: typedText({ max: 10, requiredKey: 'company_name_required' }) });
  const keyOf = (value: unknown) => {
    const r = z.safeParse(schema, { company_name: value });
    return r.success ? r.data.company_name : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)[0];
  };
  it('stores the normalised text', () => {
    expect(keyOf('  Cafe\u0301 ')).toBe('Café');
  });
  it('reports the text problem at the field, before its length', () => {
    expect(keyOf('\u202eDTL EMCA\u0007\u001b and far too long')).toBe('company_name:text_control_characters');
    expect(keyOf('\u202eDTL EMCA')).toBe('company_name:text_bidi_control');
  });
  it('refuses an empty, a too long and a non-string value with the field keys', () => {
    expect(keyOf('   ')).toBe('company_name:company_name_required');
    expect(keyOf('x'.repeat(11))).toBe('company_name:company_name_required');
    expect(keyOf(12)).toBe('company_name:company_name_required');
  });
  it('a draft keeps what is typed but refuses the same characters', () => {
    const draft = typedText({ max: 10, normalize: false });
    expect(z.parse(draft, ' ACME ')).toBe(' ACME ');
    expect(z.safeParse(draft, 'AC\u200bME').error?.issues[0]?.message).toBe('text_invisible_characters');
  });
});
