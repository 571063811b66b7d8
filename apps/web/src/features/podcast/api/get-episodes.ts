import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ZPodcastListResponseSchema, type TPodcastListResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/content/podcast: the episodes, newest first. */
export async function getEpisodes(options: { signal?: AbortSignal } = {}): Promise<TPodcastListResponse> {
  return ZPodcastListResponseSchema.parse(await api.get<unknown>(API_ROUTES.content.podcast, options));
}

export function getEpisodesQueryOptions() {
  return queryOptions({
    queryKey: ['podcast', 'episodes'],
    queryFn: ({ signal }) => getEpisodes({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useEpisodes() {
  return useQuery(getEpisodesQueryOptions());
}
