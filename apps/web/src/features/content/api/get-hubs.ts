import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ZHubListResponseSchema, type THubListResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/content/hubs: the 9 hubs of /learn-polish with their lesson counts. */
export async function getHubs(options: { signal?: AbortSignal } = {}): Promise<THubListResponse> {
  return ZHubListResponseSchema.parse(await api.get<unknown>(API_ROUTES.content.hubs, options));
}

export function getHubsQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'hubs'],
    queryFn: ({ signal }) => getHubs({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useHubs() {
  return useQuery(getHubsQueryOptions());
}
