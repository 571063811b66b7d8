import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TForgotPasswordRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/account/forgotpassword {email}: the same answer whether or not the email has an account. */
export async function forgotPassword(body: TForgotPasswordRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(await callApi('account.forgotPassword', { body }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
