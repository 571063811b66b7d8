import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLessonStatusesResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { LEARNING_KEY, learnerKey } from './keys';

/** GET /api/learning/statuses/lessons/:hub/:slug: the learner's statuses of the lesson's lemmas (absent: new). */
export async function getLessonStatuses(
  hub: string,
  slug: string,
  options: { signal?: AbortSignal } = {},
): Promise<TLessonStatusesResponse> {
  const [body, { ZLessonStatusesResponseSchema }] = await Promise.all([
    callApi('learning.lessonStatuses', { params: { hub, slug } }, options),
    import('./schemas'),
  ]);
  return ZLessonStatusesResponseSchema.parse(body);
}

export const lessonStatusesPrefix = () => [LEARNING_KEY, 'statuses', learnerKey()] as const;

export function getLessonStatusesQueryOptions(hub: string, slug: string) {
  return queryOptions({
    queryKey: [...lessonStatusesPrefix(), hub, slug],
    queryFn: ({ signal }) => getLessonStatuses(hub, slug, { signal }),
  });
}

/**
 * Only for a signed-in learner: a visitor's lesson makes no request for statuses (nor does a lesson without word
 * annotations, `enabled: false`).
 */
export function useLessonStatuses(hub: string, slug: string, { enabled = true }: { enabled?: boolean } = {}) {
  const user = useUser();
  return useQuery({ ...getLessonStatusesQueryOptions(hub, slug), enabled: enabled && user !== null });
}
