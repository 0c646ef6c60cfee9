// What the signature's API tests share: the signed JSON call, a pad's PNG and strokes, and an
// applicant brought to the signature (every step before it confirmed with answers the documents show).
import { applicableSteps, RISK_DISCLOSURE_VERSION, type StepId } from '@hk/domain';
import { taxSample } from '@hk/domain/steps/tax/catalogue';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { applicationSteps, applications } from '../src/db/schema';
import { type Applicant, applicantWithId, confirmBeforeTax, confirmDirect } from './flow-step-helpers';
import { signed, type TestApp } from './helpers';
import { confirmDirectly } from './step-profile-helpers';

/** The pad's CSS size the tests sign on. */
export const PAD = { width: 400, height: 200 };

/** A signed JSON call of the caller's session, in English: its HTTP status and its body. */
export async function postSigned(
  t: TestApp,
  user: { token: string },
  path: string,
  body: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/${path}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    payload: JSON.stringify(signed(t, body, { token: user.token })),
  });
  return { statusCode: res.statusCode, json: res.json() };
}

/** A PNG like the pad's canvas at devicePixelRatio 2: transparent, with a stroke (or none). */
export async function padPng(ink = true, size = { width: PAD.width * 2, height: PAD.height * 2 }) {
  const path = ink
    ? '<path d="M80 120 C 200 380, 400 -40, 640 300" stroke="black" stroke-width="6" fill="none"/>'
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${path}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A straight stroke of `n` points 16 ms apart; `over` replaces fields of point i (hostile values). */
export function stroke(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  n = 30,
  over: (i: number) => Record<string, number> = () => ({}),
) {
  return {
    points: Array.from({ length: n }, (_, i) => ({
      x: x0 + ((x1 - x0) * i) / (n - 1),
      y: y0 + ((y1 - y0) * i) / (n - 1),
      time: 1_700_000_000_000 + i * 16,
      pressure: 0.5,
      ...over(i),
    })),
  };
}

/**
 * Every step before the signature confirmed, with answers the documents show (`beforeSteps` runs
 * first, e.g. an address proof upload).
 */
export async function readyToSign(
  t: TestApp,
  markets = ['HK'],
  beforeSteps?: (user: Applicant) => Promise<void>,
): Promise<Applicant> {
  const user = await applicantWithId(t, 'hk');
  await beforeSteps?.(user);
  await confirmBeforeTax(t, user, { markets });
  await confirmDirect(t, user, 'tax', taxSample.form);
  await confirmDirectly(t, user, ['declarations'], { hkidr_consent: true, direct_marketing: false });
  await confirmDirectly(t, user, ['risk_disclosure'], { text_version: RISK_DISCLOSURE_VERSION });
  const [app] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, user.userId));
  const rows = await t.app.ctx.db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, app!.id));
  const answers = Object.fromEntries(rows.map((r) => [r.step, r.answers]));
  const done = new Set(rows.filter((r) => r.confirmedAt).map((r) => r.step));
  const applicable = applicableSteps({ markets: app!.markets, answers });
  for (const s of applicable.slice(
    0,
    applicable.findIndex((x) => x.id === 'signature'),
  ))
    if (!done.has(s.id)) await confirmDirectly(t, user, [s.id as StepId]);
  return user;
}
