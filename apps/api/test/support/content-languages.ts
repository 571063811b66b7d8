import { existsSync } from 'node:fs';
import { CONTENT_LANGUAGES } from '@polski/contracts';
import { workspacePath } from '../../src/lib/paths';

/**
 * A content language with no translation of the content file `id` (no content/i18n/<lang>/<id>.yaml), for tests of
 * the English fallback. Languages gain translations over time (docs/content.md, "Translations"), so a test must not
 * name one; every language now has the free lessons, so such tests use a file few languages have (a premium
 * history lesson: UNTRANSLATED_LESSON) or a copy of the content without one language. Its DeepL target code is the
 * code itself (no regional variant).
 */
export function languageWithoutTranslation(id: string): (typeof CONTENT_LANGUAGES)[number] {
  const lang = CONTENT_LANGUAGES.find(
    (l) => !['pt', 'zh'].includes(l) && !existsSync(workspacePath('content', 'i18n', l, `${id}.yaml`)),
  );
  if (!lang) throw new Error(`every content language translates ${id}: these tests need another file`);
  return lang;
}

/** A premium lesson few languages translate (five in November 2026), with its first sentence. */
export const UNTRANSLATED_LESSON = {
  id: 'lessons/history-of-poland/chrzest-polski',
  firstSentence:
    'W dziesiątym wieku na ziemiach dzisiejszej Polski mieszkały plemiona słowiańskie, które czciły wielu bogów.',
} as const;
