import type { TNativeLanguageCode } from '@polski/contracts';
import { callApi } from '../api-client';
import { session } from '../session';
import { toast } from '../toast';
import { applyLanguage, browserLanguages, chosenLanguage, pickLanguage, storeLanguage, t } from './i18n';
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

/**
 * The language menu's choice: kept on this device for visitors (and after a logout), shown at once; for a signed-in
 * learner it is also their native language, saved through PUT account/changelanguage as the settings page does
 * ('Error changing language' when the server refuses; the interface stays in the new language on this device).
 */
export async function chooseLanguage(lang: TNativeLanguageCode): Promise<void> {
  storeLanguage(lang);
  const shown = applyLanguage(lang);
  const user = session.get();
  if (user && user.lang !== lang) {
    try {
      await callApi(
        'account.changeLanguage',
        { body: { newLanguage: lang } },
        { silentStatuses: [0, 400, 401, 403, 404, 429, 500, 502, 503] },
      );
      const now = session.get();
      if (now && now.token === user.token) session.set({ ...now, lang });
    } catch (err) {
      console.error('Saving the native language failed', err);
      await shown;
      toast.error(t('shell.language.saveFailed'));
    }
  }
  await shown;
}
