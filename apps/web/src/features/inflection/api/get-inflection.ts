import { useQuery } from '@tanstack/react-query';
import { ZInflectionResponseSchema, type TInflectionPos, type TInflectionResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/words/inflection?lemma=..&pos=.. (public, cached by the browser with its ETag): a lemma's declension or
 * conjugation. A 404 (no such lemma) and a 429 (rate_limited) are said where the table would be, not as a toast.
 */
export async function getInflection(
  lemma: string,
  pos: TInflectionPos,
  options: { signal?: AbortSignal } = {},
): Promise<TInflectionResponse> {
  const answer = await callApi(
    'wordChecker.inflection',
    { query: { lemma, pos } },
    { ...options, silentStatuses: [404, 429] },
  );
  return ZInflectionResponseSchema.parse(answer);
}

export function useInflection(lemma: string, pos: TInflectionPos) {
  return useQuery({
    queryKey: ['inflection', lemma, pos],
    queryFn: ({ signal }) => getInflection(lemma, pos, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
