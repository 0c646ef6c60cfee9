import { describe, expect, it } from 'vitest';
import { parseQueueSearch, searchKeysOf } from './search';

const keys = searchKeysOf({
  chineseName: '陳大文',
  englishSurname: 'CHAN',
  englishGivenName: 'Tai-man',
  mobile: '+852 9123 4567',
  idNumber: 'A123456(3)',
});
const has = (kind: string, value: string) => keys.some((k) => k.kind === kind && k.value === value);

/** Whether a query finds the application, as the server compares them (every name token present). */
function finds(query: string): boolean {
  const s = parseQueueSearch(query);
  if (typeof s === 'string') throw new Error(s);
  if (s.kind === 'digits') return has('digits', s.value);
  if (s.kind === 'name') return s.tokens.every((t) => has('name', t));
  return false;
}

describe('queue search (issue #22 finding 7)', () => {
  it('keeps each Chinese character, and the beginnings of 2 letters or more of each English word', () => {
    expect(keys.filter((k) => k.kind === 'name').map((k) => k.value)).toEqual([
      '陳',
      '大',
      '文',
      'ch',
      'cha',
      'chan',
      'ta',
      'tai',
      'ma',
      'man',
    ]);
  });
  it('keeps every ending of 4 or more of the mobile and the ID, nothing shorter, nothing else', () => {
    expect(has('digits', '4567')).toBe(true);
    expect(has('digits', '85291234567')).toBe(true);
    expect(has('digits', '4563')).toBe(true);
    expect(has('digits', 'A1234563')).toBe(true);
    expect(has('digits', '567')).toBe(false);
    expect(keys.every((k) => k.value !== '+852 9123 4567')).toBe(true);
  });
  it('finds by a part of the name in Chinese or English, in any case and order', () => {
    for (const q of [
      '陳大文',
      '大文',
      '陳',
      'chan',
      'Chan Tai',
      'tai chan',
      'CHA',
      'man',
      'Tai-Man',
      '  ｃｈａｎ ',
      'chan t',
    ])
      expect(finds(q), q).toBe(true);
    for (const q of ['chen', '陳小文', 'chan siu', 'tain']) expect(finds(q), q).toBe(false);
  });
  it('finds by the last 4 or more digits of the mobile or the ID number, typed as people type them', () => {
    for (const q of ['4567', '9123 4567', '9123-4567', '4563', '456(3)', 'a123456(3)'])
      expect(finds(q), q).toBe(true);
    expect(finds('4568')).toBe(false);
  });
  it('reads an application number, and refuses what would match too much or too long', () => {
    expect(parseQueueSearch(' 3F2C0C1D-0000-4000-8000-00000000000A ')).toEqual({
      kind: 'id',
      id: '3f2c0c1d-0000-4000-8000-00000000000a',
    });
    expect(parseQueueSearch('456')).toBe('search_too_short');
    expect(parseQueueSearch('c')).toBe('search_too_short');
    expect(parseQueueSearch('   ')).toBe('search_too_short');
    expect(parseQueueSearch('!!')).toBe('search_too_short');
    expect(parseQueueSearch('x'.repeat(101))).toBe('search_too_long');
    expect(parseQueueSearch('ab cd ef gh ij kl mn op qr')).toBe('search_too_long');
    // one Chinese character is a name's part
    expect(parseQueueSearch('陳')).toEqual({ kind: 'name', tokens: ['陳'] });
  });
});
