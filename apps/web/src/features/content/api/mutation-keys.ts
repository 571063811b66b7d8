/**
 * The names of the content feature's mutations, so that what depends on a lesson being completed can follow them
 * (app/ composes that: app/learning-activity.ts). A file of its own: followers load no request code.
 */
export const markCompletedMutationKey = ['content', 'progress', 'mark'] as const;
export const unmarkCompletedMutationKey = ['content', 'progress', 'unmark'] as const;
