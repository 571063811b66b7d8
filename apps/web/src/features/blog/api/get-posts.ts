import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBlogListResponseSchema, type TBlogListResponse } from '@polski/contracts';
import { callApi, readerLanguageKey } from '../../../lib/api-client';

/** GET /api/content/blog: the posts, newest first. */
export async function getPosts(options: { signal?: AbortSignal } = {}): Promise<TBlogListResponse> {
  return ZBlogListResponseSchema.parse(await callApi('content.blog', {}, options));
}

export function getPostsQueryOptions() {
  return queryOptions({
    queryKey: ['blog', 'posts', readerLanguageKey()],
    queryFn: ({ signal }) => getPosts({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function usePosts() {
  return useQuery(getPostsQueryOptions());
}
