import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PHONE_REGION_CODES, type PhoneRegion } from '@hk/domain';
import { canonicalMobile } from './mobile-identity';

/**
 * Partner links carry the mobile encrypted (docs/api/auth.md "Partner links"):
 *
 *   `v1.` + base64url( nonce (12 bytes) | AES-256-GCM ciphertext | tag (16 bytes) )
 *
 * under LINK_KEY (32 bytes), no additional data; the plaintext is the JSON
 * `{"r":"CN","m":"13800138000","exp":<unix seconds>}`.
 */
const PREFIX = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A link longer than this is not one of ours (the contract allows 512 characters). */
const MAX_PAYLOAD_BYTES = 300;

export interface MobileLink {
  region: PhoneRegion;
  mobile: string;
}

export function encodeMobileLink(link: MobileLink & { expiresAt: Date }, key: Buffer): string {
  const plain = JSON.stringify({
    r: link.region,
    m: link.mobile,
    exp: Math.floor(link.expiresAt.getTime() / 1000),
  });
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/** The link's region and mobile, or null when it is malformed, tampered with, expired or not a valid number. */
export function decodeMobileLink(token: string, key: Buffer, now: Date): MobileLink | null {
  if (!token.startsWith(PREFIX)) return null;
  const encoded = token.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const raw = Buffer.from(encoded, 'base64url');
  if (raw.length <= NONCE_BYTES + TAG_BYTES || raw.length > MAX_PAYLOAD_BYTES) return null;
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    plain = Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null; // wrong key or tampered
  }
  let payload: unknown;
  try {
    payload = JSON.parse(plain);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const { r, m, exp } = payload as Record<string, unknown>;
  if (typeof r !== 'string' || !(PHONE_REGION_CODES as readonly string[]).includes(r)) return null;
  if (typeof m !== 'string' || !/^\d{1,20}$/.test(m)) return null;
  if (typeof exp !== 'number' || !Number.isInteger(exp) || exp * 1000 <= now.getTime()) return null;
  const region = r as PhoneRegion;
  const mobile = canonicalMobile(region, m);
  return mobile ? { region, mobile } : null;
}

/**
 * `decode_mobile_common` takes a partner's link as partners' systems actually pass it on
 * (docs/api/auth.md "Partner links"): the v1 link in base64url as made, or its bytes in standard
 * base64 (`+`, `/`, `=` padding) whose `+` a query-string decoder turned into spaces, or either
 * percent-encoded once more by a second URL encoder. Each is the same nonce, ciphertext and tag, so
 * the AES-GCM check is unchanged; anything else is not a link.
 */
export function canonicalPartnerLink(value: string): string | null {
  let link = value.trim();
  if (/%[0-9A-Fa-f]{2}/.test(link)) {
    try {
      link = decodeURIComponent(link);
    } catch {
      return null;
    }
  }
  if (!link.startsWith(PREFIX)) return null;
  const body = link.slice(PREFIX.length).replace(/ /g, '+').replace(/=+$/, '');
  if (!/^[A-Za-z0-9_+/-]+$/.test(body)) return null;
  // one alphabet per link: a mix of both is not something an encoder makes
  if (/[+/]/.test(body) && /[-_]/.test(body)) return null;
  return PREFIX + body.replace(/\+/g, '-').replace(/\//g, '_');
}
