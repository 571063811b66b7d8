import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TResetPasswordRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/resetpassword {password, confirmPassword, token, userid}. A 400 is either a validation-errors
 * object or invalid_link (a link that is unknown, expired or used); the form lists both under itself with its own
 * 'Unable to reset password' toast, so the central 400 toast stays quiet here.
 */
export async function resetPassword(body: TResetPasswordRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.resetPassword', { body }, { silentStatuses: [400] }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
