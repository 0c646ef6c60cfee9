import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { solvePowChallenge } from './pow';

const sha = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));

describe('solvePowChallenge', () => {
  it('finds the number whose SHA-256 with the salt is the challenge', () => {
    expect(solvePowChallenge({ salt: 'a1b2c3', challenge: sha('a1b2c31234'), maxnumber: 5000 })).toBe('1234');
    expect(solvePowChallenge({ salt: 'a1', challenge: sha('a10'), maxnumber: 5 })).toBe('0');
  });

  it('gives null when no number up to maxnumber fits', () => {
    expect(solvePowChallenge({ salt: 'x', challenge: sha('x51'), maxnumber: 50 })).toBeNull();
  });
});
