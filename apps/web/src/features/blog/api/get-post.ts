import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBlogPostResponseSchema, type TBlogPostResponse } from '@polski/contracts';
import { callApi, readerLanguageKey } from '../../../lib/api-client';

/** GET /api/content/blog/:slug: the article, its body as HTML made safe by the server. */
export async function getPost(
  slug: string,
  options: { signal?: AbortSignal } = {},
): Promise<TBlogPostResponse> {
  return ZBlogPostResponseSchema.parse(await callApi('content.blogPost', { params: { slug } }, options));
}

export function getPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blog', 'post', slug, readerLanguageKey()],
    queryFn: ({ signal }) => getPost(slug, { signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function usePost(slug: string) {
  return useQuery(getPostQueryOptions(slug));
}
