import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, ZMessageResponseSchema, type TConfirmEmailRequest } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/account/confirmemail {token, userid}: 400 when the link is invalid, expired or already used. */
export async function confirmEmail(body: TConfirmEmailRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(await api.post<unknown>(API_ROUTES.account.confirmEmail, body));
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
