import { STORAGE_PREFIX } from '@hk/domain';
import { describe, expect, it } from 'vitest';
import { clearAllStored, readStored, writeStored } from './storage';

describe('storage (spec §3: hk_ prefix, expiry)', () => {
  it('reads a value until it expires', () => {
    writeStored('k', { a: 1 }, 60);
    expect(localStorage.getItem(`${STORAGE_PREFIX}k`)).toContain('"a":1');
    expect(readStored('k')).toEqual({ a: 1 });
    writeStored('old', 1, -1);
    expect(readStored('old')).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}old`)).toBeNull();
  });

  it('a full logout deletes every hk_ key but the chosen language', () => {
    writeStored('open_user', { token: 't' }, 60);
    localStorage.setItem('hk_lang', 'en');
    localStorage.setItem('H5_SESSION_ID', 'abcdefghijklmnop');
    clearAllStored();
    expect(readStored('open_user')).toBeNull();
    expect(localStorage.getItem('hk_lang')).toBe('en');
    expect(localStorage.getItem('H5_SESSION_ID')).toBe('abcdefghijklmnop');
  });
});
