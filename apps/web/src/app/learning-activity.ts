import { matchMutation, type MutationKey, type QueryClient } from '@tanstack/react-query';
import { markCompletedMutationKey, unmarkCompletedMutationKey } from '../features/content/api/mutation-keys';
import { progressQueryKeys } from '../features/progress/api/keys';
import {
  answerReviewMutationKey,
  importKnownMutationKey,
  markKnownMutationKey,
  setWordStatusMutationKey,
  undoReviewMutationKey,
} from '../features/words/api/mutation-keys';

/**
 * The mutations after which the learner's streak, goal and per-path progress change (docs/product.md, "Streak
 * and goal in the header"): features name their mutations with a key, and app/ says which ones count, so no
 * feature imports another: a completed lesson, a review answered or undone, words marked known.
 */
export const PROGRESS_CHANGING_MUTATIONS: readonly MutationKey[] = [
  markCompletedMutationKey,
  unmarkCompletedMutationKey,
  answerReviewMutationKey,
  undoReviewMutationKey,
  markKnownMutationKey,
  setWordStatusMutationKey,
  importKnownMutationKey,
];

/** Invalidates the progress queries after each successful mutation of the list; returns the unsubscribe. */
export function refreshProgressAfterActivity(
  queryClient: QueryClient,
  mutations: readonly MutationKey[] = PROGRESS_CHANGING_MUTATIONS,
): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { mutation } = event;
    if (mutations.some((mutationKey) => matchMutation({ mutationKey }, mutation)))
      void queryClient.invalidateQueries({ queryKey: progressQueryKeys.all });
  });
}
