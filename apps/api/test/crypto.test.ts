import { randomBytes } from 'node:crypto';
import { computeSign } from '@hk/domain';
import { describe, expect, it } from 'vitest';
import { computeSignNode, createVault, randomToken, sha256Hex } from '../src/lib/crypto';

const key = randomBytes(32);
const vault = createVault(key);

function flipByte(buf: Buffer, index: number): Buffer {
  const copy = Buffer.from(buf);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
}

describe('vault: field encryption', () => {
  it('round-trips text, including non-ASCII', () => {
    for (const plain of ['', 'A123456(7)', '11010119900517123X', '李小红 · test']) {
      const sealed = vault.encrypt(plain);
      expect(sealed.startsWith('v1.')).toBe(true);
      if (plain) expect(sealed).not.toContain(plain);
      expect(vault.decrypt(sealed)).toBe(plain);
    }
  });

  it('uses a fresh nonce: the same value encrypts differently each time', () => {
    const a = vault.encrypt('A1234567');
    const b = vault.encrypt('A1234567');
    expect(a).not.toBe(b);
    expect(vault.decrypt(a)).toBe(vault.decrypt(b));
  });

  it('detects tampering with the ciphertext, the tag or the nonce', () => {
    const sealed = vault.encrypt('11010119900517123X');
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const raw = Buffer.from(parts[index]!, 'base64url');
      const tampered = [...parts];
      tampered[index] = flipByte(raw, 0).toString('base64url');
      expect(() => vault.decrypt(tampered.join('.'))).toThrow();
    }
    expect(() => vault.decrypt('v2.a.b.c')).toThrow();
    expect(() => vault.decrypt('garbage')).toThrow();
  });

  it('refuses a value sealed under another key', () => {
    const other = createVault(randomBytes(32));
    expect(() => other.decrypt(vault.encrypt('secret'))).toThrow();
  });
});

describe('vault: file encryption', () => {
  const jpegLike = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]);

  it('round-trips bytes and hides the content', () => {
    const sealed = vault.encryptBytes(jpegLike);
    expect(sealed.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(sealed.includes(jpegLike.subarray(0, 64))).toBe(false);
    expect(vault.decryptBytes(sealed).equals(jpegLike)).toBe(true);
  });

  it('detects any flipped byte (nonce, tag, body) and an unknown version', () => {
    const sealed = vault.encryptBytes(jpegLike);
    for (const index of [1, 13, 29, sealed.length - 1])
      expect(() => vault.decryptBytes(flipByte(sealed, index))).toThrow();
    expect(() => vault.decryptBytes(flipByte(sealed, 0))).toThrow();
    expect(() => vault.decryptBytes(sealed.subarray(0, sealed.length - 1))).toThrow();
  });
});

describe('vault: look-up hashes', () => {
  it('are stable for a value under one key and differ between values', () => {
    const again = createVault(Buffer.from(key));
    expect(vault.lookupHash('hk_id:A1234567')).toBe(again.lookupHash('hk_id:A1234567'));
    expect(vault.lookupHash('hk_id:A1234567')).toMatch(/^[0-9a-f]{64}$/);
    expect(vault.lookupHash('hk_id:A1234567')).not.toBe(vault.lookupHash('hk_id:A1234568'));
    expect(vault.lookupHash('hk_id:A1234567')).not.toBe(vault.lookupHash('passport:A1234567'));
  });

  it('depend on the key (a stolen database alone cannot be searched by number)', () => {
    const other = createVault(randomBytes(32));
    expect(other.lookupHash('hk_id:A1234567')).not.toBe(vault.lookupHash('hk_id:A1234567'));
    expect(vault.lookupHash('hk_id:A1234567')).not.toBe(sha256Hex('hk_id:A1234567'));
  });
});

describe('session tokens', () => {
  it('are 256 random bits, base64url', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(a);
  });
});

describe("the server's request signature (node:crypto)", () => {
  it('is the digest the clients compute with @hk/domain, for any subject, time and secret', () => {
    const cases: [string, string | number, string][] = [
      ['', '1700000000000', 'test-secret'],
      ['85291234567', 1700000000000, 's3cret'],
      [randomToken(), String(Date.now()), 'ünïcode 密钥'],
      ['李小红', '0', ''],
    ];
    for (const [subject, t, secret] of cases)
      expect(computeSignNode(subject, t, secret)).toBe(computeSign(subject, t, secret));
    // a known vector: sha256(":1:x")
    expect(computeSignNode('', 1, 'x')).toBe(sha256Hex(':1:x'));
  });
});
