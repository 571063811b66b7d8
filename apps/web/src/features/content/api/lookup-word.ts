import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDictionaryLookupResponse, TNativeLanguageCode } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/dictionary/lookup?word=..&lang=.. (public): the offline dictionary's entries for a word of a lesson, in
 * the learner's language. A 429 (rate_limited) is said in the popover, not as a toast.
 */
export async function lookupWord(
  word: string,
  lang: TNativeLanguageCode,
  options: { signal?: AbortSignal } = {},
): Promise<TDictionaryLookupResponse> {
  const [answer, { ZDictionaryLookupResponseSchema }] = await Promise.all([
    callApi('wordChecker.lookup', { query: { word, lang } }, { ...options, silentStatuses: [429] }),
    import('./hub-schemas'),
  ]);
  return ZDictionaryLookupResponseSchema.parse(answer);
}

export function getWordLookupQueryOptions(word: string, lang: TNativeLanguageCode) {
  return queryOptions({
    queryKey: ['dictionary', 'lookup', word, lang],
    queryFn: ({ signal }) => lookupWord(word, lang, { signal }),
    staleTime: Infinity,
  });
}

export function useWordLookup(word: string, lang: TNativeLanguageCode, { enabled = true } = {}) {
  return useQuery({ ...getWordLookupQueryOptions(word, lang), enabled });
}
