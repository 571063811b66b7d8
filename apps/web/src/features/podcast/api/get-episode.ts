import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPodcastEpisodeResponseSchema, type TPodcastEpisodeResponse } from '@polski/contracts';
import { callApi, readerLanguageKey } from '../../../lib/api-client';

/** GET /api/content/podcast/:slug: the episode with its show notes (HTML made safe by the server) and transcript. */
export async function getEpisode(
  slug: string,
  options: { signal?: AbortSignal } = {},
): Promise<TPodcastEpisodeResponse> {
  return ZPodcastEpisodeResponseSchema.parse(
    await callApi('content.podcastEpisode', { params: { slug } }, options),
  );
}

export function getEpisodeQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['podcast', 'episode', slug, readerLanguageKey()],
    queryFn: ({ signal }) => getEpisode(slug, { signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function useEpisode(slug: string) {
  return useQuery(getEpisodeQueryOptions(slug));
}
