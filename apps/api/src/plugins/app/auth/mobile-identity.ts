import { checkMobile, findPhoneRegion, type PhoneRegion } from '@hk/domain';
import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js/max';
import type { Vault } from '../../../lib/crypto';

/**
 * The number as it is stored and hashed, or null when it is not a number of that region.
 * CN and HK: spec §5 (11 digits starting with 1; 8 digits). Other regions: their numbering plan
 * (libphonenumber's full metadata, too heavy for the browser: decision 002); the national
 * significant number is kept, so "07400 123456" and "7400 123456" are one person.
 */
export function canonicalMobile(region: PhoneRegion, digits: string): string | null {
  if (checkMobile(region, digits)) return null;
  if (region === 'CN' || region === 'HK') return digits;
  try {
    if (!isValidPhoneNumber(digits, region)) return null;
    return parsePhoneNumber(digits, region).nationalNumber;
  } catch {
    return null;
  }
}

/** The identity of a mobile in every table: a keyed hash, so the number itself is never a key. */
export function mobileLookupHash(vault: Vault, region: PhoneRegion, mobile: string): string {
  return vault.lookupHash(`${region}:${mobile}`);
}

/** E.164 for the SMS provider: +<dial code of the region><national number>. */
export function toE164(region: PhoneRegion, mobile: string): string {
  return `+${findPhoneRegion(region)!.dial}${mobile}`;
}
