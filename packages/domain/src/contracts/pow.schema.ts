import * as z from 'zod/mini';
import { envelope } from './common.schema';

// A module of its own: the web imports it only from the chunk of the captcha's alternative, and a
// module nobody imports stays out of the first load of /login (the package has no side effects).

// POST /services/pow_challenge (issue #16): the alternative to the image, bound to device and
// mobile. Its body is the SMS request's region and mobile (SmsCodeRequestSchema).
/** Find n in 0..maxnumber with hex(SHA-256(salt + n)) = challenge; send n as pow_solution. */
export const PowChallengeResponseSchema = envelope(
  z.object({
    algorithm: z.literal('SHA-256'),
    salt: z.string(),
    challenge: z.string(),
    maxnumber: z.number(),
  }),
);
export type PowChallenge = z.infer<typeof PowChallengeResponseSchema>['data'];
