import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLessonProgressResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { applyProgress, type TLessonRef } from './mark-completed';
import { unmarkCompletedMutationKey } from './mutation-keys';

/** DELETE /api/content/progress: undo "completed". */
export async function unmarkCompleted(ref: TLessonRef): Promise<TLessonProgressResponse> {
  const [answer, { ZLessonProgressResponseSchema }] = await Promise.all([
    callApi('content.unmarkCompleted', { body: { hub: ref.hub, slug: ref.slug } }),
    import('./hub-schemas'),
  ]);
  return ZLessonProgressResponseSchema.parse(answer);
}

export function useUnmarkCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: unmarkCompletedMutationKey,
    mutationFn: unmarkCompleted,
    onSuccess: (_data, ref) => applyProgress(queryClient, ref, false),
  });
}
