import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { applyStatuses } from './apply-status';
import { markKnownMutationKey } from './mutation-keys';

/**
 * MAX_BULK_LEMMAS of libs/contracts learning.ts, written out: importing it would bring that module's schemas (and
 * zod) into the lesson page's code (mark-known.spec.ts holds the two equal).
 */
export const MARK_KNOWN_BATCH = 500;

/**
 * POST /api/learning/statuses/known, in batches of at most MARK_KNOWN_BATCH: the lemmas that are still new become
 * known. Answers how many changed.
 */
export async function markKnown(lemmas: readonly string[]): Promise<{ marked: number }> {
  const { ZMarkKnownResponseSchema } = await import('./schemas');
  let marked = 0;
  for (let i = 0; i < lemmas.length; i += MARK_KNOWN_BATCH) {
    const body = await callApi('learning.markKnown', {
      body: { lemmas: lemmas.slice(i, i + MARK_KNOWN_BATCH) },
    });
    marked += ZMarkKnownResponseSchema.parse(body).marked;
  }
  return { marked };
}

export function useMarkKnown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markKnownMutationKey,
    mutationFn: markKnown,
    onSuccess: (_answer, lemmas) =>
      applyStatuses(
        queryClient,
        lemmas.map((lemma) => ({ lemma, value: { status: 'known' as const } })),
        { onlyIfNew: true },
      ),
  });
}
