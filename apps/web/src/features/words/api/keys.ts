import { session } from '../../../lib/session';

/**
 * Whose words a query holds: a login or logout changes the key, so one learner's words are never shown to another
 * (the username, not the token).
 */
export function learnerKey(): string {
  return session.get()?.username ?? 'anonymous';
}

/** Every learning query starts with this: a change of statuses or saved words invalidates by prefix. */
export const LEARNING_KEY = 'learning';
