import { z } from 'zod';
import { TRANSLATION_MAX_LENGTH } from './constants';
import { ZErrorEnvelopeSchema, ZValidationErrorResponseSchema } from './errors';
import { POLISH, ZNativeLanguageSchema, ZTranslationLanguageSchema } from './languages';
import { TRANSLATION_MESSAGES, TRANSLATION_PROVIDERS, WORD_CHECK_MAX_LENGTH } from './translation-data';

export * from './translation-data';

// ---- translate (POST /api/Translation/translate: Google; POST /api/Translator/translate: DeepL) -------------------
export const ZTranslationRequestSchema = z
  .object({
    inputText: z
      .string({ error: TRANSLATION_MESSAGES.emptyInput })
      .trim()
      .min(1, TRANSLATION_MESSAGES.emptyInput)
      .max(TRANSLATION_MAX_LENGTH, TRANSLATION_MESSAGES.tooLong),
    sourceLanguage: ZTranslationLanguageSchema,
    targetLanguage: ZTranslationLanguageSchema,
  })
  .superRefine((v, ctx) => {
    // one side is always Polish, the other one of the 29 native languages (docs/product.md, "Translation on the
    // server")
    if (v.sourceLanguage === POLISH && v.targetLanguage === POLISH) {
      ctx.addIssue({ code: 'custom', path: ['targetLanguage'], message: TRANSLATION_MESSAGES.bothPolish });
    } else if (v.sourceLanguage !== POLISH && v.targetLanguage !== POLISH) {
      ctx.addIssue({ code: 'custom', path: ['targetLanguage'], message: TRANSLATION_MESSAGES.noPolish });
    }
  });
export type TTranslationRequest = z.infer<typeof ZTranslationRequestSchema>;

export const ZTranslationResponseSchema = z.object({
  translation: z.string(),
  /** Which provider answered: the cloud provider of the route, or the offline dictionary when none is configured. */
  provider: z.enum(TRANSLATION_PROVIDERS),
  /** Set for the offline dictionary: it lists dictionary entries, it does not translate sentences. */
  note: z.string().optional(),
  /**
   * Where the translation comes from (always sent by the API): `lessons` when the text is a sentence of our lessons
   * and the answer is our reviewed translation of it (docs/translation.md, "Translation memory"), else `provider`.
   */
  source: z.enum(['lessons', 'provider']).optional(),
});
export type TTranslationResponse = z.infer<typeof ZTranslationResponseSchema>;

/** Error answers of the translate routes, per status. */
export const ZTranslationErrorResponses = {
  400: ZValidationErrorResponseSchema,
  401: ZErrorEnvelopeSchema,
  /** code 'premium_required': the web app opens the premium modal. */
  403: ZErrorEnvelopeSchema,
  /** with a Retry-After header */
  429: ZErrorEnvelopeSchema,
  /** the provider failed */
  502: ZErrorEnvelopeSchema,
  /** the provider timed out or its quota is exhausted */
  503: ZErrorEnvelopeSchema,
} as const;

export const ZWordCheckRequestSchema = z.object({
  text: z
    .string({ error: TRANSLATION_MESSAGES.emptyWord })
    .trim()
    .min(1, TRANSLATION_MESSAGES.emptyWord)
    .max(WORD_CHECK_MAX_LENGTH, TRANSLATION_MESSAGES.wordTooLong),
  /** Language of the meanings; default: the signed-in user's native language, else en. */
  lang: ZNativeLanguageSchema.optional(),
});
export type TWordCheckRequest = z.infer<typeof ZWordCheckRequestSchema>;

export const ZDictionaryMeaningSchema = z.object({ pos: z.string(), senses: z.array(z.string()) });
export type TDictionaryMeaning = z.infer<typeof ZDictionaryMeaningSchema>;

export const ZWordCheckResultSchema = z.object({
  word: z.string(),
  correct: z.boolean(),
  /** Ranked, at most 5; empty for a correct word. */
  suggestions: z.array(z.string()),
  /** The dictionary form whose meanings are shown. */
  lemma: z.string().optional(),
  meanings: z.array(ZDictionaryMeaningSchema).optional(),
});
export type TWordCheckResult = z.infer<typeof ZWordCheckResultSchema>;

export const ZWordCheckResponseSchema = z.object({
  lang: ZNativeLanguageSchema,
  /** false when the offline dictionary has no data for this language (no meanings then). */
  dictionaryAvailable: z.boolean(),
  words: z.array(ZWordCheckResultSchema),
});
export type TWordCheckResponse = z.infer<typeof ZWordCheckResponseSchema>;

// ---- dictionary lookup (GET /api/dictionary/lookup?word=...&lang=en, public: the lesson word-tap popover) ------
export const ZDictionaryLookupQuerySchema = z.object({
  word: z
    .string({ error: TRANSLATION_MESSAGES.emptyWord })
    .trim()
    .min(1, TRANSLATION_MESSAGES.emptyWord)
    .max(100, 'Please enter at most 100 characters'),
  lang: ZNativeLanguageSchema.default('en'),
});
export type TDictionaryLookupQuery = z.infer<typeof ZDictionaryLookupQuerySchema>;

export const ZDictionaryEntrySchema = z.object({
  lemma: z.string(),
  pos: z.string(),
  senses: z.array(z.string()),
  /** IPA of the Polish headword, where the data has it. */
  ipa: z.string().optional(),
});
export type TDictionaryEntry = z.infer<typeof ZDictionaryEntrySchema>;

export const ZDictionaryLookupResponseSchema = z.object({
  word: z.string(),
  lang: ZNativeLanguageSchema,
  dictionaryAvailable: z.boolean(),
  /** Empty when the word is not in the dictionary. */
  entries: z.array(ZDictionaryEntrySchema),
});
export type TDictionaryLookupResponse = z.infer<typeof ZDictionaryLookupResponseSchema>;
