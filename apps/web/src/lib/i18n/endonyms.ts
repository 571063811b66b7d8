import type { TNativeLanguageCode } from '@polski/contracts';

/**
 * The interface languages: the 29 native languages of the product, each named in itself (docs/product.md,
 * "Interface language"), for the language menu.
 */
export const ENDONYMS: Readonly<Record<TNativeLanguageCode, string>> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
  bg: 'Български',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  et: 'Eesti',
  fi: 'Suomi',
  fr: 'Français',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  zh: '中文',
};
