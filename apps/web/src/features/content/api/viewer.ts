import { readerLanguageKey } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * Who is asking, for query keys: hub listings carry `completed` and lessons are gated, so one visitor's answer
 * must never be shown to another (login, logout, premium granted by the role refresh). Not the token itself.
 * With the language the API answers in (readerLanguageKey): a lesson is in the reader's language.
 */
export function viewerKey(): string {
  const user = session.get();
  return `${user ? `${user.username}:${[...user.roles].sort().join(',')}` : 'anonymous'}|${readerLanguageKey()}`;
}
