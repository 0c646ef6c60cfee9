import { CAPTCHA_FONT_SIZE, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';

import { useLiteQuery } from '../../../lib/lite-query';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadImageCodeResponseContract = () =>
  import('@hk/domain/contracts/auth.schema').then((m) => m.ImageCodeResponseSchema);

// POST /services/image_code — a PNG data URL bound to this device (Device-Id header). Each captcha
// is single use, so it is never cached: `refetch()` gives a new one.
export async function fetchImageCode() {
  const res = await apiPost(
    '/services/image_code',
    { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, font_size: CAPTCHA_FONT_SIZE, length: CAPTCHA_LENGTH },
    loadImageCodeResponseContract,
  );
  return res.data;
}

/** The captcha while the form lives; `refetch()` draws a new one (lib/lite-query.ts: decision 015). */
export function useImageCode(enabled: boolean) {
  return useLiteQuery('image-code', fetchImageCode, enabled);
}
