import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponseSchema, type TChangeLanguageRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { getSettingsQueryOptions } from './get-settings';

/** PUT /api/account/changelanguage {newLanguage}. */
export async function changeLanguage(body: TChangeLanguageRequest): Promise<{ message: string }> {
  return ZMessageResponseSchema.parse(await callApi('account.changeLanguage', { body }));
}

/** On success the stored user's `lang` follows (the translator's default direction reads it) and settings refresh. */
export function useChangeLanguage(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLanguage,
    onSuccess: (_answer, { newLanguage }) => {
      const user = session.get();
      if (user && user.username === username) session.set({ ...user, lang: newLanguage });
      return queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions(username).queryKey });
    },
  });
}
