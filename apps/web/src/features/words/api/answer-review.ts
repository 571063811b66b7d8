import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewAnswerRequest, TReviewAnswerResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { getSavedWordsQueryOptions } from './get-saved-words';
import { answerReviewMutationKey } from './mutation-keys';

/**
 * POST /api/learning/reviews/answers: grade a card (a typed answer is scored by the server). A 409 (answered
 * meanwhile, in another tab) is the caller's to say.
 */
export async function answerReview(req: TReviewAnswerRequest): Promise<TReviewAnswerResponse> {
  const [body, { ZReviewAnswerResponseSchema }] = await Promise.all([
    callApi('learning.answer', { body: req }, { silentStatuses: [409] }),
    import('./schemas'),
  ]);
  return ZReviewAnswerResponseSchema.parse(body);
}

/** The saved words' next due dates change: the list is asked for again when next shown. */
export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: answerReviewMutationKey,
    mutationFn: answerReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedWordsQueryOptions().queryKey }),
  });
}
