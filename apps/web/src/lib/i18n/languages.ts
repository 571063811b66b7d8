import type { TNativeLanguageCode } from '@polski/contracts';

/**
 * The interface languages: the 29 native languages of the product, each named in itself (docs/product.md,
 * "Interface language"). Order as in the menu: the product's order of NATIVE_LANGUAGES (languages.spec.ts checks
 * both agree; this table alone is in the first download, not the contracts' one).
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

/** Written right to left: the page's `dir` follows (docs/product.md, "Interface language"). */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export const LANGUAGE_CODES = Object.keys(ENDONYMS) as TNativeLanguageCode[];

export function isLanguage(code: unknown): code is TNativeLanguageCode {
  return typeof code === 'string' && Object.hasOwn(ENDONYMS, code);
}

export function directionOf(code: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}

/**
 * The product's language for a BCP 47 tag of the browser ('uk-UA' -> 'uk', 'zh-Hant-TW' -> 'zh'; Norwegian 'no'
 * and 'nn' -> 'nb'), or null.
 */
export function languageOfTag(tag: string): TNativeLanguageCode | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'no' || primary === 'nn') return 'nb';
  return isLanguage(primary) ? primary : null;
}
