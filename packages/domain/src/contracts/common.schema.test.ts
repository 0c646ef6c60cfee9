import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { envelope, formBoolean, formList, optionalText, text } from './common.schema';

const messages = (schema: z.ZodMiniType, input: unknown) => {
  const r = z.safeParse(schema, input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('envelope (spec §7: status, data, info)', () => {
  const s = envelope(z.object({ n: z.number() }));
  it('accepts {status, data, info}', () => {
    expect(messages(s, { status: 0, data: { n: 1 }, info: '' })).toEqual([]);
  });
  it('refuses a non-integer status, a missing info or wrong data', () => {
    expect(messages(s, { status: 0.5, data: { n: 1 }, info: '' })).not.toEqual([]);
    expect(messages(s, { status: 0, data: { n: 1 } })).not.toEqual([]);
    expect(messages(s, { status: 0, data: { n: '1' }, info: '' })).not.toEqual([]);
  });
});

describe('formBoolean (form bodies carry strings)', () => {
  it.each([
    [true, true],
    ['true', true],
    ['1', true],
    [1, true],
    [false, false],
    ['false', false],
    ['0', false],
    [0, false],
  ])('%j → %j', (input, out) => {
    expect(z.parse(formBoolean, input)).toBe(out);
  });
  it.each(['yes', '', 2, null, undefined])('refuses %j with invalid_value', (input) => {
    expect(messages(formBoolean, input)).toEqual(['invalid_value']);
  });
});

describe('formList (repeated keys, a JSON array or one value)', () => {
  const s = formList(z.string());
  it('wraps one value, keeps an array, turns a missing value into an empty list', () => {
    expect(z.parse(s, 'a')).toEqual(['a']);
    expect(z.parse(s, ['a', 'b'])).toEqual(['a', 'b']);
    expect(z.parse(s, undefined)).toEqual([]);
  });
  it('checks each item', () => {
    expect(z.safeParse(s, ['a', 1]).success).toBe(false);
  });
});

describe('text and optionalText (trimmed, with a maximum)', () => {
  it('text requires a non-blank value within the maximum', () => {
    const s = text('name_required', 5, 'name_too_long');
    expect(z.parse(s, '  ab  ')).toBe('ab');
    expect(messages(s, '   ')).toEqual(['name_required']);
    expect(messages(s, undefined)).toEqual(['name_required']);
    expect(messages(s, 'abcdef')).toEqual(['name_too_long']);
    expect(messages(text('k', 5), 'abcdef')).toEqual(['k']);
  });
  it('optionalText may be absent and is trimmed to its maximum', () => {
    const s = optionalText(3);
    expect(z.parse(s, undefined)).toBeUndefined();
    expect(z.parse(s, ' abc ')).toBe('abc');
    expect(messages(s, 'abcd')).toEqual(['invalid_value']);
    expect(messages(s, 5)).toEqual(['invalid_value']);
    expect(messages(optionalText(3, 'source_invalid'), 'abcd')).toEqual(['source_invalid']);
  });
});
