import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSavedWord } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { LEARNING_KEY, learnerKey } from './keys';

/** GET /api/learning/words: the learner's saved words, newest first, with status and next due date. */
export async function getSavedWords(options: { signal?: AbortSignal } = {}): Promise<TSavedWord[]> {
  const [body, { ZSavedWordListResponseSchema }] = await Promise.all([
    callApi('learning.savedWords', {}, options),
    import('./schemas'),
  ]);
  return ZSavedWordListResponseSchema.parse(body);
}

export function getSavedWordsQueryOptions() {
  return queryOptions({
    queryKey: [LEARNING_KEY, 'words', learnerKey()],
    queryFn: ({ signal }) => getSavedWords({ signal }),
  });
}

/** Only for a signed-in learner (`enabled` can hold it back further, e.g. until a popover needs it). */
export function useSavedWords({ enabled = true }: { enabled?: boolean } = {}) {
  const user = useUser();
  return useQuery({ ...getSavedWordsQueryOptions(), enabled: enabled && user !== null });
}
