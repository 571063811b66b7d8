import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponseSchema } from '@polski/contracts';
import { callApi, hasErrorCode } from '../../../lib/api-client';
import { getSettingsQueryOptions } from './get-settings';

/**
 * POST /api/account/sendemailconfirmationlink (signed in). 400 email_already_confirmed and 429 rate_limited after
 * too many links: the settings page reports both in its own 'Unable to send email confirmation link' toast.
 */
export async function sendEmailConfirmationLink(): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(
    await callApi('account.sendEmailConfirmationLink', {}, { silentStatuses: [400, 429] }),
  );
}

export function useSendEmailConfirmationLink(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmailConfirmationLink,
    // "already confirmed" means the page is out of date: show the confirmed state
    onError: (err) =>
      hasErrorCode(err, 'email_already_confirmed')
        ? queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions(username).queryKey })
        : undefined,
  });
}
