import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgressHistoryResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { progressQueryKeys } from './keys';

/** GET /api/learning/progress/history: known words per day, reviews due per day, daily activity. */
export async function getProgressHistory(
  options: { signal?: AbortSignal } = {},
): Promise<TProgressHistoryResponse> {
  const [body, { ZProgressHistoryResponseSchema }] = await Promise.all([
    callApi('learning.progressHistory', {}, options),
    import('./schemas'),
  ]);
  return ZProgressHistoryResponseSchema.parse(body);
}

export function getProgressHistoryQueryOptions() {
  return queryOptions({
    queryKey: progressQueryKeys.history(),
    queryFn: ({ signal }) => getProgressHistory({ signal }),
  });
}

export function useProgressHistory() {
  const user = useUser();
  return useQuery({ ...getProgressHistoryQueryOptions(), enabled: Boolean(user) });
}
