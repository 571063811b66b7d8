import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, ZMessageResponseSchema, type TResetPasswordRequest } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/account/resetpassword {password, confirmPassword, token, userid}. A 400 is either a validation-errors
 * object or one message about the link (bad, expired or used); the form lists both under itself with its own
 * 'Unable to reset password' toast, so the central 400 toast stays quiet here.
 */
export async function resetPassword(body: TResetPasswordRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await api.post<unknown>(API_ROUTES.account.resetPassword, body, { silentStatuses: [400] }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
