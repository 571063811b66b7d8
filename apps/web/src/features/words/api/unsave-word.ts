import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSavedWord } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { getSavedWordsQueryOptions } from './get-saved-words';

/** DELETE /api/learning/words/:id: unsave a word (its review card goes with it; its status stays). */
export async function unsaveWord(id: string): Promise<{ lemma: string }> {
  return callApi('learning.unsaveWord', { params: { id } });
}

export function useUnsaveWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsaveWord,
    onSuccess: (_answer, id) => {
      const key = getSavedWordsQueryOptions().queryKey;
      queryClient.setQueryData<TSavedWord[]>(key, (old) => old?.filter((w) => w.id !== id));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
