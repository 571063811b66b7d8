import { defineContract, error, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ROUTES } from './routes';
import { ZTranslationRequestSchema, ZTranslationResponseSchema } from './translation';

const translate = (provider: string) => ({
  summary: `Translate between Polish and a native language (${provider})`,
  description:
    'One side is always pl. Without the provider\'s key the offline dictionary answers (provider "dictionary"). ' +
    'A 400 on sourceLanguage/targetLanguage means the provider does not translate that language.',
  auth: 'premium' as const,
  body: ZTranslationRequestSchema,
  responses: {
    200: json(ZTranslationResponseSchema),
    400: validation(),
    429: error('Too many translations in the window; try again after Retry-After seconds', E.rateLimited),
    502: error('The provider failed', E.translationFailed),
    503: error(
      'The provider timed out, or its quota is exhausted (Retry-After)',
      E.translationTimeout,
      E.translationQuota,
    ),
  },
});

/** The translator: a premium benefit, two providers behind one interface. */
export const translationContract = defineContract(ROUTES.translation, {
  google: translate('Google Cloud Translation'),
  deepl: translate('DeepL'),
});
