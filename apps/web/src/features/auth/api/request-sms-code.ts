import { normalizeMobile } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';

import { useLiteMutation } from '../../../lib/lite-query';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadSmsCodeResponseContract = () =>
  import('@hk/domain/contracts/auth.schema').then((m) => m.SmsCodeResponseSchema);

export interface SmsCodeInput {
  region: string;
  mobile: string;
  imageCode?: string;
  /** issue #16: a solved proof of work in place of the image's text */
  powSolution?: string | undefined;
}

// POST /V9/OpenAccountHk/request_verify_code → {interval}; 8001 asks for the image captcha.
export async function requestSmsCode(input: SmsCodeInput) {
  const res = await apiPost(
    '/V9/OpenAccountHk/request_verify_code',
    {
      region: input.region,
      mobile: normalizeMobile(input.mobile),
      image_code: input.imageCode?.trim().toUpperCase() || undefined,
      pow_solution: input.powSolution,
    },
    loadSmsCodeResponseContract,
  );
  return res.data;
}

export function useRequestSmsCode() {
  return useLiteMutation(requestSmsCode);
}
