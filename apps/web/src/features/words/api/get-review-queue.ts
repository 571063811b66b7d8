import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReviewQueueResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { LEARNING_KEY, learnerKey } from './keys';

/** GET /api/learning/reviews: today's due cards within the daily limits, and what is left of the limits. */
export async function getReviewQueue(options: { signal?: AbortSignal } = {}): Promise<TReviewQueueResponse> {
  const [body, { ZReviewQueueResponseSchema }] = await Promise.all([
    callApi('learning.reviewQueue', {}, options),
    import('./schemas'),
  ]);
  return ZReviewQueueResponseSchema.parse(body);
}

export function getReviewQueueQueryOptions() {
  return queryOptions({
    queryKey: [LEARNING_KEY, 'reviews', learnerKey()],
    queryFn: ({ signal }) => getReviewQueue({ signal }),
    // the session works through its own copy; a new queue only when asked for
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useReviewQueue() {
  const user = useUser();
  return useQuery({ ...getReviewQueueQueryOptions(), enabled: user !== null });
}
