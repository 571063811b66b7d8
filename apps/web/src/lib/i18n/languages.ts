import type { TNativeLanguageCode } from '@polski/contracts';

/**
 * The 29 interface languages, the product's native languages in its order (docs/product.md, "Native languages";
 * languages.spec.ts checks both agree): this short list is in the first download, the contracts' table is not.
 */
export const LANGUAGE_CODES =
  'en es ar bg cs da de el et fi fr hu id it ja ko lt lv nb nl pt ro ru sk sl sv tr uk zh'.split(
    ' ',
  ) as TNativeLanguageCode[];

/** Written right to left: the page's `dir` follows (docs/product.md, "Interface language"). */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isLanguage(code: unknown): code is TNativeLanguageCode {
  return typeof code === 'string' && (LANGUAGE_CODES as string[]).includes(code);
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
