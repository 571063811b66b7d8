import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TConfirmEmailChangeRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/confirm-email-change {token, userid}: 400 invalid_link (unknown, expired or used) or
 * email_taken, 429 rate_limited; the page says which in its own words, so the central toasts stay quiet.
 */
export async function confirmEmailChange(body: TConfirmEmailChangeRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.confirmEmailChange', { body }, { silentStatuses: [400, 429] }),
  );
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
