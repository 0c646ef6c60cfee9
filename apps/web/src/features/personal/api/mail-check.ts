import { type MailCheckResponse, MailCheckResponseSchema } from '@hk/domain/flow/mail-check';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type MailCheckResult = MailCheckResponse['data'];

export type MailCheckBody =
  | { action: 'send'; email: string }
  | { action: 'verify'; email: string; code: string }
  | { action: 'status'; email: string };

// POST /v9/OpenAccountHk/mailCheck (docs/api/steps/personal.md): send a code to an address, or verify one.
// Form-encoded, as spec §7 sends every call it lists.
export async function postMailCheck(body: MailCheckBody): Promise<MailCheckResult> {
  return (await apiPost('/v9/OpenAccountHk/mailCheck', { ...body }, MailCheckResponseSchema)).data;
}

export function useMailCheck() {
  return useMutation({ mutationFn: postMailCheck });
}
