import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedWord, TSaveWordRequest } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { applyStatuses } from './apply-status';
import { getSavedWordsQueryOptions } from './get-saved-words';

/**
 * POST /api/learning/words: save the word at a place of a lesson (the server reads word, lemma and sentence
 * there). A 403 (premium lesson, no premium) is reported by the caller, not as a toast.
 */
export async function saveWord(at: TSaveWordRequest): Promise<TSavedWord> {
  const [body, { ZSavedWordSchema }] = await Promise.all([
    callApi('learning.saveWord', { body: at }, { silentStatuses: [403] }),
    import('./schemas'),
  ]);
  return ZSavedWordSchema.parse(body);
}

/** The word joins the saved list and its lemma, if it was new, becomes learning 1 wherever it is shown. */
export function useSaveWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWord,
    onSuccess: (word) => {
      const key = getSavedWordsQueryOptions().queryKey;
      queryClient.setQueryData<TSavedWord[]>(key, (old) =>
        old && !old.some((w) => w.id === word.id) ? [word, ...old] : old,
      );
      applyStatuses(queryClient, [{ lemma: word.lemma, value: word.status }], { onlyIfNew: true });
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
