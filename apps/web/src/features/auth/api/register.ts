import { useMutation } from '@tanstack/react-query';
import { ZUserResponseSchema, type TRegisterRequest, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** POST /api/account/register: answers the new user, who is signed in at once. */
export async function register(body: TRegisterRequest): Promise<TUserResponse> {
  const user = ZUserResponseSchema.parse(await callApi('account.register', { body }));
  session.set(user);
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
