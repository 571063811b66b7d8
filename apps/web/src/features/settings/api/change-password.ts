import { useMutation } from '@tanstack/react-query';
import { ZUserResponseSchema, type TChangePasswordRequest, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/account/change-password (signed in). The answer is the user with a fresh token of this session (every
 * other session has ended), stored at once: the token sent no longer works. 400 (validation), 403 wrong_password
 * and 429 are listed under the form, so the central toasts stay quiet for them.
 */
export async function changePassword(body: TChangePasswordRequest): Promise<TUserResponse> {
  const user = ZUserResponseSchema.parse(
    await callApi('account.changePassword', { body }, { silentStatuses: [400, 403, 429] }),
  );
  session.set(user);
  return user;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
