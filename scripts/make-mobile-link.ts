// Makes the encrypted `mobile` parameter of a partner link (docs/api/auth.md "Partner links").
//
//   LINK_KEY=<64 hex> node --import tsx scripts/make-mobile-link.ts --region CN --mobile 13800138000 [--days 7]
//
// Without LINK_KEY the key of the embedded default is read from DATA_DIR (./.data)/link.key.
// Prints the value to put in `?mobile=` (URL-safe as is).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PHONE_REGION_CODES, type PhoneRegion } from '@hk/domain';
import { canonicalMobile } from '../apps/api/src/plugins/app/auth/mobile-identity';
import { encodeMobileLink } from '../apps/api/src/plugins/app/auth/mobile-link';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readKey(): Buffer {
  let value = process.env.LINK_KEY;
  if (!value) {
    const file = path.resolve(process.env.DATA_DIR ?? './.data', 'link.key');
    if (!existsSync(file)) fail(`no LINK_KEY in the environment and no ${file}`);
    value = readFileSync(file, 'utf8').trim();
  }
  const key = Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64');
  if (key.length !== 32) fail('LINK_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

const { values } = parseArgs({
  options: {
    region: { type: 'string' },
    mobile: { type: 'string' },
    days: { type: 'string', default: '7' },
  },
});
const region = (values.region ?? '').toUpperCase();
if (!(PHONE_REGION_CODES as readonly string[]).includes(region))
  fail(`--region must be one of ${PHONE_REGION_CODES.join(', ')}`);
const mobile = canonicalMobile(region as PhoneRegion, (values.mobile ?? '').replace(/\D/g, ''));
if (!mobile) fail(`--mobile is not a valid ${region} mobile number`);
const days = Number(values.days);
if (!Number.isFinite(days) || days <= 0 || days > 366) fail('--days must be between 0 and 366');

const expiresAt = new Date(Date.now() + days * 86400_000);
process.stdout.write(
  `${encodeMobileLink({ region: region as PhoneRegion, mobile, expiresAt }, readKey())}\n`,
);
