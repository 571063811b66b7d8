import { storedLanguage } from './i18n/i18n';
import { session } from './session';

/**
 * The language content answers are in (docs/api.md, "Language of the content"), for query keys: a signed-in
 * learner's native language, a visitor's choice from the language menu (sent as Accept-Language: api-client.ts),
 * else '' (the browser's own Accept-Language, which does not change while the app runs). A new language is a new
 * answer, fetched again.
 */
export function readerLanguageKey(): string {
  return session.get()?.lang ?? storedLanguage() ?? '';
}
