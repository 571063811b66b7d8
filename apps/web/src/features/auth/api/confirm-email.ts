import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TConfirmEmailRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/account/confirmemail {token, userid}: 400 invalid_link when the link is unknown, expired or already used. */
export async function confirmEmail(body: TConfirmEmailRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(await callApi('account.confirmEmail', { body }));
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
