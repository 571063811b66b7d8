import { useSyncExternalStore } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import type { TNativeLanguageCode } from '@polski/contracts';
// the English texts of the app shell, compiled at build time (tools/i18n/catalogue-plugin.mjs): the first paint in
// English needs nothing else; every other catalogue is a chunk of its own
import shellEnglish from 'virtual:i18n/shell-en';
import { catalogueLanguages, loadCatalogue } from 'virtual:i18n/loaders';
import type english from '../../locales/en.json';
import { directionOf, isLanguage, languageOfTag } from './languages';

/** A key of the English source catalogue (apps/web/src/locales/en.json): unknown keys fail the type check. */
export type TMessageKey = keyof typeof english;
export type TMessageValues = Record<string, string | number>;
export type TTranslate = (key: TMessageKey, values?: TMessageValues) => string;

/** Where a visitor's choice from the language menu is kept (docs/product.md, "Interface language"). */
export const LANGUAGE_STORAGE_KEY = 'language';

export const i18n = setupI18n({ locale: 'en', messages: { en: shellEnglish as Messages } });

/** Languages whose whole catalogue is loaded (English starts with its shell part only). */
const complete = new Set<string>();
let chosen: TNativeLanguageCode = 'en';

/** The interface text of `key` in the active language (outside React: toasts, the api-client). */
export const t: TTranslate = (key, values) => i18n._(key, values);

/** The language the learner chose (also when the interface falls back to English for want of a catalogue). */
export function chosenLanguage(): TNativeLanguageCode {
  return chosen;
}

function localeFor(lang: string): string {
  return catalogueLanguages.includes(lang) ? lang : 'en';
}

/**
 * Loads the whole catalogue of the active language (pages beyond the shell call this before they render: the
 * router's lazy routes, the dialogs). Resolves at once when it is there; a failed load keeps English for the
 * missing texts.
 */
export function ensureCatalogue(locale: string = i18n.locale): Promise<void> {
  if (complete.has(locale) || !catalogueLanguages.includes(locale)) return Promise.resolve();
  // one download per language, however many ask at once (the session's change and the settings form's)
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadCatalogue(locale)
      .then(
        (messages) => {
          i18n.load(locale, messages);
          complete.add(locale);
        },
        (err: unknown) => console.error(err),
      )
      .finally(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}
const loading = new Map<string, Promise<void>>();

/**
 * Shows the interface in `lang`: its catalogue first, then the texts switch in one render; `<html lang dir>`
 * follow. A language without a catalogue shows English texts (docs/i18n.md, "Fallback").
 */
export async function applyLanguage(lang: TNativeLanguageCode): Promise<void> {
  chosen = lang;
  const locale = localeFor(lang);
  if (locale !== 'en') await ensureCatalogue(locale);
  if (chosen !== lang) return; // a later choice won
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
  refresh();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A visitor's own choice from the menu, if any. */
export function storedLanguage(): TNativeLanguageCode | null {
  const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/**
 * The language to show (docs/product.md, "Interface language"): a signed-in learner's native language; else the
 * visitor's choice from the menu; else the first of the browser's languages the product has; else English.
 */
export function pickLanguage(userLang: string | undefined, browser: readonly string[]): TNativeLanguageCode {
  if (isLanguage(userLang)) return userLang;
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of browser) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return 'en';
}

export function browserLanguages(): readonly string[] {
  const nav = window.navigator;
  return nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
}

// React: components read texts through useT() and render again when the language changes
type TTranslateIn = TTranslate & { readonly locale: string; readonly lang: TNativeLanguageCode };
const makeT = (): TTranslateIn =>
  Object.assign(((key, values) => i18n._(key, values)) as TTranslate, { locale: i18n.locale, lang: chosen });
let current = makeT();
const listeners = new Set<() => void>();
/** A new snapshot for the components: when texts arrived (`force`), or the locale or the choice changed. */
function refresh(force = false) {
  if (!force && current.locale === i18n.locale && current.lang === chosen) return;
  current = makeT();
  for (const l of listeners) l();
}
i18n.on('change', () => refresh(true));
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => current;

/**
 * The translate function of the active language, with its `locale` (for Intl) and the chosen `lang`; the
 * component renders again when either changes or texts arrive.
 */
export function useT(): TTranslateIn {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
