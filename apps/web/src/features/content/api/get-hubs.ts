import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type THubListResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/content/hubs: the 9 hubs of /learn-polish with their lesson counts. */
export async function getHubs(options: { signal?: AbortSignal } = {}): Promise<THubListResponse> {
  // the schema loads alongside the request (hub-schemas.ts)
  const [body, { ZHubListResponseSchema }] = await Promise.all([
    api.get<unknown>(API_ROUTES.content.hubs, options),
    import('./hub-schemas'),
  ]);
  return ZHubListResponseSchema.parse(body);
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
