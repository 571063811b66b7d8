/**
 * The names of the words feature's mutations that change the learner's progress (reviews answered, words known), so
 * that app/ can refresh what depends on them (app/learning-activity.ts) without a feature importing another. A file
 * of its own: followers load no request code.
 */
export const answerReviewMutationKey = ['words', 'review', 'answer'] as const;
export const undoReviewMutationKey = ['words', 'review', 'undo'] as const;
export const markKnownMutationKey = ['words', 'status', 'mark-known'] as const;
export const setWordStatusMutationKey = ['words', 'status', 'set'] as const;
export const importKnownMutationKey = ['words', 'status', 'import'] as const;
