import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type TLessonProgressResponse } from '@polski/contracts';
import { apiRequest } from '../../../lib/api-client';
import { applyProgress, type TLessonRef } from './mark-completed';

/** DELETE /api/content/progress: undo "completed". */
export async function unmarkCompleted(ref: TLessonRef): Promise<TLessonProgressResponse> {
  const [answer, { ZLessonProgressResponseSchema }] = await Promise.all([
    apiRequest<unknown>(API_ROUTES.content.progress, { method: 'DELETE', body: { hub: ref.hub, slug: ref.slug } }),
    import('./hub-schemas'),
  ]);
  return ZLessonProgressResponseSchema.parse(answer);
}

export function useUnmarkCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmarkCompleted,
    onSuccess: (_data, ref) => applyProgress(queryClient, ref, false),
  });
}
