import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CONTENT_LANGUAGES } from '@polski/contracts';
import { workspacePath } from '../../src/lib/paths';

/**
 * A view of the repository's content in which one language has no translation of one content file, for tests of
 * what happens without a reviewed translation (the English fallback, the translator asking its provider). Every
 * language translates every file of the catalogue (docs/content.md, "Translations"), so no language of the
 * repository itself can play that part. The view is a temporary directory of symbolic links to the real content
 * (nothing is copied or changed) with the one file left out; `remove()` deletes the links. Czech is used because
 * its DeepL target code is the code itself (no regional variant, unlike pt and zh).
 */
export function contentWithoutTranslation<L extends (typeof CONTENT_LANGUAGES)[number] = 'cs'>(
  id: string,
  lang: L = 'cs' as L,
): { dir: string; lang: L; remove: () => void } {
  const real = workspacePath('content');
  const dir = mkdtempSync(join(tmpdir(), 'content-without-'));
  for (const entry of readdirSync(real))
    if (entry !== 'i18n') symlinkSync(join(real, entry), join(dir, entry));
  mkdirSync(join(dir, 'i18n'));
  for (const entry of readdirSync(join(real, 'i18n')))
    if (entry !== lang) symlinkSync(join(real, 'i18n', entry), join(dir, 'i18n', entry));
  // the language itself: every file linked but the one left out
  const left = join(real, 'i18n', lang, `${id}.yaml`);
  const link = (from: string, to: string) => {
    for (const entry of readdirSync(from)) {
      const source = join(from, entry);
      if (source === left) continue;
      const target = join(to, entry);
      if (statSync(source).isDirectory()) {
        mkdirSync(target, { recursive: true });
        link(source, target);
      } else {
        mkdirSync(dirname(target), { recursive: true });
        symlinkSync(source, target);
      }
    }
  };
  mkdirSync(join(dir, 'i18n', lang));
  link(join(real, 'i18n', lang), join(dir, 'i18n', lang));
  return { dir, lang, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A premium lesson, with its first sentence, for the tests above. */
export const UNTRANSLATED_LESSON = {
  id: 'lessons/history-of-poland/chrzest-polski',
  firstSentence:
    'W dziesiątym wieku na ziemiach dzisiejszej Polski mieszkały plemiona słowiańskie, które czciły wielu bogów.',
} as const;
