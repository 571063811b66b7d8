import type { TNativeLanguageCode } from '@polski/contracts';
import { callApi } from '../api-client';
import { session } from '../session';
import { toast } from '../toast';
import { applyLanguage, ensureCatalogue, LANGUAGE_STORAGE_KEY, t } from './i18n';
import { isLanguage } from './languages';

function remember(lang: string | null): void {
  try {
    if (lang === null) window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage disabled by the browser: the choice lasts for this page only
  }
}

function remembered(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Counts the menu's choices, so that a failed save only takes back its own choice, not a later one. */
let choices = 0;

/**
 * The language menu's choice: kept on this device for visitors (and after a logout), shown at once; for a signed-in
 * learner it is also their native language, saved through PUT account/changelanguage as the settings page does.
 * When the server refuses (or cannot be reached), the interface goes back to the language still saved, so that it
 * never differs from the lessons' language, and says 'Error changing language' in it (docs/product.md, "Interface
 * language").
 */
export async function chooseLanguage(lang: TNativeLanguageCode): Promise<void> {
  const choice = ++choices;
  const before = remembered();
  remember(lang);
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
      const now = session.get();
      if (choice === choices && now && now.token === user.token && isLanguage(now.lang)) {
        remember(before);
        await applyLanguage(now.lang);
      }
      await ensureCatalogue();
      toast.error(t('language.saveFailed'));
    }
  }
  await shown;
}
