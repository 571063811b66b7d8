import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ZMessageResponseSchema } from '@polski/contracts';
import { api } from '../../../lib/api-client';
import { getSettingsQueryOptions } from './get-settings';

/**
 * POST /api/account/sendemailconfirmationlink (signed in). 400 when the email is already confirmed and 429 after
 * too many links: the settings page reports both in its own 'Unable to send email confirmation link' toast.
 */
export async function sendEmailConfirmationLink(): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await api.post<unknown>(API_ROUTES.account.sendEmailConfirmationLink, undefined, {
      silentStatuses: [400, 429],
    }),
  );
}

export function useSendEmailConfirmationLink(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmailConfirmationLink,
    // "already confirmed" means the page is out of date: show the confirmed state
    onError: () => queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions(username).queryKey }),
  });
}
