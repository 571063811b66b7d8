/** The languages' tables, without zod: importing them does not load the schemas (languages.ts). */
/**
 * Native languages a learner can choose, in the product's order (docs/product.md, "Native languages"). Default
 * `en`.
 */
export const NATIVE_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'ar', name: 'Arabic' },
  { code: 'bg', name: 'Bulgarian' },
  { code: 'cs', name: 'Czech' },
  { code: 'da', name: 'Danish' },
  { code: 'de', name: 'German' },
  { code: 'el', name: 'Greek' },
  { code: 'et', name: 'Estonian' },
  { code: 'fi', name: 'Finnish' },
  { code: 'fr', name: 'French' },
  { code: 'hu', name: 'Hungarian' },
  { code: 'id', name: 'Indonesian' },
  { code: 'it', name: 'Italian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'lt', name: 'Lithuanian' },
  { code: 'lv', name: 'Latvian' },
  { code: 'nb', name: 'Norwegian (Bokmål)' },
  { code: 'nl', name: 'Dutch' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ro', name: 'Romanian' },
  { code: 'ru', name: 'Russian' },
  { code: 'sk', name: 'Slovak' },
  { code: 'sl', name: 'Slovenian' },
  { code: 'sv', name: 'Swedish' },
  { code: 'tr', name: 'Turkish' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'zh', name: 'Chinese' },
] as const;

export type TNativeLanguageCode = (typeof NATIVE_LANGUAGES)[number]['code'];

export const NATIVE_LANGUAGE_CODES = NATIVE_LANGUAGES.map((l) => l.code) as [
  TNativeLanguageCode,
  ...TNativeLanguageCode[],
];

export const DEFAULT_NATIVE_LANGUAGE: TNativeLanguageCode = 'en';

/** The language on the other side of every translation. */
export const POLISH = 'pl' as const;

export function languageName(code: string): string {
  if (code === POLISH) return 'Polish';
  return NATIVE_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}
