import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signature (issue #2 §2): lowercase hex SHA-256 of `<subject>:<_t>:<secret>`, where the
 * subject is the session token, else the mobile, else empty. The secret ships to browsers, so this
 * only stops casual tampering and replays of old URLs; the session token authenticates.
 */
export function computeSign(subject: string, t: string | number, secret: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${subject}:${t}:${secret}`)));
}

export function signSubject(params: { token?: string | undefined; mobile?: string | undefined }): string {
  return params.token || params.mobile || '';
}
