import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Field and file encryption at rest. AES-256-GCM with a random 96-bit nonce; the stored form is
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url). Look-up hashes are HMAC-SHA256 under a key derived
 * from the same master key, so equal values can be found without decrypting anything.
 */
export interface Vault {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  encryptBytes(plain: Buffer): Buffer;
  decryptBytes(sealed: Buffer): Buffer;
  lookupHash(value: string): string;
}

export function createVault(masterKey: Buffer): Vault {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  const encKey = derive('hk-open/enc/v1');
  const macKey = derive('hk-open/mac/v1');

  function seal(plain: Buffer): { nonce: Buffer; tag: Buffer; body: Buffer } {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encKey, nonce);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { nonce, tag: cipher.getAuthTag(), body };
  }
  function open(nonce: Buffer, tag: Buffer, body: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', encKey, nonce);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  }

  return {
    encrypt(plain) {
      const { nonce, tag, body } = seal(Buffer.from(plain, 'utf8'));
      return ['v1', nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [v, n, t, b] = sealed.split('.');
      if (v !== 'v1' || !n || !t || b === undefined) throw new Error('unknown sealed format');
      return open(
        Buffer.from(n, 'base64url'),
        Buffer.from(t, 'base64url'),
        Buffer.from(b, 'base64url'),
      ).toString('utf8');
    },
    encryptBytes(plain) {
      const { nonce, tag, body } = seal(plain);
      return Buffer.concat([Buffer.from([1]), nonce, tag, body]);
    },
    decryptBytes(sealed) {
      if (sealed[0] !== 1) throw new Error('unknown sealed file format');
      return open(sealed.subarray(1, 13), sealed.subarray(13, 29), sealed.subarray(29));
    },
    lookupHash(value) {
      return createHmac('sha256', macKey).update(value, 'utf8').digest('hex');
    },
  };
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256 random bits, base64url: session tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The request signature of `computeSign` (@hk/domain, the browser's pure-JavaScript SHA-256) with
 * node:crypto: the same hex digest of `<subject>:<_t>:<secret>`, a fifth of the CPU time on the
 * server, which checks one per signed request (decision 027).
 */
export function computeSignNode(subject: string, t: string | number, secret: string): string {
  return createHash('sha256').update(`${subject}:${t}:${secret}`, 'utf8').digest('hex');
}
