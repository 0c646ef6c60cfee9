/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: test-only oracle; the implementation under test stays browser-safe
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSign, signSubject } from './sign';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('computeSign (spec §7: _sign is a hash over the token or mobile, _t and a fixed secret)', () => {
  it.each([
    ['tok-abc', '1764100000000', 's3cret'],
    ['13812345678', 1764100000000, 'another secret'],
    ['', '0', ''],
    ['令牌', '1', 'секрет'],
  ])('equals sha256hex(%j:%j:secret)', (subject, t, secret) => {
    const sign = computeSign(subject, t, secret);
    expect(sign).toBe(sha256Hex(`${subject}:${t}:${secret}`));
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with each of subject, timestamp and secret', () => {
    const s = computeSign('tok', '1', 'k');
    expect(computeSign('tok2', '1', 'k')).not.toBe(s);
    expect(computeSign('tok', '2', 'k')).not.toBe(s);
    expect(computeSign('tok', '1', 'k2')).not.toBe(s);
  });

  it('a number and its string form sign the same', () => {
    expect(computeSign('m', 1764100000000, 'k')).toBe(computeSign('m', '1764100000000', 'k'));
  });
});

describe('signSubject (token, else mobile, else empty)', () => {
  it('prefers the token', () => {
    expect(signSubject({ token: 'tok', mobile: '13812345678' })).toBe('tok');
  });
  it('uses the mobile without a token (an empty token counts as none)', () => {
    expect(signSubject({ mobile: '13812345678' })).toBe('13812345678');
    expect(signSubject({ token: '', mobile: '13812345678' })).toBe('13812345678');
    expect(signSubject({ token: undefined, mobile: '91234567' })).toBe('91234567');
  });
  it('is empty with neither', () => {
    expect(signSubject({})).toBe('');
    expect(signSubject({ token: '', mobile: '' })).toBe('');
  });
});
