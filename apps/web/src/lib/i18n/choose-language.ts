import type { TNativeLanguageCode } from '@polski/contracts';
import { callApi } from '../api-client';
import { session } from '../session';
import { toast } from '../toast';
import { applyLanguage, ensureCatalogue, LANGUAGE_STORAGE_KEY, t } from './i18n';

/**
 * The language menu's choice: kept on this device for visitors (and after a logout), shown at once; for a signed-in
 * learner it is also their native language, saved through PUT account/changelanguage as the settings page does
 * ('Error changing language' when the server refuses; the interface stays in the new language on this device).
 */
export async function chooseLanguage(lang: TNativeLanguageCode): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage disabled by the browser: the choice lasts for this page only
  }
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
      await ensureCatalogue();
      toast.error(t('language.saveFailed'));
    }
  }
  await shown;
}
