import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgressSummaryResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { progressQueryKeys } from './keys';

/** GET /api/learning/progress: streak, today's goal, words known, per-hub progress and the lesson to continue. */
export async function getProgressSummary(
  options: { signal?: AbortSignal } = {},
): Promise<TProgressSummaryResponse> {
  const [body, { ZProgressSummaryResponseSchema }] = await Promise.all([
    callApi('learning.summary', {}, options),
    import('./schemas'),
  ]);
  return ZProgressSummaryResponseSchema.parse(body);
}

/** Asked again when the learner comes back to the tab: a review answered elsewhere moves the goal. */
export function getProgressSummaryQueryOptions() {
  return queryOptions({
    queryKey: progressQueryKeys.summary(),
    queryFn: ({ signal }) => getProgressSummary({ signal }),
    refetchOnWindowFocus: true,
  });
}

/** Only for a signed-in learner: visitors have no progress (and the route answers them 401). */
export function useProgressSummary() {
  const user = useUser(); // a login or logout changes the key: subscribe so the part asks again
  return useQuery({ ...getProgressSummaryQueryOptions(), enabled: Boolean(user) });
}
