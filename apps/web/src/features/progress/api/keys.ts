import { session } from '../../../lib/session';

/**
 * The query keys of the learner's progress. `all` is what other parts of the app invalidate after the learner did
 * something that counts (a lesson completed, a review answered): app/ composes that, no feature imports another.
 * Keyed by the signed-in username too, so one learner's progress is never shown to the next on the same browser.
 */
export const progressQueryKeys = {
  all: ['learning', 'progress'] as const,
  summary: () => [...progressQueryKeys.all, 'summary', learnerKey()] as const,
  history: () => [...progressQueryKeys.all, 'history', learnerKey()] as const,
  settings: () => [...progressQueryKeys.all, 'settings', learnerKey()] as const,
};

function learnerKey(): string {
  return session.get()?.username ?? 'anonymous';
}
