import { existsSync } from 'node:fs';
import { CONTENT_LANGUAGES } from '@polski/contracts';
import { workspacePath } from '../../src/lib/paths';

/**
 * A content language nobody has translated anything into yet (no content/i18n/<lang>/ folder), for tests of the
 * English fallback. Languages gain content over time (docs/content.md, "Translations"), so a test must not name one.
 * Its DeepL target code is the code itself (no regional variant).
 */
export function languageWithoutContent(): (typeof CONTENT_LANGUAGES)[number] {
  const lang = CONTENT_LANGUAGES.find(
    (l) => !['pt', 'zh'].includes(l) && !existsSync(workspacePath('content', 'i18n', l)),
  );
  if (!lang) throw new Error('every content language has translations: these tests need a fixture language');
  return lang;
}
