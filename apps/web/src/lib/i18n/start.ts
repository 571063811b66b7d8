import { session } from '../session';
import { applyLanguage, browserLanguages, chosenLanguage, pickLanguage } from './i18n';
import { isLanguage } from './languages';

/**
 * App start (docs/product.md, "Interface language"): the language to show is picked and its catalogue loaded
 * before the first render (English needs nothing more). From then on the interface follows the signed-in learner's
 * native language: a login, the settings page's 'Change Language', another tab.
 */
export function startI18n(): Promise<void> {
  session.subscribe(() => {
    const lang = session.get()?.lang;
    if (isLanguage(lang) && lang !== chosenLanguage()) void applyLanguage(lang);
  });
  return applyLanguage(pickLanguage(session.get()?.lang, browserLanguages()));
}
