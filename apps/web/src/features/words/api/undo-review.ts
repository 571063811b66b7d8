import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewItem } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { getSavedWordsQueryOptions } from './get-saved-words';
import { undoReviewMutationKey } from './mutation-keys';

/** POST /api/learning/reviews/undo: the learner's last answer taken back; answers the card to show again. */
export async function undoReview(): Promise<{ item: TReviewItem }> {
  const [body, { ZReviewUndoResponseSchema }] = await Promise.all([
    callApi('learning.undo', {}, { silentStatuses: [404] }),
    import('./schemas'),
  ]);
  return ZReviewUndoResponseSchema.parse(body);
}

export function useUndoReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: undoReviewMutationKey,
    mutationFn: undoReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedWordsQueryOptions().queryKey }),
  });
}
