import { TRANSLATION_MAX_LENGTH } from './constants';

/** Texts of the translator's and the word checker's answers, shared by the API and the web app. */
export const TRANSLATION_MESSAGES = {
  emptyInput: 'Please enter text to translate',
  tooLong: `The text to translate must be at most ${TRANSLATION_MAX_LENGTH} characters`,
  bothPolish: 'Choose a language other than Polish on one side',
  noPolish: 'One side of the translation must be Polish',
  premiumRequired: 'The translator is a Premium feature',
  timeout: 'The translation service did not answer in time. Please try again.',
  quota: 'The translation service has reached its usage limit for now. Please try again later.',
  providerFailed: 'The translation service could not translate this text. Please try again later.',
  tooManyRequests: 'You have translated a lot in a short time. Please wait a few minutes and try again.',
  emptyWord: 'Please enter a Polish word or phrase',
  wordTooLong: 'Please enter at most 200 characters',
} as const;

export const TRANSLATION_PROVIDERS = ['google', 'deepl', 'dictionary'] as const;
export type TTranslationProviderName = (typeof TRANSLATION_PROVIDERS)[number];

/**
 * Dictionary mode: a translate route whose provider has no key answers from the offline dictionary, the data the
 * public word checker shows, one line per word. It says so (docs/product.md, "Translator bar"): `provider` is
 * 'dictionary' and `note` is this note; the translator bar shows the label and the explanation.
 */
export const DICTIONARY_MODE = {
  label: 'Dictionary mode',
  explanation:
    'Word by word from an offline dictionary: the meanings of each word, not a translation of the whole text.',
  note: 'Dictionary mode: word by word from an offline dictionary (the meanings of each word), not a translation of the whole text.',
} as const;

// ---- word checker (POST /api/word-checker/check, public) ----------------------------------------------------
export const WORD_CHECK_MAX_LENGTH = 200;
