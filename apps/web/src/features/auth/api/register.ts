import { useMutation } from '@tanstack/react-query';
import { ZUserResponseSchema, type TRegisterRequest, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/account/register: answers the new user, who is signed in at once. Refusals are listed under the form:
 * field messages (400, also a look-alike username, `username_confusable`), the sign-up slow-down (429) and no answer
 * at all (0: "You seem to be offline"), so the central toast stays quiet for the 429 and the 0.
 */
export async function register(body: TRegisterRequest): Promise<TUserResponse> {
  const user = ZUserResponseSchema.parse(
    await callApi('account.register', { body }, { silentStatuses: [0, 429] }),
  );
  session.set(user);
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
