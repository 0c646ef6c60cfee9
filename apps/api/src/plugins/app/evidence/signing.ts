import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

// The evidence pack's signature (docs/evidence-pack.md): Ed25519 over the exact bytes of
// manifest.json. The key is a 32-byte seed from the configuration (EVIDENCE_SIGNING_KEY).

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface EvidenceSigner {
  publicKeyPem: string;
  /** SHA-256 of the public key's SPKI DER bytes, hex. */
  fingerprint: string;
  sign(bytes: Buffer): string;
}

export function publicKeyFingerprint(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function createEvidenceSigner(seed: Buffer): EvidenceSigner {
  if (seed.length !== 32) throw new Error('the evidence signing key must be 32 bytes');
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  return {
    publicKeyPem: String(publicKey.export({ type: 'spki', format: 'pem' })),
    fingerprint: publicKeyFingerprint(publicKey),
    sign: (bytes) => sign(null, bytes, privateKey).toString('base64'),
  };
}

/** Reads a PEM public key; null when it is not an Ed25519 key. */
export function readEd25519PublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** Whether `signatureB64` is `publicKey`'s signature of `bytes`. */
export function checkSignature(publicKey: KeyObject, bytes: Buffer, signatureB64: string): boolean {
  const signature = Buffer.from(signatureB64.trim(), 'base64');
  if (signature.length !== 64) return false;
  try {
    return verify(null, bytes, publicKey, signature);
  } catch {
    return false;
  }
}
