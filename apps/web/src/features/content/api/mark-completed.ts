import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { THubId, TLessonProgressResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { getHubLessonsQueryOptions } from './get-hub-lessons';
import { getLessonQueryOptions } from './get-lesson';
import { getProgressQueryOptions } from './get-progress';
import { markCompletedMutationKey } from './mutation-keys';

export interface TLessonRef {
  hub: THubId;
  slug: string;
}

/** POST /api/content/progress: the signed-in user has completed this lesson (stored in the database). */
export async function markCompleted(ref: TLessonRef): Promise<TLessonProgressResponse> {
  const [answer, { ZLessonProgressResponseSchema }] = await Promise.all([
    callApi('content.markCompleted', { body: { hub: ref.hub, slug: ref.slug } }),
    import('./hub-schemas'),
  ]);
  return ZLessonProgressResponseSchema.parse(answer);
}

/** The lesson shows its new state at once; the hub listing and the progress list are fetched again. */
export function applyProgress(queryClient: QueryClient, ref: TLessonRef, completed: boolean): Promise<void> {
  queryClient.setQueryData(getLessonQueryOptions(ref.hub, ref.slug).queryKey, (old) =>
    old && old.kind === 'lesson' ? { ...old, lesson: { ...old.lesson, completed } } : old,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getHubLessonsQueryOptions(ref.hub).queryKey }),
    queryClient.invalidateQueries({ queryKey: getProgressQueryOptions().queryKey }),
  ]).then(() => undefined);
}

export function useMarkCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markCompletedMutationKey,
    mutationFn: markCompleted,
    onSuccess: (_data, ref) => applyProgress(queryClient, ref, true),
  });
}
