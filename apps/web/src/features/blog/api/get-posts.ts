import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ZBlogListResponseSchema, type TBlogListResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/content/blog: the posts, newest first. */
export async function getPosts(options: { signal?: AbortSignal } = {}): Promise<TBlogListResponse> {
  return ZBlogListResponseSchema.parse(await api.get<unknown>(API_ROUTES.content.blog, options));
}

export function getPostsQueryOptions() {
  return queryOptions({
    queryKey: ['blog', 'posts'],
    queryFn: ({ signal }) => getPosts({ signal }),
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

export function usePosts() {
  return useQuery(getPostsQueryOptions());
}
