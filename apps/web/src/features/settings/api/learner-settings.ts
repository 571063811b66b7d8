import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZLearnerSettingsSchema, type TLearnerSettings } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/learning/settings: time zone, goal, review limits and the review reminders opt-in. */
export async function getLearnerSettings(options: { signal?: AbortSignal } = {}): Promise<TLearnerSettings> {
  return ZLearnerSettingsSchema.parse(await callApi('learning.settings', {}, options));
}

export function getLearnerSettingsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['learning', 'settings', username],
    queryFn: ({ signal }) => getLearnerSettings({ signal }),
  });
}

export function useLearnerSettings(username: string) {
  return useQuery(getLearnerSettingsQueryOptions(username));
}

/** PUT /api/learning/settings with only the reminders changed (a field left out keeps its value on the server). */
export function useSetReviewReminders(username: string) {
  const queryClient = useQueryClient();
  const key = getLearnerSettingsQueryOptions(username).queryKey;
  return useMutation({
    mutationFn: async ({ current, on }: { current: TLearnerSettings; on: boolean }) =>
      ZLearnerSettingsSchema.parse(
        await callApi('learning.updateSettings', { body: { ...current, reviewReminders: on } }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
