import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZWordCheckResponseSchema,
  type TNativeLanguageCode,
  type TWordCheckResponse,
} from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/word-checker/check (public). A 429 (rate_limited) is shown by the page with the API's message, not as a toast. */
export async function checkWords(
  text: string,
  lang: TNativeLanguageCode,
  options: { signal?: AbortSignal } = {},
): Promise<TWordCheckResponse> {
  const answer = await callApi(
    'wordChecker.check',
    { body: { text, lang } },
    { ...options, silentStatuses: [429] },
  );
  return ZWordCheckResponseSchema.parse(answer);
}

export function getWordCheckQueryOptions(text: string, lang: TNativeLanguageCode) {
  return queryOptions({
    queryKey: ['word-checker', 'check', text, lang],
    queryFn: ({ signal }) => checkWords(text, lang, { signal }),
    // the dictionary does not change while the page is open
    staleTime: Infinity,
  });
}

/** Checks `text` once it is set; an empty text asks nothing. */
export function useWordCheck(text: string, lang: TNativeLanguageCode) {
  return useQuery({ ...getWordCheckQueryOptions(text, lang), enabled: text.length > 0 });
}
