import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TImportKnownResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { LEARNING_KEY } from './keys';
import { importKnownMutationKey } from './mutation-keys';

/** POST /api/learning/import: a known-words list, one lemma per line. A 400 (too long) is the form's to list. */
export async function importKnown(text: string): Promise<TImportKnownResponse> {
  const [body, { ZImportKnownResponseSchema }] = await Promise.all([
    callApi('learning.importKnown', { body: { text } }, { silentStatuses: [400] }),
    import('./schemas'),
  ]);
  return ZImportKnownResponseSchema.parse(body);
}

/** Statuses changed for any number of lemmas: every learning query is asked for again. */
export function useImportKnown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: importKnownMutationKey,
    mutationFn: importKnown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LEARNING_KEY] }),
  });
}
