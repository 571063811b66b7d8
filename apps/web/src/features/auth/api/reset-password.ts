import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TResetPasswordRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/resetpassword {password, confirmPassword, token, userid}. A 400 is either a validation-errors
 * object or invalid_link (a link that is unknown, expired or used), a 429 the per-address limit, a 0 no answer (offline);
 * the form lists them under itself with its own 'Unable to reset password' toast, so the central toasts stay quiet
 * here.
 */
export async function resetPassword(body: TResetPasswordRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.resetPassword', { body }, { silentStatuses: [0, 400, 429] }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
