import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THubId, THubLessonsResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { viewerKey } from './viewer';

/** GET /api/content/hubs/:hub: the hub's lessons in order, each with `completed` for the signed-in user. */
export async function getHubLessons(hub: THubId, options: { signal?: AbortSignal } = {}): Promise<THubLessonsResponse> {
  const [answer, { ZHubLessonsResponseSchema }] = await Promise.all([
    callApi('content.hub', { params: { hub } }, options),
    import('./hub-schemas'),
  ]);
  return ZHubLessonsResponseSchema.parse(answer);
}

export function getHubLessonsQueryOptions(hub: THubId) {
  return queryOptions({
    queryKey: ['content', 'hub', hub, viewerKey()],
    queryFn: ({ signal }) => getHubLessons(hub, { signal }),
    // the loader already asked: a failed answer is shown, not asked for (and toasted) again
    retryOnMount: false,
  });
}

export function useHubLessons(hub: THubId) {
  useUser(); // a login or logout changes the query key: subscribe so the page asks again
  return useQuery(getHubLessonsQueryOptions(hub));
}
