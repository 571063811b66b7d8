import { useMutation } from '@tanstack/react-query';
import { ZUserResponseSchema, type TLoginRequest, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/account/login: answers the user, who is then stored as the session. Wrong credentials (401), the
 * slow-down after failed attempts (429) and no answer at all (0: offline or the server out of reach) are reported
 * by the login form itself, so the central toasts stay quiet for them and the user sees one message, not two.
 */
export async function login(body: TLoginRequest): Promise<TUserResponse> {
  const user = ZUserResponseSchema.parse(
    await callApi('account.login', { body }, { silentStatuses: [0, 401, 429] }),
  );
  session.set(user);
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
