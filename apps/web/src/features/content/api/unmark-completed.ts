import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ZLessonProgressResponseSchema, type TLessonProgressResponse } from '@polski/contracts';
import { apiRequest } from '../../../lib/api-client';
import { applyProgress, type TLessonRef } from './mark-completed';

/** DELETE /api/content/progress: undo "completed". */
export async function unmarkCompleted(ref: TLessonRef): Promise<TLessonProgressResponse> {
  return ZLessonProgressResponseSchema.parse(
    await apiRequest<unknown>(API_ROUTES.content.progress, { method: 'DELETE', body: { hub: ref.hub, slug: ref.slug } }),
  );
}

export function useUnmarkCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmarkCompleted,
    onSuccess: (_data, ref) => applyProgress(queryClient, ref, false),
  });
}
