import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPodcastListResponseSchema, type TPodcastListResponse } from '@polski/contracts';
import { callApi, readerLanguageKey } from '../../../lib/api-client';

/** GET /api/content/podcast: the episodes, newest first. */
export async function getEpisodes(options: { signal?: AbortSignal } = {}): Promise<TPodcastListResponse> {
  return ZPodcastListResponseSchema.parse(await callApi('content.podcast', {}, options));
}

export function getEpisodesQueryOptions() {
  return queryOptions({
    queryKey: ['podcast', 'episodes', readerLanguageKey()],
    queryFn: ({ signal }) => getEpisodes({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useEpisodes() {
  return useQuery(getEpisodesQueryOptions());
}
