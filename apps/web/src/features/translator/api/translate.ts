import { useMutation } from '@tanstack/react-query';
import type { TTranslationRequest, TTranslationResponse } from '@polski/contracts';
import { callApi, hasErrorCode } from '../../../lib/api-client';

/** The two providers' routes: DeepL's and Google's. */
export type TTranslatorRoute = 'deepl' | 'google';

/**
 * Answers the translator shows itself (the premium modal for 403, the message for 429 and for a provider in
 * trouble), so the central toast stays quiet for them. Validation answers (400) never toast.
 */
export const TRANSLATOR_SILENT_STATUSES = [403, 429, 502, 503] as const;

/** POST /api/Translator/translate (DeepL) or POST /api/Translation/translate (Google). */
export async function postTranslation(
  route: TTranslatorRoute,
  body: TTranslationRequest,
  options: { signal?: AbortSignal } = {},
): Promise<TTranslationResponse> {
  // the schemas (and zod) load with the first translation, alongside its request: not with every learning page
  const [answer, { ZTranslationResponseSchema }] = await Promise.all([
    callApi(
      route === 'deepl' ? 'translation.deepl' : 'translation.google',
      { body },
      {
        ...options,
        silentStatuses: TRANSLATOR_SILENT_STATUSES,
      },
    ),
    import('./translate-schemas'),
  ]);
  return ZTranslationResponseSchema.parse(answer);
}

/** A 400 about a language field: the provider does not translate that language (the pair itself is valid here). */
export async function isUnsupportedLanguage(err: unknown): Promise<boolean> {
  if (!hasErrorCode(err, 'validation_failed')) return false;
  const { ZValidationErrorResponseSchema } = await import('./translate-schemas');
  const body = ZValidationErrorResponseSchema.safeParse(err.body);
  return (
    body.success &&
    Object.keys(body.data.errors).some((f) => f === 'sourceLanguage' || f === 'targetLanguage')
  );
}

/** DeepL first; Google when DeepL answers that it does not translate one of the two languages. */
export async function translate(body: TTranslationRequest, options: { signal?: AbortSignal } = {}) {
  try {
    return await postTranslation('deepl', body, options);
  } catch (err) {
    if (await isUnsupportedLanguage(err)) return postTranslation('google', body, options);
    throw err;
  }
}

export function useTranslate() {
  return useMutation({ mutationFn: (body: TTranslationRequest) => translate(body) });
}
