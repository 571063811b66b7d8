import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TDeleteAccountRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/account/delete { password } (docs/product.md, "Deleting the account"). Once the server has deleted the
 * account, the stored user is removed and every cached answer dropped: the learner is signed out here too. A wrong
 * password (403), too many attempts (429) or Stripe not answering (503) are shown by the dialog itself.
 */
export async function deleteAccount(body: TDeleteAccountRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.deleteAccount', { body }, { silentStatuses: [400, 403, 429, 503] }),
  );
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      session.clear();
      queryClient.clear();
    },
  });
}
