import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THubListResponse } from '@polski/contracts';
import { callApi, readerLanguageKey, type TRequestOptions } from '../../../lib/api-client';
import { toHubListResponse } from './hub-list-guard';

/** GET /api/content/hubs: the 9 hubs of /learn-polish with their lesson counts. */
export async function getHubs(options: TRequestOptions = {}): Promise<THubListResponse> {
  const body: unknown = await callApi('content.hubs', {}, options);
  // checked without zod (hub-list-guard.ts); an answer the guard refuses is parsed by the schema, for its error
  const hubs = toHubListResponse(body);
  if (hubs) return hubs;
  const { ZHubListResponseSchema } = await import('./hub-schemas');
  return ZHubListResponseSchema.parse(body);
}

export function getHubsQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'hubs', readerLanguageKey()],
    queryFn: ({ signal }) => getHubs({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useHubs() {
  return useQuery(getHubsQueryOptions());
}
