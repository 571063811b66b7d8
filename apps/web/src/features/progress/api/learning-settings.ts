import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLearnerSettings } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { progressQueryKeys } from './keys';

/** GET /api/learning/settings: time zone, daily goal and review limits (the defaults until the learner saves). */
export async function getLearningSettings(options: { signal?: AbortSignal } = {}): Promise<TLearnerSettings> {
  const [body, { ZLearnerSettingsSchema }] = await Promise.all([
    callApi('learning.settings', {}, options),
    import('./schemas'),
  ]);
  return ZLearnerSettingsSchema.parse(body);
}

export function getLearningSettingsQueryOptions() {
  return queryOptions({
    queryKey: progressQueryKeys.settings(),
    queryFn: ({ signal }) => getLearningSettings({ signal }),
  });
}

export function useLearningSettings() {
  return useQuery(getLearningSettingsQueryOptions());
}

/**
 * PUT /api/learning/settings. A 400's field errors are the form's to show (no toast). The goal, the day and so the
 * streak and today's counts may change with them: the whole progress is fetched again.
 */
export async function updateLearningSettings(settings: TLearnerSettings): Promise<TLearnerSettings> {
  const [body, { ZLearnerSettingsSchema }] = await Promise.all([
    callApi('learning.updateSettings', { body: settings }, { silentStatuses: [400] }),
    import('./schemas'),
  ]);
  return ZLearnerSettingsSchema.parse(body);
}

export function useUpdateLearningSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLearningSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(getLearningSettingsQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: progressQueryKeys.all });
    },
  });
}
