import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TChangeEmailRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/change-email (signed in): a confirmation link goes to the new address; the account keeps its
 * address until it is opened. 400, 403 wrong_password and 429 are listed under the form.
 */
export async function changeEmail(body: TChangeEmailRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.changeEmail', { body }, { silentStatuses: [400, 403, 429] }),
  );
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
