import { z } from 'zod';
import { NATIVE_LANGUAGE_CODES, POLISH } from './languages-data';

export * from './languages-data';

export const ZNativeLanguageSchema = z.enum(NATIVE_LANGUAGE_CODES, {
  error: 'Please choose a language from the list',
});

export const ZTranslationLanguageSchema = z.enum([POLISH, ...NATIVE_LANGUAGE_CODES], {
  error: 'Unsupported language',
});
export type TTranslationLanguage = z.infer<typeof ZTranslationLanguageSchema>;
