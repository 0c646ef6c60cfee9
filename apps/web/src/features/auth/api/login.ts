import { normalizeMobile } from '@hk/domain';
import { apiPost } from '../../../lib/api-client';

import { entryParam } from '../../../lib/entry-params';
import { useLiteMutation } from '../../../lib/lite-query';

// the contract (and zod) load with the call, not with /login's first load (decision 026)
const loadLoginResponseContract = () =>
  import('@hk/domain/contracts/auth.schema').then((m) => m.LoginResponseSchema);

export interface LoginInput {
  region: string;
  mobile: string;
  code: string;
  isRead: boolean;
  /** The image captcha, once the server asked for it (8001 after wrong codes for the mobile). */
  imageCode?: string;
  /** issue #16: in its place, a solved proof of work for this mobile */
  powSolution?: string | undefined;
}

const orUndefined = (v: string) => v || undefined;

// POST /V9/OpenAccountHk/check_verify_code, with the entry link's optional extras (spec §3).
export async function login(input: LoginInput) {
  const inviteCode = entryParam('inviteCode');
  const res = await apiPost(
    '/V9/OpenAccountHk/check_verify_code',
    {
      region: input.region,
      mobile: normalizeMobile(input.mobile),
      code: input.code.trim(),
      image_code: input.imageCode?.trim().toUpperCase() || undefined,
      pow_solution: input.powSolution,
      isRead: input.isRead ? 1 : 0,
      inviteCode: orUndefined(inviteCode),
      invite_code: orUndefined(inviteCode),
      invite_activity_id: orUndefined(entryParam('inviteActivityId')),
      ext: orUndefined(entryParam('ext')),
      childOpenAcctChannel: orUndefined(entryParam('childOpenAcctChannel')),
      label: orUndefined(entryParam('label')),
      flag: orUndefined(entryParam('flag')),
    },
    loadLoginResponseContract,
    { isLogin: true },
  );
  return res.data;
}

export function useLogin() {
  return useLiteMutation(login);
}
