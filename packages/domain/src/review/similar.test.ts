import { describe, expect, it } from 'vitest';
import { similarityValues } from './similar';

describe('similar clients: what an application is compared by', () => {
  it('normalises names and emails so that equal facts compare equal', () => {
    const a = similarityValues({
      identity: { english_surname: ' chan ', english_given_name: 'Tai  Man', birth_date: '1990-01-01' },
      personal: { email: ' Chan@Example.com ' },
      bankAccountHash: 'h1',
      deviceIds: ['dev-1', 'dev-1', ' '],
    });
    expect(a).toEqual([
      { kind: 'name_birth', value: 'CHAN|TAI MAN|1990-01-01' },
      { kind: 'bank_account', value: 'h1' },
      { kind: 'email', value: 'chan@example.com' },
      { kind: 'device', value: 'dev-1' },
    ]);
  });
  it('leaves out what is missing: no name without the date of birth, no empty email', () => {
    expect(
      similarityValues({
        identity: { english_surname: 'CHAN', english_given_name: 'TAI MAN' },
        personal: { email: '' },
        bankAccountHash: null,
        deviceIds: [],
      }),
    ).toEqual([]);
  });
});
